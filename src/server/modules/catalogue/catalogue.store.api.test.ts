import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { systemClock } from '#server/clock';
import { products } from '#server/db/schema';
import { uuidFromKey } from '#server/db/seed';
import * as demo from '../../../../seed/catalogue/index';
import { freshDatabase } from '../../../../tests/helpers/test-database';
import { withCatalogueChange } from './catalogue.changes';
import { CatalogueStore, STOCK_REFRESH_MIN_GAP_MS } from './catalogue.store';

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let store: CatalogueStore;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  fresh = await freshDatabase();
  store = new CatalogueStore(fresh.database.db, systemClock, pino({ level: 'silent' }));
  // Polling is left off (a long interval): only stockChanged() refreshes here.
  await store.start(3_600_000);
});
afterAll(async () => {
  await store?.stop();
  await fresh?.drop();
});

const seed = demo.products.find((p) => p.stock >= 10);
if (!seed) throw new Error('no product in stock');
const uuid = uuidFromKey(seed.key);
const shownStock = () => store.snapshot.productByUuid.get(uuid)?.card.real_stock;

async function sellOne(): Promise<void> {
  await fresh.database.db
    .update(products)
    .set({ realStock: sql`${products.realStock} - 1`, stockChangedAt: sql`clock_timestamp()` })
    .where(eq(products.key, seed?.key ?? ''));
}

describe('stock shown by the catalogue', () => {
  it('shows a lone order’s stock change soon after it', async () => {
    const before = shownStock();
    await sellOne();
    store.stockChanged();
    await expect.poll(shownStock, { timeout: 5000 }).toBe((before ?? 0) - 1);
  });

  it('refreshes at most once per gap while orders keep coming, and ends on the last figure', async () => {
    const refreshes = vi.spyOn(store, 'refreshStock');
    const before = shownStock() ?? 0;
    const started = performance.now();
    for (let i = 0; i < 8; i++) {
      await sellOne();
      for (let j = 0; j < 10; j++) {
        store.stockChanged();
        await sleep(10);
      }
    }
    const elapsed = performance.now() - started;
    await expect.poll(shownStock, { timeout: 5000 }).toBe(before - 8);
    // One refresh per gap over the burst, plus the one that picks up its end.
    expect(refreshes.mock.calls.length).toBeLessThanOrEqual(
      Math.ceil(elapsed / STOCK_REFRESH_MIN_GAP_MS) + 2,
    );
    expect(refreshes.mock.calls.length).toBeGreaterThan(1);
    refreshes.mockRestore();
  });
});

describe('a wide change made by this process', () => {
  /*
   * A whole load holds the server's thread for hundreds of milliseconds at thousands of products
   * (bench/catalogue-import.ts), so the catalogue must not load the same change twice. On PGlite a
   * poll asked while the change is written reads the version only once it has committed.
   */
  it('is loaded once, even when a poll read the version while it was being written', async () => {
    const loads: string[] = [];
    const onSnapshot = (_snapshot: unknown, how: string) => void loads.push(how);
    store.events.on('snapshot', onSnapshot);
    try {
      let polling: Promise<void> | undefined;
      await withCatalogueChange(fresh.database.db, store, async (tx, touched) => {
        await tx
          .update(products)
          .set({ enName: 'Renamed by a wide change' })
          .where(eq(products.key, seed?.key ?? ''));
        polling = store.refreshIfStale();
        touched.all();
      });
      await polling;
      expect(store.snapshot.productByUuid.get(uuid)?.card.en_name).toBe('Renamed by a wide change');
      expect(loads).toEqual(['loaded']);
    } finally {
      store.events.off('snapshot', onSnapshot);
    }
  });
});

describe('stopping', () => {
  it('waits for a poll under way before the database may close', async () => {
    const other = new CatalogueStore(fresh.database.db, systemClock, pino({ level: 'silent' }));
    await other.start(3_600_000);
    let pollDone = false;
    void other.refreshIfStale().then(() => {
      pollDone = true;
    });
    await other.stop();
    expect(pollDone).toBe(true);
  });
});
