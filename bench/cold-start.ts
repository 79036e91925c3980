/**
 * Cold start (docs/architecture.md §9): on a built checkout with an empty database, the time from spawning
 * `node scripts/start.js` (what `npm start` runs: it finds nothing to build, then serves the
 * compiled server in the same process) to the first 200 from GET /api/index_banners; median of 3,
 * target ≤ 5 s. Once on PGlite files, once on memory:.
 */
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
const START_SCRIPT = 'scripts/start.js';

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
  for (const v of variants) {
    const times = await series(v.label, v.env);
    const mid = median(times);
    rows.push([v.label, fmtS(mid), times.map(fmtS).join(' / ')]);
    targets.push(target(`cold start, ${v.label}: median ≤ ${fmtS(TARGET_MS)}`, mid <= TARGET_MS, fmtS(mid)));
  }
  return {
    id: 'cold',
    title: 'Cold start: spawn `node scripts/start.js` (npm start) → first 200 from /api/index_banners',
    columns: ['database', 'median', 'runs'],
    rows,
    targets,
    notes: [
      ...(buildNote ? [buildNote] : []),
      'Built checkout (dist/web, dist/server, build/), new empty DATA_DIR each run, SEED=demo, LOG_LEVEL=warn, not pinned.',
    ],
  };
}
