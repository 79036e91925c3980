import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  askCatalogue,
  distinctCatalogueUrls,
  floodAsks,
  homePlateUrl,
} from '../../../../bench/lib/catalogue-flood';
import { addSyntheticProducts } from '../../../../bench/search-data';
import { startTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { templateRef } from '../../../../tests/helpers/test-database';
import { QUERY_MEMO_BYTES } from './catalogue.routes';
import { ANSWER_BUDGET_BYTES } from './catalogue.store';

const EXTRA_PRODUCTS = 10_000;
const DISTINCT_QUERIES = 10_000;
/** Memory the flood may leave beyond the caches' budgets: the test's own bookkeeping, V8's slack. */
const SLACK_BYTES = 16 * 1024 * 1024;
/** The two answer caches, and the query memos of three routes. */
const BUDGET_BYTES = ANSWER_BUDGET_BYTES.answers + ANSWER_BUDGET_BYTES.searches + 3 * QUERY_MEMO_BYTES;
const SAMPLE_EVERY = 500;

function exposeGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/**
 * The JS heap and buffers left after full collections. A buffer's memory goes back a moment after
 * the collection that found it dead, so collect, let that happen, and collect again.
 */
async function heldBytes(gc: () => void): Promise<number> {
  gc();
  await new Promise((resolve) => setImmediate(resolve));
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/*
 * What is measured is the server's own memory: the database only holds the products, so the run on
 * PostgreSQL (npm test's second pass) would take minutes to show nothing new; it runs on PGlite.
 */
describe.runIf(templateRef().kind === 'pglite')(
  `the catalogue's answer caches at ${EXTRA_PRODUCTS.toLocaleString('en')} more products`,
  () => {
    let t: TestApp;
    /**
     * Asked over a real socket: `inject` keeps what it answered reachable (measured: memory grew by
     * each answer's size, however small the caches), so it cannot show what the server holds.
     */
    let base = '';
    beforeAll(async () => {
      t = await startTestApp();
      await addSyntheticProducts(t.database.db, EXTRA_PRODUCTS);
      await t.app.catalogue.changed();
      base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    }, 600_000);
    afterAll(async () => t?.close());

    it(`stay within their byte budgets through ${DISTINCT_QUERIES.toLocaleString('en')} distinct queries`, async () => {
      const gc = exposeGc();
      const { snapshot } = t.app.catalogue;
      const urls = distinctCatalogueUrls(
        {
          names: {
            products: snapshot.products.map((p) => p.card),
            categories: [...snapshot.categoryById.values()].map((c) => c.category),
          },
          categoryIds: [...snapshot.categoryById.keys()],
        },
        DISTINCT_QUERIES,
      );
      expect(new Set(urls).size).toBe(DISTINCT_QUERIES);
      const home = homePlateUrl(snapshot.categories[0]?.id);
      // What a first search or long query loads once (dictionaries, parsers) is not the caches' doing.
      for (const url of [
        home,
        ...['Apple', '蘋果', 'pingguo', 'pg'].map(
          (q) => `/api/index_product?en_search=${encodeURIComponent(q)}`,
        ),
      ]) {
        await askCatalogue(base, { url, acceptEncoding: 'br' });
      }
      const before = await heldBytes(gc);

      let asked = 0;
      let grown = 0;
      let most = 0;
      for (const ask of floodAsks(urls, home)) {
        await askCatalogue(base, ask);
        most = Math.max(most, t.app.catalogue.answers.bytes + t.app.catalogue.searches.bytes);
        if (++asked % SAMPLE_EVERY === 0) grown = Math.max(grown, (await heldBytes(gc)) - before);
      }

      const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;
      expect(grown, `at most ${mb(grown)} more held during the flood`).toBeLessThan(
        BUDGET_BYTES + SLACK_BYTES,
      );
      expect(t.app.catalogue.answers.bytes).toBeLessThanOrEqual(ANSWER_BUDGET_BYTES.answers);
      expect(t.app.catalogue.searches.bytes).toBeLessThanOrEqual(ANSWER_BUDGET_BYTES.searches);
      expect(most).toBeLessThanOrEqual(ANSWER_BUDGET_BYTES.answers + ANSWER_BUDGET_BYTES.searches);
      // The caches were used, not bypassed: the answers asked for again fill most of theirs.
      expect(most, mb(most)).toBeGreaterThan(ANSWER_BUDGET_BYTES.answers / 2);
    }, 900_000);
  },
);
