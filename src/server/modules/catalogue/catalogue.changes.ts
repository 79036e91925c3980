import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Changed } from '#server/audit';
import type { Db, Tx } from '#server/db/client';
import { catalogueState, orderLines, products } from '#server/db/schema';
import { notifyOnCommit } from './catalogue.notify';

/**
 * Every change to the catalogue goes through this file (docs/architecture.md §5; decisions/001,
 * decisions/003), so that every process's in-memory catalogue learns of it:
 * - stock and sold counts (orders, expiry, payments, cancelling): `withStockChanges`. Each write
 *   stamps `stock_changed_at`, which every process polls; the transaction also notifies every
 *   process (catalogue.notify.ts), and the process that made the change tells its own catalogue
 *   once it has committed, so it shows the figures at once.
 * - anything else (products, categories, banners, promotions): `withCatalogueChange`, which bumps
 *   the catalogue's version, which every process polls, notifies every process of the new version
 *   and what it touched, and tells this process's catalogue the same (CatalogueTouched): a change
 *   to some products only is applied to them alone (catalogue.patch.ts).
 */

/**
 * What one catalogue change touched, so a process can apply it without rebuilding everything: the
 * products it wrote (their rows, pictures, prices), or `all()` for anything wider (categories,
 * banners, plates, promotions, a product moved between categories). A change that marks nothing
 * counts as `all()`.
 */
export class CatalogueTouched {
  readonly productIds = new Set<number>();
  /** The catalogue version the change committed as (set by `withCatalogueChange`). */
  version: number | undefined;
  private wide = false;

  product(id: number): this {
    this.productIds.add(id);
    return this;
  }

  all(): this {
    this.wide = true;
    return this;
  }

  /** True when the change must rebuild the whole catalogue. */
  get whole(): boolean {
    return this.wide || this.productIds.size === 0;
  }
}

/** The in-memory catalogue of this process (CatalogueStore), told after a committed change. */
export interface CatalogueListener {
  /** Stock or sold counts changed: patched shortly, once for a burst. */
  stockChanged(): void;
  /** Anything else changed: applied now (the whole catalogue when `touched` is absent). */
  changed(touched?: CatalogueTouched): Promise<void>;
}

/**
 * A catalogue change (withCatalogueChange) that writes the audit lines its work reports in the same
 * transaction. The admin layer makes one for the staff member calling, so a change that must own
 * its transaction's shape (work after the commit) still never writes the log itself.
 */
export type AuditedCatalogueChange = <T>(
  work: (tx: Tx, touched: CatalogueTouched) => Promise<Changed<T>>,
) => Promise<T>;

/** Told after a committed transaction changed stock or sold counts. */
export type StockListener = Pick<CatalogueListener, 'stockChanged'>;

/** For a process with no catalogue in memory (the command line): the servers' polls find the change. */
export const NO_STOCK_LISTENER: StockListener = { stockChanged: () => undefined };

/** The stock writes of one transaction. `changed` says whether any happened. */
export class StockChanges {
  changed = false;

  constructor(private readonly tx: Tx) {}

  /**
   * Takes `num` units with a conditional update (`real_stock >= num`), so the last unit is sold
   * once. False when fewer are left; then nothing changed.
   */
  async take(productId: number, num: number): Promise<boolean> {
    return (await this.remove(productId, num)) !== undefined;
  }

  /**
   * Removes `num` units with the same conditional update as `take`: the stock left, or undefined
   * (nothing changed) when fewer are left or there is no such product.
   */
  async remove(productId: number, num: number): Promise<number | undefined> {
    const [row] = await this.tx
      .update(products)
      .set({ realStock: sql`${products.realStock} - ${num}`, stockChangedAt: sql`clock_timestamp()` })
      .where(and(eq(products.id, productId), sql`${products.realStock} >= ${num}`))
      .returning({ stock: products.realStock });
    if (row) this.changed = true;
    return row?.stock;
  }

  /** Adds `num` units (stock received): the stock after, or undefined when there is no such product. */
  async add(productId: number, num: number): Promise<number | undefined> {
    const [row] = await this.tx
      .update(products)
      .set({ realStock: sql`${products.realStock} + ${num}`, stockChangedAt: sql`clock_timestamp()` })
      .where(eq(products.id, productId))
      .returning({ stock: products.realStock });
    if (row) this.changed = true;
    return row?.stock;
  }

