/**
 * Catalogue reads against their ceiling (docs/architecture.md §9): the shop's requests per second on each
 * catalogue call, over a bare node:http server's returning the same bytes, ≥ 0.8. Both servers run
 * on core 0 (never at the same time), wrk on core 1. Each call is measured in 3 rounds, each round
 * the shop and the ceiling back to back, so load from elsewhere falls on both alike.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChild, stopChild } from './lib/children';
import { type Fetched, freePort, getBytes, waitFor200 } from './lib/net';
import { type PartResult, type Target, target } from './lib/report';
import { ROOT, startShop } from './lib/shop';
import { fmtInt, median } from './lib/stats';
import { ensureWrk, problemsOf, warmAndRun } from './lib/wrk';

const SERVER_CPU = 0;
const TARGET_RATIO = 0.8;
const ROUNDS = 5;
const TITLE = 'Catalogue reads: shop vs bare node:http (req/s)';

export const ENDPOINTS = [
  { name: 'banners', path: '/api/index_banners' },
  { name: 'categories', path: '/api/product_category' },
  { name: 'plates', path: '/api/all_plate' },
  { name: 'listing, 200 products', path: '/api/index_product?page=1&page_size=200' },
] as const;

/** Per path: requests per second of each run, the shop/ceiling ratio of each round, and problems. */
interface Figures {
  shop: Map<string, number[]>;
  ceiling: Map<string, number[]>;
  ratios: Map<string, number[]>;
  problems: string[];
}
type Side = 'shop' | 'ceiling';

/** Runs `fn` against the shop started on core 0, stopping it afterwards. */
async function withShop<T>(dataDir: string, fn: (url: string) => Promise<T>): Promise<T> {
  const shop = await startShop({
    cpu: SERVER_CPU,
    env: { DATABASE_URL: 'memory:', DATA_DIR: dataDir, SEED: 'demo', LOG_LEVEL: 'warn' },
  });
  try {
    return await fn(shop.url);
  } finally {
    await shop.stop();
  }
}

/** Runs `fn` against a bare node:http server on core 0 returning the shop's bytes, then stops it. */
async function withCeiling<T>(manifest: string, bodies: Bodies, fn: (url: string) => Promise<T>): Promise<T> {
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
    return await fn(url);
  } finally {
    await stopChild(child);
  }
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
 * One round on one call: the shop and the ceiling right after each other (which goes first
 * alternates by round), so load from elsewhere on the machine hits both alike.
 */
async function measurePair(
  dir: string,
  manifest: string,
  bodies: Bodies,
  path: string,
  round: number,
  into: Figures,
) {
  const order: Side[] = round % 2 ? ['shop', 'ceiling'] : ['ceiling', 'shop'];
  const rps: Record<Side, number> = { shop: 0, ceiling: 0 };
  for (const side of order) {
    const measure = (url: string) => warmAndRun(`${url}${path}`);
    const run = side === 'shop' ? await withShop(dir, measure) : await withCeiling(manifest, bodies, measure);
    rps[side] = run.rps;
    into[side].get(path)?.push(run.rps);
    into.problems.push(...problemsOf(run).map((p) => `${side} ${path}: ${p}`));
  }
  into.ratios.get(path)?.push(rps.ceiling > 0 ? rps.shop / rps.ceiling : 0);
  console.log(`  round ${round} ${path}: shop ${fmtInt(rps.shop)}, ceiling ${fmtInt(rps.ceiling)} req/s`);
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
      `${e.name}, the ${ROUNDS} rounds: shop ${a.map(fmtInt).join(' / ')}; ceiling ${c.map(fmtInt).join(' / ')}; ratios ${paired}`,
    );
  }
  notes.push(...f.problems);
  notes.push(
    'wrk -t1 -c50 -d5s on core 1, servers on core 0 (taskset), never both at once; shop on DATABASE_URL=memory: ' +
      'SEED=demo. Per call and round, the shop and the ceiling run back to back (alternating which goes first), ' +
      `each freshly started and after a 2 s warm-up; req/s are medians of ${ROUNDS} runs, the ratio is the median of the ` +
      `${ROUNDS} paired ratios. No Accept-Encoding: both send the same identity bytes, and the ceiling sends the ` +
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
    for (let round = 1; round <= ROUNDS; round++) {
      for (const path of paths) await measurePair(dir, manifest, bodies, path, round, figures);
    }
    return summarise(bodies, figures);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
