import { eq, sql } from 'drizzle-orm';
import type { AuditNote, Changed } from '#server/audit';
import type { Tx } from '#server/db/client';
import { products, stockMovements } from '#server/db/schema';
import { AppError, NotFound } from '#server/errors';
import type { StockReason } from '#shared/schemas/stock.rules';
import type { StockChangeInput } from '#shared/schemas/stock.zod';
import type { CatalogueTouched, StockChanges } from '../catalogue/catalogue.changes';

/**
 * Staff's stock changes (docs/architecture.md, Stock): each one a conditional single-statement
 * update through StockChanges (as orders take units), a stock movement and an audit line (reported
 * to the caller, which writes it), all in one transaction, so a change and the orders racing it
 * never lose each other.
 */

/** One change applied: the units it actually added (negative: removed) and the stock it left. */
export interface AppliedChange {
  productId: number;
  reason: StockReason;
  delta: number;
  stock: number;
}

/** One stock change to keep beside its product: who made it (null: the command line), when, why. */
export interface StockMovement {
  productId: number;
  staffId: number | null;
  at: Date;
  /** The change actually applied, signed. */
  delta: number;
  stockAfter: number;
  reason: StockReason;
  note: string;
}

const MOVEMENT_BATCH = 500;

/**
 * Keeps stock changes as movements (the product's stock page lists them), in the transaction that
 * made them; many rows a statement, as one JSON parameter (an import may move 1,000 products).
 */
export async function recordStockMovements(tx: Tx, movements: readonly StockMovement[]): Promise<void> {
  for (let i = 0; i < movements.length; i += MOVEMENT_BATCH) {
    const batch = movements.slice(i, i + MOVEMENT_BATCH).map((m) => ({
      product_id: m.productId,
      staff_id: m.staffId,
      at: m.at.toISOString(),
      delta: m.delta,
      stock_after: m.stockAfter,
      reason: m.reason,
      note: m.note,
    }));
    await tx.execute(sql`
      insert into ${stockMovements} (product_id, staff_id, at, delta, stock_after, reason, note)
      select product_id, staff_id, at, delta, stock_after, reason, note
      from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as x(product_id int, staff_id int,
        at timestamptz, delta int, stock_after int, reason text, note text)`);
  }
}

/** A refusal of one row of a batch: `data.row` is its index, so the grid marks that row. */
function rowRefusal(status: number, key: string, row: number, params: Record<string, number> = {}) {
  return new AppError(status, key, params, {}, { row });
}

async function stockOf(tx: Tx, productId: number): Promise<number | undefined> {
  const [row] = await tx
    .select({ stock: products.realStock })
    .from(products)
    .where(eq(products.id, productId));
  return row?.stock;
}

/** Applies one change; throws (the whole batch rolls back) when its product is gone or short. */
async function applyOne(
  tx: Tx,
  stock: StockChanges,
  change: StockChangeInput,
  row: number,
): Promise<{ before: number; after: number }> {
  const { productId, quantity } = change;
  const unknown = () => rowRefusal(404, 'errors:catalogueAdmin.stock.unknownProduct', row);
  if (change.reason === 'count') {
    const set = await stock.set(productId, quantity);
    if (!set) throw unknown();
    return set;
  }
  if (change.reason === 'received') {
    const after = await stock.add(productId, quantity);
    if (after === undefined) throw unknown();
    return { before: after - quantity, after };
  }
  const after = await stock.remove(productId, quantity);
  if (after !== undefined) return { before: after + quantity, after };
  const left = await stockOf(tx, productId);
  if (left === undefined) throw unknown();
  throw rowRefusal(409, 'errors:catalogueAdmin.stock.notEnough', row, { stock: left, quantity });
}

/**
 * Applies a batch of stock changes through `stock` (withStockChanges), all or nothing, each
 * recorded as a movement by `staffId` at `at` and reported for the audit log. Rows are applied in
 * product order (as orders take their lines) so two writers cannot deadlock; rows of one product
 * keep the order they were sent in.
 */
export async function applyStockChanges(
  tx: Tx,
  stock: StockChanges,
  changes: StockChangeInput[],
  by: { staffId: number | null; at: Date },
): Promise<Changed<AppliedChange[]>> {
  const { staffId, at } = by;
  const rows = changes
    .map((change, row) => ({ change, row }))
    .sort((a, b) => a.change.productId - b.change.productId || a.row - b.row);
  const applied: AppliedChange[] = new Array(changes.length);
  const audit: AuditNote[] = [];
  for (const { change, row } of rows) {
    const { before, after } = await applyOne(tx, stock, change, row);
    const delta = after - before;
    await recordStockMovements(tx, [
      {
        productId: change.productId,
        staffId,
        at,
        delta,
        stockAfter: after,
        reason: change.reason,
        note: change.note,
      },
    ]);
    audit.push({
      action: `stock.${change.reason}`,
      targetType: 'product',
      targetId: change.productId,
      before: { real_stock: before },
      after: { real_stock: after, quantity: change.quantity, note: change.note },
    });
    applied[row] = { productId: change.productId, reason: change.reason, delta, stock: after };
  }
  return { result: applied, audit };
}

/**
 * Sets a product's low-stock threshold (Today and the grid's `low` filter read it), inside a
 * catalogue change (withCatalogueChange) that touches the product.
 */
export async function setThreshold(
  tx: Tx,
  touched: CatalogueTouched,
  productId: number,
  threshold: number,
): Promise<Changed<number>> {
  const result = await tx.execute(sql`
    update ${products} set low_stock_threshold = ${threshold}
    from (select id, low_stock_threshold from ${products} where id = ${productId} for update) as old
    where ${products.id} = old.id
    returning old.low_stock_threshold as before`);
  const [row] = (result as unknown as { rows: { before: number }[] }).rows;
  if (!row) throw new NotFound('errors:catalogueAdmin.stock.unknownProduct');
  touched.product(productId);
  return {
    result: threshold,
    audit: {
      action: 'stock.threshold',
      targetType: 'product',
      targetId: productId,
      before: { low_stock_threshold: Number(row.before) },
      after: { low_stock_threshold: threshold },
    },
  };
}
