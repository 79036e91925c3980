/**
 * Search over HTTP at 10 concurrent shoppers (docs/architecture.md §9: p95 ≤ 50 ms): the real server on a
 * PGlite database with the demo catalogue plus 10,000 synthetic products, each query asked once so
 * no answer comes from the server's answer cache.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pinSelf } from './lib/children';
import { startShop } from './lib/shop';
import { percentile } from './lib/stats';
import { SERVER_CPU, WRK_CPU } from './lib/wrk';
import { seedSearchDatabase } from './search-data';
import { distinctQueries, type Names } from './search-queries';

export interface HttpSearchResult {
  products: number;
  queries: number;
  /** share of queries that found at least one product */
  hitRate: number;
  p50: number;
  p95: number;
  max: number;
  perSecond: number;
  seedMs: number;
}

const WARMUP_QUERIES = 200;
const PAGE_SIZE = 30;

interface Envelope<T> {
  code: number;
  data: T;
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  return ((await res.json()) as Envelope<T>).data;
}

type NamedCategory = Names['categories'][number] & { id: number; childCategory?: NamedCategory[] };

/** Every product and category name the server has (which also proves it loaded the extra products). */
export async function catalogueNames(
  base: string,
): Promise<Names & { total: number; categoryIds: number[] }> {
  const page = await getJson<{ list: Names['products']; total: number }>(
    `${base}/api/index_product?page=1&page_size=10000`,
  );
  const tops = await getJson<NamedCategory[]>(`${base}/api/product_category`);
  const categories = tops.flatMap((c) => [c, ...(c.childCategory ?? [])]);
  return { products: page.list, categories, total: page.total, categoryIds: categories.map((c) => c.id) };
}

/** `concurrency` loops, each taking the next query; the time of each until its body has arrived. */
async function shoot(base: string, queries: readonly string[], concurrency: number) {
  let next = 0;
  let hits = 0;
  const times: number[] = [];
  const loop = async () => {
    for (let i = next++; i < queries.length; i = next++) {
      const url = `${base}/api/index_product?en_search=${encodeURIComponent(queries[i] ?? '')}&page=1&page_size=${PAGE_SIZE}`;
      const started = performance.now();
      // A browser's Accept-Encoding: the server compresses each new answer, as it would for a shopper.
      const res = await fetch(url, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      const body = await res.arrayBuffer();
      times.push(performance.now() - started);
      if (res.status !== 200)
        throw new Error(`search ${queries[i]}: ${res.status} ${Buffer.from(body).toString()}`);
      const { data } = JSON.parse(Buffer.from(body).toString()) as Envelope<{ total: number }>;
      if (data.total > 0) hits++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, loop));
  return { times: times.sort((a, b) => a - b), hits, wallMs: performance.now() - started };
}

export async function runHttpSearch(
  extra = 10_000,
  count = 2000,
  concurrency = 10,
): Promise<HttpSearchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-search-'));
  try {
    const seedStarted = performance.now();
    await seedSearchDatabase(dir, extra);
    const seedMs = performance.now() - seedStarted;
    const shop = await startShop({
      cpu: SERVER_CPU,
      env: { DATA_DIR: dir, DATABASE_URL: undefined, SEED: 'demo' },
    });
    try {
      const names = await catalogueNames(shop.url);
      if (names.total < extra) throw new Error(`server sees ${names.total} products, expected ≥ ${extra}`);
      const queries = distinctQueries(names, count + WARMUP_QUERIES);
      const measured = queries.slice(WARMUP_QUERIES);
      // The shoppers (this process) run on the other core than the server, as wrk does.
      const unpin = pinSelf(String(WRK_CPU));
      const { times, hits, wallMs } = await shoot(shop.url, queries.slice(0, WARMUP_QUERIES), concurrency)
        .then(() => shoot(shop.url, measured, concurrency))
        .finally(unpin);
      return {
        products: names.total,
        queries: measured.length,
        hitRate: hits / Math.max(1, measured.length),
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        max: times[times.length - 1] ?? 0,
        perSecond: (measured.length / wallMs) * 1000,
        seedMs,
      };
    } finally {
      await shop.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
