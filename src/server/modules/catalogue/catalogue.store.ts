import { EventEmitter } from 'node:events';
import { gt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '#server/clock';
import type { Database, Db } from '#server/db/client';
import type { Listening } from '#server/db/listen';
import { products } from '#server/db/schema';
import { AnswerCache } from '#server/prebuilt-answer';
import type { CatalogueListener, CatalogueTouched } from './catalogue.changes';
import { CATALOGUE_CHANNEL, type CatalogueMessage, decodeMessage } from './catalogue.notify';
import { patchSnapshot, readProductChange } from './catalogue.patch';
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
 * Bytes the prebuilt answers may hold: catalogue pages, and search results apart.
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
  /**
   * `snapshot`: a new snapshot is served, made by patching the last one or by loading everything;
   * `listening`: the listening connection came up (true) or was lost (false); `stock`: stock or
   * sold figures shown changed.
   */
  readonly events = new EventEmitter<{
    snapshot: [CatalogueSnapshot, 'patched' | 'loaded'];
    listening: [boolean];
    stock: [];
  }>();
  private loaded: Loaded | undefined;
  private reloading: Promise<void> | undefined;
  /** Reloads and patches queued or under way (queue()). */
  private queued = 0;
  private timer: NodeJS.Timeout | undefined;
  private stockTimer: NodeJS.Timeout | undefined;
  private lastStockRefresh = Number.NEGATIVE_INFINITY;
  private listener: Listening | undefined;
  /** Whether the listening connection is up now. */
  private connected = false;
  /** Up, and caught up since: the poll can leave notified changes to it. */
  private hearing = false;
  /** The version the last poll read. */
  private polledVersion: number | undefined;
  /** The newest version a message (or this process) told of: applied, or on its way. */
  private toldVersion = 0;
  /** The poll under way, if any: polls never overlap, and never queue reloads behind one another. */
  private polling: Promise<void> | undefined;
  /** The timed stock refresh under way, if any. */
  private stockRefreshing: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(pollMs: number): Promise<void> {
    await this.reload();
    this.timer = setInterval(() => {
      // A tick finding the last poll still under way (a long reload) lets it be.
      if (this.polling) return;
      this.refreshIfStale().catch((err) => this.log.warn({ err }, 'catalogue refresh failed'));
    }, pollMs);
    this.timer.unref();
  }

  /**
   * Applies the changes every process notifies (PostgreSQL, catalogue.notify.ts) as they commit;
   * the poll stays, and reloads whatever was missed while not listening.
   */
  listen(database: Pick<Database, 'listen'>, retryMs: number): void {
    if (!database.listen || this.listener) return;
    this.listener = database.listen(
      CATALOGUE_CHANNEL,
      {
        message: (payload) => {
          const message = decodeMessage(payload);
          if (!message) return this.log.warn({ payload }, 'catalogue message not understood');
          this.notified(message).catch((err) => this.log.warn({ err }, 'catalogue change not applied'));
        },
        connected: () => {
          // Catch up on anything sent while not listening, then leave new versions to messages.
          this.connected = true;
          this.refreshIfStale()
            .catch((err) => this.log.warn({ err }, 'catalogue refresh failed'))
            .finally(() => {
              if (!this.connected || this.hearing) return;
              this.hearing = true;
              this.events.emit('listening', true);
            });
        },
        lost: (err) => {
          if (this.hearing) this.log.warn({ err }, 'catalogue listening connection lost; polling meanwhile');
          this.connected = false;
          this.hearing = false;
          this.events.emit('listening', false);
        },
      },
      retryMs,
    );
  }

  /**
   * Stops polling and listening, then waits for a poll, reload or stock refresh under way: they
   * read the database, which the app closes next.
   */
  async stop(): Promise<void> {
    const closing = this.listener?.close().catch(() => undefined);
    this.listener = undefined;
    this.connected = this.hearing = false;
    if (this.timer) clearInterval(this.timer);
    if (this.stockTimer) clearTimeout(this.stockTimer);
    this.timer = undefined;
    this.stockTimer = undefined;
    await Promise.allSettled([closing, this.polling, this.reloading, this.stockRefreshing]);
  }

  /** Whether changes arrive by message now (PostgreSQL, listening connection up). */
  get listening(): boolean {
    return this.hearing;
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
   * Call after this process changed the catalogue (and bumped its version). A change to some
   * products only, at the version right after ours, is applied to them alone; anything else
   * reloads the whole catalogue.
   */
  changed(touched?: CatalogueTouched): Promise<void> {
    if (touched?.version === undefined) return this.reload();
    this.toldVersion = Math.max(this.toldVersion, touched.version);
    return this.apply(touched.version, touched.whole ? 'all' : [...touched.productIds]);
  }

  /** A message from any process (catalogue.notify.ts), this one's own included. */
  notified(message: CatalogueMessage): Promise<void> {
    if (message.kind === 'stock') {
      this.stockChanged();
      return Promise.resolve();
    }
    this.toldVersion = Math.max(this.toldVersion, message.version);
    return this.apply(message.version, message.products);
  }

  /**
   * Brings the catalogue to `version`, which changed `products`: nothing when it has it already;
   * those products alone when `version` is the very next one; otherwise (a change was missed, or
   * it touched more than products) the whole catalogue, from the newest version.
   */
  private apply(version: number, products: number[] | 'all'): Promise<void> {
    return this.queue(async () => {
      const have = this.current().snapshot.version;
      if (version <= have) return;
      if (products === 'all' || version !== have + 1) return this.load();
      const rows = await readProductChange(this.db, this.current().snapshot, products);
      const loaded = this.current();
      // A reload may have overtaken us meanwhile (the poll runs outside this queue): then it holds the change.
      if (loaded.snapshot.version >= version) return;
      const started = performance.now();
      const snapshot = patchSnapshot(loaded.snapshot, rows, version);
      // The answers stay: each is served again only while what it is made of is unchanged (catalogue.routes.ts).
      this.loaded = { snapshot, answers: loaded.answers, searches: loaded.searches };
      this.log.debug({ version, products, ms: performance.now() - started }, 'catalogue patched');
      this.events.emit('snapshot', snapshot, 'patched');
    });
  }

  /**
   * Reloads when another process bumped the version or a promotion boundary has passed; otherwise
   * picks up stock and sold counts that orders and payments changed. While listening, a newer
   * version is left to its message (which applies it alone): it reloads only when the version the
   * last poll saw has still not been told of by now. Polls run one after another.
   */
  refreshIfStale(): Promise<void> {
    const run: Promise<void> = (this.polling ?? Promise.resolve())
      .catch(() => undefined)
      .then(() => this.poll())
      .finally(() => {
        if (this.polling === run) this.polling = undefined;
      });
    this.polling = run;
    return run;
  }

  private async poll(): Promise<void> {
    const loaded = this.current();
    const have = loaded.snapshot.version;
    const due =
      loaded.snapshot.nextChangeAt !== null && this.clock.now().getTime() >= loaded.snapshot.nextChangeAt;
    const seen = await readCatalogueVersion(this.db);
    const told = Math.max(this.toldVersion, this.current().snapshot.version);
    // Not listening, a version this process was told of and is applying now is left to that:
    // loading it again would hold the thread a second time (a poll read while its own change was
    // written). Once nothing is queued, any difference reloads, a failed patch's too.
    const applying = this.queued > 0 && seen <= told;
    const missed = this.hearing
      ? seen < have || (this.polledVersion ?? 0) > told
      : seen < have || (seen > have && !applying);
    this.polledVersion = seen;
    if (due || missed) await this.reload();
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
        const run: Promise<void> = this.refreshStock()
          .catch((err) => this.log.warn({ err }, 'stock refresh failed'))
          .finally(() => {
            if (this.stockRefreshing === run) this.stockRefreshing = undefined;
          });
        this.stockRefreshing = run;
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
    if (!changed) return;
    // Figures changed in place: no answer can tell, so all go. A patch made meanwhile shares the
    // entries changed, and keeps its answers: those of the snapshot served now go too.
    const now = this.current();
    this.loaded = { snapshot: now.snapshot, ...emptyCaches(now) };
    this.events.emit('stock');
  }

  private current(): Loaded {
    if (!this.loaded) throw new Error('catalogue not loaded yet');
    return this.loaded;
  }

  private reload(): Promise<void> {
    return this.queue(() => this.load());
  }

  private async load(): Promise<void> {
    const snapshot = await loadCatalogueSnapshot(this.db, this.clock.now());
    this.loaded = { snapshot, ...emptyCaches(this.loaded) };
    this.log.debug({ version: snapshot.version, products: snapshot.products.length }, 'catalogue loaded');
    this.events.emit('snapshot', snapshot, 'loaded');
  }

  /**
   * Reloads and patches run one after another, so each starts from the snapshot the one before
   * left, and the last reload to finish has read the newest version.
   */
  private queue(work: () => Promise<void>): Promise<void> {
    this.queued++;
    const run = (this.reloading ?? Promise.resolve())
      .catch(() => undefined)
      .then(work)
      .finally(() => this.queued--);
    this.reloading = run;
    return run;
  }
}
