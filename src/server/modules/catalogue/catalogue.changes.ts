import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client';
import { catalogueState, orderItems, products } from '#server/db/schema';

/**
 * Every change to the catalogue goes through this file (docs/architecture.md §5; decisions/001,
 * decisions/003), so that every process's in-memory catalogue learns of it:
 * - stock and sold counts (orders, expiry, payments, cancelling): `withStockChanges`. Each write
 *   stamps `stock_changed_at`, which every process polls; the process that made the change also
 *   tells its own catalogue once the transaction has committed, so it shows the figures at once.
 * - anything else (products, categories, banners, promotions): `withCatalogueChange`, which bumps
 *   the catalogue's version, which every process polls, and tells this process's catalogue what
 *   it touched (CatalogueTouched).
 */

/**
 * What one catalogue change touched, so a process can apply it without rebuilding everything: the
 * products it wrote (their rows, pictures, prices), or `all()` for anything wider (categories,
 * banners, plates, promotions, a product moved between categories). A change that marks nothing
 * counts as `all()`.
 */
export class CatalogueTouched {
  readonly productIds = new Set<number>();
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

  /** The orders' quantities summed per product, in product order (so two writers cannot deadlock). */
  private linesOf(orderIds: number[]): Promise<{ productId: number; num: number }[]> {
    if (orderIds.length === 0) return Promise.resolve([]);
    return this.tx
      .select({ productId: orderItems.productId, num: sql<number>`sum(${orderItems.num})::int` })
      .from(orderItems)
      .where(inArray(orderItems.orderId, orderIds))
      .groupBy(orderItems.productId)
      .orderBy(orderItems.productId);
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
  const result = await db.transaction((tx) => {
    stock = new StockChanges(tx);
    return work(tx, stock);
  });
  if (stock?.changed) listener.stockChanged();
  return result;
}

/** Tells every process that the catalogue changed. Call it inside the transaction that changed it. */
export async function bumpCatalogueVersion(db: Pick<Db, 'insert'>): Promise<void> {
  await db
    .insert(catalogueState)
    .values({ id: 1, version: 1 })
    .onConflictDoUpdate({ target: catalogueState.id, set: { version: sql`${catalogueState.version} + 1` } });
}

/**
 * Runs `work` in one transaction that also bumps the catalogue's version; once it has committed,
 * reloads this process's catalogue (other processes reload on their next poll).
 */
export async function withCatalogueChange<T>(
  db: Db,
  catalogue: Pick<CatalogueListener, 'changed'>,
  work: (tx: Tx, touched: CatalogueTouched) => Promise<T>,
): Promise<T> {
  const touched = new CatalogueTouched();
  const result = await db.transaction(async (tx) => {
    const done = await work(tx, touched);
    await bumpCatalogueVersion(tx);
    return done;
  });
  await catalogue.changed(touched);
  return result;
}
