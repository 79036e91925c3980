import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ORDER_STATUS } from '../../../shared/schemas/order';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { couponRedemptions, orderItems, orders, products } from '../../db/schema';
import type { CatalogueStore } from '../catalogue/catalogue.store';
import { PAYMENT_SLOT_MS } from '../payment/payment.store';

/**
 * Returns the stock of the given orders' lines and releases their coupons. Call it in the
 * transaction that moved them out of "pending", so it happens exactly once.
 */
export async function releaseOrders(tx: Tx, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  const lines = await tx
    .select({ productId: orderItems.productId, num: sql<number>`sum(${orderItems.num})::int` })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .groupBy(orderItems.productId)
    .orderBy(orderItems.productId);
  for (const line of lines) {
    await tx
      .update(products)
      .set({ realStock: sql`${products.realStock} + ${line.num}`, stockChangedAt: sql`clock_timestamp()` })
      .where(eq(products.id, line.productId));
  }
  await tx.delete(couponRedemptions).where(inArray(couponRedemptions.orderId, orderIds));
}

/**
 * Expires pending orders whose ten minutes are up: status 5 and their stock back. The status change
 * is a conditional update, so when several processes sweep at once each order is expired, and its
 * stock returned, by exactly one of them. An order whose payment attempt is under way waits for it
 * (at most PAYMENT_SLOT_MS), so a charge the gateway approves is never met by a cancelled order.
 * Returns how many it expired.
 */
export async function expireOverdueOrders(db: Db, now: Date, userId?: number): Promise<number> {
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(orders)
      .set({ status: ORDER_STATUS.cancelled, updatedAt: now })
      .where(
        and(
          eq(orders.status, ORDER_STATUS.pending),
          lte(orders.expiresAt, now),
          or(
            isNull(orders.paymentStartedAt),
            lte(orders.paymentStartedAt, new Date(now.getTime() - PAYMENT_SLOT_MS)),
          ),
          userId === undefined ? undefined : eq(orders.userId, userId),
        ),
      )
      .returning({ id: orders.id });
    await releaseOrders(
      tx,
      expired.map((o) => o.id),
    );
    return expired.length;
  });
}

/** How often each process sweeps for overdue orders (orders are also expired whenever they are read). */
export const EXPIRY_SWEEP_MS = 30_000;

/** Sweeps periodically while the app runs; safe with several processes (see expireOverdueOrders). */
export function startExpirySweep(
  app: FastifyInstance,
  db: Db,
  clock: Clock,
  catalogue: Pick<CatalogueStore, 'stockChanged'>,
): void {
  const timer = setInterval(() => {
    expireOverdueOrders(db, clock.now())
      .then((n) => {
        if (n > 0) catalogue.stockChanged();
      })
      .catch((err) => app.log.warn({ err }, 'order expiry sweep failed'));
  }, EXPIRY_SWEEP_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