  /**
   * Sets the stock to `count` (a count of the shelf) in one statement that also answers what it
   * replaced: the subquery locks the row first, so an order that took units just before is counted
   * in `before` (never read, then overwritten). Undefined when there is no such product.
   */
  async set(productId: number, count: number): Promise<{ before: number; after: number } | undefined> {
    const result = await this.tx.execute(sql`
      update ${products} set real_stock = ${count}, stock_changed_at = clock_timestamp()
      from (select id, real_stock from ${products} where id = ${productId} for update) as old
      where ${products.id} = old.id
      returning old.real_stock as before, ${products.realStock} as after`);
    const [row] = (result as unknown as { rows: { before: number; after: number }[] }).rows;
    if (row) this.changed = true;
    return row && { before: Number(row.before), after: Number(row.after) };
  }

  /** Puts the units of the given orders' lines back into stock. */
  async putBack(orderIds: number[]): Promise<void> {
    for (const line of await this.linesOf(orderIds)) {
      await this.tx
        .update(products)
        .set({ realStock: sql`${products.realStock} + ${line.num}`, stockChangedAt: sql`clock_timestamp()` })
        .where(eq(products.id, line.productId));
      this.changed = true;
    }
  }

  /** Adds each line's quantity of a paid order onto its product's sold count. */
  async addSold(orderId: number): Promise<void> {
    for (const line of await this.linesOf([orderId])) {
      await this.tx
        .update(products)
        .set({ soldCount: sql`${products.soldCount} + ${line.num}`, stockChangedAt: sql`clock_timestamp()` })
        .where(eq(products.id, line.productId));
      this.changed = true;
    }
  }

  /**
   * Sets a product's stock to `to` if it is still `from` (a count or an import), so an order taking
   * stock meanwhile is never overwritten. False when the stock moved; then nothing changed.
   */
  async setFrom(productId: number, from: number, to: number): Promise<boolean> {
    const set = await this.tx
      .update(products)
      .set({ realStock: to, stockChangedAt: sql`clock_timestamp()` })
      .where(and(eq(products.id, productId), eq(products.realStock, from)))
      .returning({ id: products.id });
    if (set.length > 0) this.changed = true;
    return set.length > 0;
  }

  /** The orders' quantities summed per product, in product order (so two writers cannot deadlock). */
  private linesOf(orderIds: number[]): Promise<{ productId: number; num: number }[]> {
    if (orderIds.length === 0) return Promise.resolve([]);
    return this.tx
      .select({ productId: orderLines.productId, num: sql<number>`sum(${orderLines.num})::int` })
      .from(orderLines)
      .where(inArray(orderLines.orderId, orderIds))
      .groupBy(orderLines.productId)
      .orderBy(orderLines.productId);
  }
}

/**
 * Runs `work` in one transaction with its stock writes; once it has committed, tells `listener`
 * if any stock or sold count changed. A transaction that throws tells nobody.
 */
export async function withStockChanges<T>(
  db: Db,
  listener: StockListener,
  work: (tx: Tx, stock: StockChanges) => Promise<T>,
): Promise<T> {
  let stock: StockChanges | undefined;
  const result = await db.transaction(async (tx) => {
    stock = new StockChanges(tx);
    const done = await work(tx, stock);
    if (stock.changed) await notifyOnCommit(tx, { kind: 'stock' });
    return done;
  });
  if (stock?.changed) listener.stockChanged();
  return result;
}

/**
 * Tells every process's poll that the catalogue changed. Call it inside the transaction that changed
 * it. Answers the new version.
 */
export async function bumpCatalogueVersion(db: Pick<Db, 'insert'>): Promise<number> {
  const [row] = await db
    .insert(catalogueState)
    .values({ id: 1, version: 1 })
    .onConflictDoUpdate({ target: catalogueState.id, set: { version: sql`${catalogueState.version} + 1` } })
    .returning({ version: catalogueState.version });
  return row?.version ?? 1;
}

/**
 * Runs `work` in one transaction that also bumps the catalogue's version and notifies every process
 * of it; once it has committed, tells this process's catalogue (which applies a change to some
 * products to them alone). Other processes apply it when notified, or reload on their next poll.
 */
export async function withCatalogueChange<T>(
  db: Db,
  catalogue: Pick<CatalogueListener, 'changed'>,
  work: (tx: Tx, touched: CatalogueTouched) => Promise<T>,
): Promise<T> {
  const touched = new CatalogueTouched();
  const result = await db.transaction(async (tx) => {
    const done = await work(tx, touched);
    touched.version = await bumpCatalogueVersion(tx);
    const ids = touched.whole ? 'all' : [...touched.productIds];
    await notifyOnCommit(tx, { kind: 'change', version: touched.version, products: ids });
    return done;
  });
  await catalogue.changed(touched);
  return result;
}
