/**
 * Cold start (docs/architecture.md §9), the time from spawning `node scripts/start.js` (what `npm
 * start` runs) to the first 200 from GET /api/index_banners:
 * - a fresh clone's first start (a `git clone` of this checkout's HEAD with its node_modules, as
 *   after `npm install`): it builds, seeds the demo into PGlite files and opens; a product picture
 *   must then answer 200 too (decisions/033: the pictures are drawn after opening), target ≤ 15 s;
 * - that clone restarted, everything built and the database there, median of 3, target ≤ 3 s;
 * - a built checkout with an empty database, median of 3, target ≤ 5 s, on PGlite files and memory:.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChild, stopChild } from './lib/children';
import { freePort, waitFor200 } from './lib/net';
import { type PartResult, target } from './lib/report';
import { ensureBuilt, READY_PATH, ROOT } from './lib/shop';
import { fmtS, median } from './lib/stats';

const RUNS = 3;
const TARGET_MS = 5000;
const FIRST_START_TARGET_MS = 15_000;
const RESTART_TARGET_MS = 3000;
const START_SCRIPT = 'scripts/start.js';

/** Spawns `npm start` in `cwd` and returns ms to the first 200 of banners, then the first 200 of `pictureOf(banners)`. */
async function startOnce(
  cwd: string,
  env: Record<string, string | undefined>,
): Promise<{ openMs: number; pictureMs: number; stop(): Promise<void> }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = startChild('npm start', process.execPath, [START_SCRIPT], {
    cwd,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
  });
  try {
    await waitFor200(`${base}${READY_PATH}`, child, 600_000, 10);
    const openMs = performance.now() - started;
    // A product's largest picture: drawn last of all on a first start, so it is the one to wait for.
    const listing = await (await fetch(`${base}/api/index_product?page=1&page_size=1`)).text();
    const named = /"(\/media\/[^"]+?)-\d+\.webp"/.exec(listing)?.[1];
    const picture = named && `${named}-800.webp`;
    if (!picture) throw new Error('no product picture in the first listing');
    const res = await fetch(`${base}${picture}`);
    if (res.status !== 200) throw new Error(`GET ${picture}: ${res.status}`);
    await res.arrayBuffer();
    return { openMs, pictureMs: performance.now() - started, stop: () => stopChild(child, 10_000) };
  } catch (err) {
    await stopChild(child, 10_000);
    throw err;
  }
}

/** A fresh clone of HEAD: its first start, then its restarts. */
async function freshClone(): Promise<{ first: { openMs: number; pictureMs: number }; restarts: number[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-clone-'));
  try {
    execFileSync('git', ['clone', '-q', ROOT, dir]);
    // The packages `npm install` would put there, hard-linked: installing is not the start.
    execFileSync('cp', ['-al', join(ROOT, 'node_modules'), join(dir, 'node_modules')]);
    const env = { DATABASE_URL: undefined, DATA_DIR: undefined, SEED: undefined, PREBUILT: undefined };
    const started = await startOnce(dir, env);
    const first = { openMs: started.openMs, pictureMs: started.pictureMs };
    console.log(
      `  fresh clone, first start: open ${fmtS(first.openMs)}, product picture ${fmtS(first.pictureMs)}`,
    );
    await started.stop();
    // The first start's drawing stops with it: the rest is drawn here, so the restarts build nothing.
    execFileSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', '--if-stale', 'media'], {
      cwd: dir,
    });
    const restarts: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const again = await startOnce(dir, env);
      await again.stop();
      restarts.push(again.openMs);
      console.log(`  fresh clone, restart ${i + 1}: ${fmtS(again.openMs)}`);
    }
    return { first, restarts };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One cold start in a new, empty DATA_DIR; ms from spawn to the first 200. */
async function coldStartOnce(env: Record<string, string | undefined>): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-cold-'));
  const port = await freePort();
  const started = performance.now();
  const child = startChild('npm start', process.execPath, [START_SCRIPT], {
    cwd: ROOT,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED: 'demo',
      LOG_LEVEL: 'warn',
    },
  });
  try {
    await waitFor200(`http://127.0.0.1:${port}${READY_PATH}`, child, 120_000, 10);
    return performance.now() - started;
  } finally {
    await stopChild(child, 10_000);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function series(label: string, env: Record<string, string | undefined>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    times.push(await coldStartOnce(env));
    console.log(`  ${label} run ${i + 1}: ${fmtS(times[times.length - 1] ?? 0)}`);
  }
  return times;
}

export async function runColdStart(): Promise<PartResult> {
  const buildNote = await ensureBuilt();
  const variants = [
    { label: 'PGlite files (DATA_DIR/db)', env: { DATABASE_URL: undefined } },
    { label: 'DATABASE_URL=memory:', env: { DATABASE_URL: 'memory:' } },
  ];
  const rows: string[][] = [];
  const targets = [];
  const clone = await freshClone();
  rows.push([
    'fresh clone, first `npm start` (builds, seeds PGlite files)',
    fmtS(clone.first.openMs),
    `a product's 800-wide picture answered at ${fmtS(clone.first.pictureMs)}`,
  ]);
  targets.push(
    target(
      `fresh clone's first start opens ≤ ${fmtS(FIRST_START_TARGET_MS)}`,
      clone.first.openMs <= FIRST_START_TARGET_MS,
      fmtS(clone.first.openMs),
    ),
  );
  const restart = median(clone.restarts);
  rows.push(['that clone restarted (PGlite files)', fmtS(restart), clone.restarts.map(fmtS).join(' / ')]);
  targets.push(
    target(`restart median ≤ ${fmtS(RESTART_TARGET_MS)}`, restart <= RESTART_TARGET_MS, fmtS(restart)),
  );
  for (const v of variants) {
    const times = await series(v.label, v.env);
    const mid = median(times);
    rows.push([v.label, fmtS(mid), times.map(fmtS).join(' / ')]);
    targets.push(target(`cold start, ${v.label}: median ≤ ${fmtS(TARGET_MS)}`, mid <= TARGET_MS, fmtS(mid)));
  }
  return {
    id: 'cold',
    title: 'Cold start: spawn `node scripts/start.js` (npm start) → first 200 from /api/index_banners',
    columns: ['start', 'median', 'runs'],
    rows,
    targets,
    notes: [
      ...(buildNote ? [buildNote] : []),
      'Fresh clone: `git clone` of HEAD (committed work only) with node_modules hard-linked from this checkout, its own ./data, LOG_LEVEL=warn, not pinned; the pictures the first start had not drawn are drawn before the restarts are timed.',
      'Built checkout (dist/web, dist/server, build/), new empty DATA_DIR each run, SEED=demo, LOG_LEVEL=warn, not pinned.',
    ],
  };
}
