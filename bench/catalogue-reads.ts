/**
 * Catalogue reads against their ceiling (docs/architecture.md §9): the shop's requests per second on each
 * catalogue call, over a bare node:http server's returning the same bytes, ≥ 0.8. The shop is the
 * process `npm start` leaves (scripts/start.js on a built tree, PGlite files, the default log
 * level), with every one of its threads on core 0, as a one-core server has them; the ceiling on
 * core 0 too (never both under load at once), wrk on core 1. Each call is measured in short runs
 * paired shop/ceiling back to back, so load from elsewhere falls on both alike.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChild, stopChild } from './lib/children';
import { type Fetched, freePort, getBytes, waitFor200 } from './lib/net';
import { type PartResult, type Target, target } from './lib/report';
import { ROOT, startShop } from './lib/shop';
import { fmtInt, median } from './lib/stats';
import { ensureWrk, problemsOf, runWrk, SERVER_CPU } from './lib/wrk';

const TARGET_RATIO = 0.8;
/** BENCH_READS_ROUNDS=N: fewer rounds while working on a read's cost (the recorded run takes 5). */
const ROUNDS = Number(process.env.BENCH_READS_ROUNDS ?? 5);
/** Paired runs per call and round, each side's run RUN_SECONDS long, after WARMUP_SECONDS each. */
const PAIRS = 3;
const RUN_SECONDS = 3;
const WARMUP_SECONDS = 2;
const SIDES: readonly Side[] = ['shop', 'ceiling'];
const TITLE = 'Catalogue reads: shop vs bare node:http (req/s)';

export const ENDPOINTS = [
  { name: 'banners', path: '/api/index_banners' },
  { name: 'categories', path: '/api/product_category' },
  { name: 'plates', path: '/api/all_plate' },
  { name: 'listing, 200 products', path: '/api/index_product?page=1&page_size=200' },
  // A category's page as the storefront asks for it (src/web/api/catalogue.ts): Dairy, Eggs & Tofu.
  { name: 'category listing', path: '/api/index_product?page=1&page_size=10000&category_id=21' },
] as const;

/** Per path: requests per second of each run, the shop/ceiling ratio of each round, and problems. */
interface Figures {
  shop: Map<string, number[]>;
  ceiling: Map<string, number[]>;
  ratios: Map<string, number[]>;
  problems: string[];
}
type Side = 'shop' | 'ceiling';

/** Threads the shop had as it opened, every one checked to be on core 0 alone (one per start). */
const shopThreads: number[] = [];

/**
 * The shop as `npm start` leaves it serving, started on core 0 with all its threads: the first
 * start seeds the demo catalogue into PGlite files in `dataDir`, each later one restarts on them.
 */
async function startBenchShop(dataDir: string) {
  const shop = await startShop({
    cpu: SERVER_CPU,
    script: 'scripts/start.js',
    env: { DATABASE_URL: undefined, DATA_DIR: dataDir, PREBUILT: '1', LOG_LEVEL: undefined },
  });
  if (shop.threads !== undefined) shopThreads.push(shop.threads);
  return shop;
}

/** Runs `fn` against the shop started on core 0, stopping it afterwards. */
async function withShop<T>(dataDir: string, fn: (url: string) => Promise<T>): Promise<T> {
  const shop = await startBenchShop(dataDir);
  try {
    return await fn(shop.url);
  } finally {
    await shop.stop();
  }
}

/** A bare node:http server on core 0 returning the shop's bytes, checked to do so. */
async function startCeiling(
  manifest: string,
  bodies: Bodies,
): Promise<{ url: string; stop(): Promise<void> }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const script = join(ROOT, 'bench/lib/ceiling-server.mjs');
  const child = startChild('ceiling server', process.execPath, [script, manifest, String(port)], {
    cpu: SERVER_CPU,
  });
  try {
    await waitFor200(`${url}${ENDPOINTS[0].path}`, child, 15_000);
    for (const [path, body] of bodies) {
      if (!(await getBytes(`${url}${path}`)).body.equals(body.body))
        throw new Error(`ceiling ${path}: bytes differ`);
    }
  } catch (err) {
    await stopChild(child);
    throw err;
  }
  return { url, stop: () => stopChild(child) };
}

type Bodies = Map<string, Fetched>;

async function fetchBodies(url: string): Promise<Bodies> {
  const bodies: Bodies = new Map();
  for (const e of ENDPOINTS) {
    const res = await getBytes(`${url}${e.path}`);
    if (res.status !== 200)
      throw new Error(`GET ${e.path}: ${res.status} ${res.body.toString().slice(0, 300)}`);
    bodies.set(e.path, res);
  }
  return bodies;
}

/** Writes the bodies to files and a manifest for bench/lib/ceiling-server.mjs. */
function writeManifest(dir: string, bodies: Bodies): string {
  const manifest = [...bodies].map(([path, res], i) => {
    const file = join(dir, `body-${i}.bin`);
    writeFileSync(file, res.body);
    return { path, file, headers: res.headers };
  });
  const manifestPath = join(dir, 'manifest.json');
  writeFileSync(manifestPath, JSON.stringify(manifest));
  return manifestPath;
}

