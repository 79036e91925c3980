/**
 * Memory under a flood of distinct catalogue queries (docs/architecture.md §9: no request a visitor can send
 * grows RSS by more than 100 MB; caches are bounded in bytes). The real server on PGlite with the
 * demo catalogue plus 10,000 products answers 10,000 distinct queries (page sizes, pages, searches,
 * long query strings; bench/lib/catalogue-flood.ts) from 8 clients on the other core; its RSS is
 * read before, every half second during, and after.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { QUERY_MEMO_BYTES } from '#server/modules/catalogue/catalogue.routes';
import { ANSWER_BUDGET_BYTES } from '#server/modules/catalogue/catalogue.store';
import { askCatalogue, distinctCatalogueUrls, floodAsks, homePlateUrl } from './lib/catalogue-flood';
import { pinSelf } from './lib/children';
import { rssKb, watchRss } from './lib/load-world';
import { type PartResult, target } from './lib/report';
import { startShop } from './lib/shop';
import { fmtInt, fmtS } from './lib/stats';
import { SERVER_CPU, WRK_CPU } from './lib/wrk';
import { seedSearchDatabase } from './search-data';
import { catalogueNames } from './search-http';

const EXTRA_PRODUCTS = 10_000;
const DISTINCT_QUERIES = 10_000;
const CLIENTS = 8;
/** docs/architecture.md §9, Memory. */
const MAX_GROWTH_MB = 100;
/** The routes' three query memos and the two answer caches. */
const BUDGET_BYTES = ANSWER_BUDGET_BYTES.answers + ANSWER_BUDGET_BYTES.searches + 3 * QUERY_MEMO_BYTES;
const TITLE = 'Memory under 10,000 distinct catalogue queries (server RSS)';

const mb = (kb: number) => `${fmtInt(kb / 1024)} MB`;

/** The pages every shopper asks for, a few times each, so the "before" figure holds them already. */
async function warmUp(base: string, home: string): Promise<void> {
  const usual = ['/api/index_banners', '/api/product_category', '/api/all_plate', '/api/new_category', home];
  for (let round = 0; round < 3; round++) {
    for (const url of usual) await askCatalogue(base, { url, acceptEncoding: 'gzip, deflate, br' });
  }
  for (const term of ['Apple', '蘋果', 'pingguo', 'pg']) {
    await askCatalogue(base, {
      url: `/api/index_product?en_search=${encodeURIComponent(term)}`,
      acceptEncoding: 'br',
    });
  }
}

/** `CLIENTS` loops taking the next ask in turn, from the other core than the server's. */
async function flood(
  base: string,
  urls: readonly string[],
  home: string,
): Promise<{ asks: number; ms: number }> {
  const asks = floodAsks(urls, home);
  let count = 0;
  const client = async () => {
    for (let next = asks.next(); !next.done; next = asks.next()) {
      await askCatalogue(base, next.value);
      count++;
    }
  };
  const unpin = pinSelf(String(WRK_CPU));
  const started = performance.now();
  try {
    await Promise.all(Array.from({ length: CLIENTS }, client));
  } finally {
    unpin();
  }
  return { asks: count, ms: performance.now() - started };
}

export async function runCacheBound(): Promise<PartResult> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-cache-'));
  try {
    await seedSearchDatabase(dir, EXTRA_PRODUCTS);
    const shop = await startShop({
      cpu: SERVER_CPU,
      env: { DATA_DIR: dir, DATABASE_URL: undefined, SEED: 'demo' },
    });
    try {
      const pid = shop.child.proc.pid;
      if (pid === undefined) throw new Error('the server has no process id');
      const names = await catalogueNames(shop.url);
      const home = homePlateUrl(names.categoryIds[0]);
      const urls = distinctCatalogueUrls({ names, categoryIds: names.categoryIds }, DISTINCT_QUERIES);
      await warmUp(shop.url, home);
      const before = rssKb(pid);
      const watch = watchRss(pid, 500);
      const { asks, ms } = await flood(shop.url, urls, home);
      const samples = watch.stop();
      const peak = Math.max(before, ...samples.map((s) => s.kb));
      const after = rssKb(pid);
      return summarise({ products: names.total, queries: urls.length, asks, ms, before, peak, after });
    } finally {
      await shop.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

interface Figures {
  products: number;
  queries: number;
  asks: number;
  ms: number;
  /** RSS in kB. */
  before: number;
  peak: number;
  after: number;
}

function summarise(f: Figures): PartResult {
  const growthKb = f.peak - f.before;
  const budgetKb = BUDGET_BYTES / 1024;
  return {
    id: 'cache-bound',
    title: TITLE,
    columns: [
      'products',
      'distinct queries',
      'requests',
      'time',
      'RSS before',
      'RSS peak',
      'RSS after',
      'peak growth',
      'growth / cache budget',
    ],
    rows: [
      [
        fmtInt(f.products),
        fmtInt(f.queries),
        fmtInt(f.asks),
        fmtS(f.ms),
        mb(f.before),
        mb(f.peak),
        mb(f.after),
        mb(growthKb),
        `${(growthKb / budgetKb).toFixed(2)}×`,
      ],
    ],
    targets: [
      target(`RSS grows by at most ${MAX_GROWTH_MB} MB`, growthKb / 1024 <= MAX_GROWTH_MB, mb(growthKb)),
    ],
    notes: [
      `Server on PGlite files with the demo catalogue plus ${fmtInt(EXTRA_PRODUCTS)} generated products, pinned to core 0; ` +
        `${CLIENTS} clients in this process on core 1. The queries (bench/lib/catalogue-flood.ts): every page size of the ` +
        'whole list up to 1000 and 30 of about 3.4 MB, 2500 category pages in both orders (on past the end), 500 new-product ' +
        'page sizes, 3500 searches (a third asking for the whole list), the rest padded to 8 KB query strings; every tenth ' +
        'asked twice, a home plate every fifty; brotli, gzip and identity clients in turn.',
      `Cache budget: ${mb(budgetKb)} (answers ${mb(ANSWER_BUDGET_BYTES.answers / 1024)}, searches ` +
        `${mb(ANSWER_BUDGET_BYTES.searches / 1024)}, three query memos of ${fmtInt(QUERY_MEMO_BYTES / 1024)} KB). RSS from ` +
        '/proc/<pid>/status: before after a warm-up of the usual pages, every 0.5 s during, and after.',
    ],
  };
}
