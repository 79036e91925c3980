import { gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { products } from '#server/db/schema';
import { AnswerCache } from '#server/prebuilt-answer';
import type { CatalogueListener, CatalogueTouched } from './catalogue.changes';
import { type CatalogueSnapshot, loadCatalogueSnapshot, readCatalogueVersion } from './catalogue.snapshot';

/** A lone stock change shows in the catalogue this soon. */
const STOCK_REFRESH_DELAY_MS = 20;
/**
 * Under a stream of orders, stock is refreshed at most this often. Each refresh that finds a change
 * drops every prebuilt answer, which is rebuilt (serialised, compressed) on its next request:
 * refreshing per order at 25 orders a second rebuilt every busy page 25 times a second. Browsers
 * may keep a catalogue answer 15 s anyway (max-age), and the stock that counts is checked when an
 * order is placed.
 */
export const STOCK_REFRESH_MIN_GAP_MS = 250;
const STOCK_WINDOW = '30 seconds';

interface Loaded {
  snapshot: CatalogueSnapshot;
  /** Catalogue pages: few, asked for by everyone. */
  answers: AnswerCache;
  /** Search results: many, each asked for by few; kept apart so they never push pages out. */
  searches: AnswerCache;
}

/**
 * Bytes the prebuilt answers of one snapshot may hold: catalogue pages, and search results apart.
 * With the routes' query memos that is about 41 MB whatever visitors ask (docs/decisions/012).
 */
export const ANSWER_BUDGET_BYTES = { answers: 32 * 1024 * 1024, searches: 8 * 1024 * 1024 } as const;

/** New caches; the answers kept busiest in `previous` are compressed well again from their first ask. */
function emptyCaches(previous?: Loaded): Pick<Loaded, 'answers' | 'searches'> {
  return {
    answers: new AnswerCache(ANSWER_BUDGET_BYTES.answers, previous?.answers),
    searches: new AnswerCache(ANSWER_BUDGET_BYTES.searches, previous?.searches),
  };
}

/**
 * The live catalogue of one process: the current snapshot and its prebuilt answers. It polls the
 * catalogue version so a change made by any process (or a promotion starting) is picked up within
 * one poll interval; a change made here (through catalogue.changes.ts) is picked up at once through
 * `changed()` or `stockChanged()`.
 */
export class CatalogueStore implements CatalogueListener {
  private loaded: Loaded | undefined;
  private reloading: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stockTimer: NodeJS.Timeout | undefined;
  private lastStockRefresh = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(pollMs: number): Promise<void> {
    await this.reload();
    this.timer = setInterval(() => {
      this.refreshIfStale().catch((err) => this.log.warn({ err }, 'catalogue refresh failed'));
    }, pollMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    if (this.stockTimer) clearTimeout(this.stockTimer);
    this.timer = undefined;
    this.stockTimer = undefined;
  }

  get snapshot(): CatalogueSnapshot {
    return this.current().snapshot;
  }

  get answers(): AnswerCache {
    return this.current().answers;
  }

  get searches(): AnswerCache {
    return this.current().searches;
  }

  /**
   * Call after this process changed the catalogue (and bumped its version). For now every change
   * reloads the whole catalogue; `touched` says what changed, for applying one product alone.
   */
  changed(_touched?: CatalogueTouched): Promise<void> {
    return this.reload();
  }

  /**
   * Reloads when another process bumped the version or a promotion boundary has passed; otherwise
   * picks up stock and sold counts that orders and payments changed.
   */
  async refreshIfStale(): Promise<void> {
    const loaded = this.current();
    const due =
      loaded.snapshot.nextChangeAt !== null && this.clock.now().getTime() >= loaded.snapshot.nextChangeAt;
    if (due || (await readCatalogueVersion(this.db)) !== loaded.snapshot.version) await this.reload();
    else await this.refreshStock();
  }

  /**
   * Call after this process changed stock (an order, an expiry, a payment): refreshed shortly, once
   * for a burst, and at most once per STOCK_REFRESH_MIN_GAP_MS.
   */
  stockChanged(): void {
    if (this.stockTimer) return;
    const gapLeft = this.lastStockRefresh + STOCK_REFRESH_MIN_GAP_MS - performance.now();
    this.stockTimer = setTimeout(
      () => {
        this.stockTimer = undefined;
        this.lastStockRefresh = performance.now();
        this.refreshStock().catch((err) => this.log.warn({ err }, 'stock refresh failed'));
      },
      Math.max(STOCK_REFRESH_DELAY_MS, gapLeft),
    );
    this.stockTimer.unref();
  }

  /**
   * Patches the stock and sold counts of products changed in the last STOCK_WINDOW, and drops the
   * prebuilt answers if any figure differs. Reading a window rather than "since last time" also
   * catches a transaction that stamped its change before another but committed after it.
   */
  async refreshStock(): Promise<void> {
    const loaded = this.current();
    const rows = await this.db
      .select({ id: products.id, realStock: products.realStock, soldCount: products.soldCount })
      .from(products)
      .where(gt(products.stockChangedAt, sql`now() - ${STOCK_WINDOW}::interval`));
    let changed = false;
    for (const row of rows) {
      const entry = loaded.snapshot.productById.get(row.id);
      if (!entry || (entry.card.real_stock === row.realStock && entry.soldCount === row.soldCount)) continue;
      entry.soldCount = row.soldCount;
      entry.card.real_stock = entry.detail.real_stock = row.realStock;
      entry.card.sold_count = entry.detail.sold_count = row.soldCount;
      changed = true;
    }
    if (changed && this.loaded === loaded)
      this.loaded = { snapshot: loaded.snapshot, ...emptyCaches(loaded) };
  }

  private current(): Loaded {
    if (!this.loaded) throw new Error('catalogue not loaded yet');
    return this.loaded;
  }

  private reload(): Promise<void> {
    // Reloads run one after another, so the last one to finish has read the newest version.
    const run = (this.reloading ?? Promise.resolve())
      .catch(() => undefined)
      .then(async () => {
        const snapshot = await loadCatalogueSnapshot(this.db, this.clock.now());
        this.loaded = { snapshot, ...emptyCaches(this.loaded) };
        this.log.debug({ version: snapshot.version, products: snapshot.products.length }, 'catalogue loaded');
      });
    this.reloading = run;
    return run;
  }
}