/**
 * One round: the shop and the ceiling freshly started, both on core 0 and both idle but for the one
 * under load. Per call, each is warmed, then they take turns under wrk, PAIRS times each, in short
 * runs (ABBA: which goes first alternates), so a change in the machine's speed (other tenants,
 * here often 2× from one 5-second run to the next) falls on both sides of a pair alike.
 */
async function measureRound(dir: string, manifest: string, bodies: Bodies, round: number, into: Figures) {
  const shop = await startBenchShop(dir);
  try {
    const ceiling = await startCeiling(manifest, bodies);
    try {
      for (const path of bodies.keys()) {
        const urls: Record<Side, string> = { shop: `${shop.url}${path}`, ceiling: `${ceiling.url}${path}` };
        for (const side of SIDES) await runWrk(urls[side], WARMUP_SECONDS);
        for (let pair = 0; pair < PAIRS; pair++) {
          const order = (round + pair) % 2 ? SIDES : [...SIDES].reverse();
          const rps: Record<Side, number> = { shop: 0, ceiling: 0 };
          for (const side of order) {
            const run = await runWrk(urls[side], RUN_SECONDS);
            rps[side] = run.rps;
            into[side].get(path)?.push(run.rps);
            into.problems.push(...problemsOf(run).map((p) => `${side} ${path}: ${p}`));
          }
          into.ratios.get(path)?.push(rps.ceiling > 0 ? rps.shop / rps.ceiling : 0);
          console.log(
            `  round ${round}.${pair + 1} ${path}: shop ${fmtInt(rps.shop)}, ceiling ${fmtInt(rps.ceiling)} req/s`,
          );
        }
      }
    } finally {
      await ceiling.stop();
    }
  } finally {
    await shop.stop();
  }
}

function summarise(bodies: Bodies, f: Figures): PartResult {
  const rows: string[][] = [];
  const targets: Target[] = [];
  const notes: string[] = [];
  for (const e of ENDPOINTS) {
    const a = f.shop.get(e.path) ?? [];
    const c = f.ceiling.get(e.path) ?? [];
    const ratio = median(f.ratios.get(e.path) ?? []);
    const bytes = bodies.get(e.path)?.body.length ?? 0;
    rows.push([e.path, fmtInt(bytes), fmtInt(median(a)), fmtInt(median(c)), `${ratio.toFixed(2)}×`]);
    targets.push(
      target(`${e.name}: shop ≥ ${TARGET_RATIO}× ceiling`, ratio >= TARGET_RATIO, `${ratio.toFixed(2)}×`),
    );
    const paired = (f.ratios.get(e.path) ?? []).map((r) => r.toFixed(2)).join(' / ');
    notes.push(
      `${e.name}, the ${a.length} paired runs: ratios ${paired}; shop req/s ${fmtInt(Math.min(...a))}–${fmtInt(Math.max(...a))}, ceiling ${fmtInt(Math.min(...c))}–${fmtInt(Math.max(...c))}`,
    );
  }
  notes.push(...f.problems);
  notes.push(
    `wrk -t1 -c50 -d${RUN_SECONDS}s on core 1, servers on core 0 (taskset), never both under load at once; the shop as ` +
      `\`npm start\` leaves it (scripts/start.js, PGlite files with the demo catalogue, the default log level), all its threads ` +
      `on core 0 (${Math.min(...shopThreads)}–${Math.max(...shopThreads)} threads, each one's affinity read as it opened). ${ROUNDS} rounds, each with the shop and the ceiling freshly started; per call ` +
      `and round, each warmed ${WARMUP_SECONDS} s, then ${PAIRS} pairs of runs back to back (alternating which goes first); ` +
      `req/s are medians of all runs, the ratio is the median of the ${ROUNDS * PAIRS} paired ratios. No Accept-Encoding: both send the same identity bytes, and the ceiling sends the ` +
      "headers the shop sent for that call (security headers, ETag, cache-control): the ratio is the cost of the shop's code.",
  );
  return {
    id: 'reads',
    title: TITLE,
    columns: ['call', 'body bytes', 'shop req/s', 'ceiling req/s', 'ratio'],
    rows,
    targets,
    notes,
  };
}

function skipped(why: string): PartResult {
  return {
    id: 'reads',
    title: TITLE,
    columns: ['call'],
    rows: ENDPOINTS.map((e) => [e.path]),
    targets: ENDPOINTS.map((e) => ({
      name: `${e.name}: shop ≥ ${TARGET_RATIO}× ceiling`,
      status: 'skipped' as const,
      figure: 'no wrk',
    })),
    notes: [why],
  };
}

export async function runCatalogueReads(): Promise<PartResult> {
  const wrk = await ensureWrk();
  if (!wrk.ok) return skipped(wrk.why);
  const dir = mkdtempSync(join(tmpdir(), 'bench-reads-'));
  try {
    const bodies = await withShop(dir, fetchBodies);
    const manifest = writeManifest(dir, bodies);
    const paths = ENDPOINTS.map((e) => e.path);
    const figures: Figures = {
      shop: new Map(paths.map((p) => [p, []])),
      ceiling: new Map(paths.map((p) => [p, []])),
      ratios: new Map(paths.map((p) => [p, []])),
      problems: [],
    };
    for (let round = 1; round <= ROUNDS; round++) await measureRound(dir, manifest, bodies, round, figures);
    return summarise(bodies, figures);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
