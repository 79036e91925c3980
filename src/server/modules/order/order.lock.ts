import { asc, eq } from 'drizzle-orm';
import type { Tx } from '#server/db/client';
import { orders, payments } from '#server/db/schema';

/**
 * The one lock order for an order's money (docs/architecture.md, Locking an order's money): the
 * order's row first, always; then its payment rows, by id; then anything else (refunds, packing
 * lines, stock, coupons). Every transaction that changes what an order was paid or given back, or
 * its status — packing marks, refunds (the console's, the command line's, packing's and their
 * worker), cancelling, expiring, applying a payment — takes its locks through here, so two of them
 * wait for each other on the order row instead of each holding what the other needs (a deadlock,
 * which PostgreSQL ends by failing one of them). `FOR NO KEY UPDATE`: rows that only refer to the
 * order (its timeline, its refunds) can still be written by others meanwhile.
 */

type OrderRecord = typeof orders.$inferSelect;
type PaymentRecord = typeof payments.$inferSelect;

export type OrderKey = { orderNo: string } | { orderId: number };

const whereOf = (key: OrderKey) =>
  'orderNo' in key ? eq(orders.orderNo, key.orderNo) : eq(orders.id, key.orderId);

/** Locks the order's row until the transaction ends; undefined when there is no such order. */
export async function lockOrder(tx: Tx, key: OrderKey): Promise<OrderRecord | undefined> {
  const [order] = await tx.select().from(orders).where(whereOf(key)).for('no key update');
  return order;
}

/** Locks the order's row, then all its payment attempts (by id): what moving its money needs. */
export async function lockOrderMoney(
  tx: Tx,
  key: OrderKey,
): Promise<{ order: OrderRecord; payments: PaymentRecord[] } | undefined> {
  const order = await lockOrder(tx, key);
  if (!order) return undefined;
  const rows = await tx
    .select()
    .from(payments)
    .where(eq(payments.orderId, order.id))
    .orderBy(asc(payments.id))
    .for('update');
  return { order, payments: rows };
}

/** The attempt that took the order's money (at most one: a unique partial index). */
export const succeededOf = (rows: PaymentRecord[]) => rows.find((p) => p.status === 'succeeded');
