import { and, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '#server/clock';
import type { Db, Tx } from '#server/db/client';
import { couponRedemptions, orders } from '#server/db/schema';
import { enqueueOrderMail } from '#server/mail/outbox';
import { ORDER_STATUS } from '#shared/schemas/order';
import { type StockChanges, type StockListener, withStockChanges } from '../catalogue/catalogue.changes';

/**
 * How long one payment attempt holds its order (`orders.payment_started_at`); after that a crashed
 * attempt no longer blocks paying again, and expiry no longer waits for it.
 */
export const PAYMENT_SLOT_MS = 2 * 60_000;

/** What expiring orders needs: the database, the time, and the catalogue to tell of returned stock. */
export interface ExpiryDeps {
  db: Db;
  clock: Clock;
  catalogue: StockListener;
}

/**
 * Returns the stock of the given orders' lines and releases their coupons. Call it in the
 * transaction that moved them out of "pending", so it happens exactly once.
 */
export async function releaseOrders(tx: Tx, stock: StockChanges, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await stock.putBack(orderIds);
  await tx.delete(couponRedemptions).where(inArray(couponRedemptions.orderId, orderIds));
}

/**
 * Expires pending orders whose ten minutes are up: status 5 and their stock back. The status change
 * is a conditional update, so when several processes sweep at once each order is expired, and its
 * stock returned, by exactly one of them. An order whose payment attempt is under way waits for it
 * (at most PAYMENT_SLOT_MS), so a charge the gateway approves is never met by a cancelled order.
 * Without `userId` every shopper's; the catalogue is told when stock came back. Returns how many it
 * expired.
 */
export async function expireOverdueOrders(deps: ExpiryDeps, userId?: number): Promise<number> {
  const now = deps.clock.now();
  return withStockChanges(deps.db, deps.catalogue, async (tx, stock) => {
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
      stock,
      expired.map((o) => o.id),
    );
    for (const o of expired) await enqueueOrderMail(tx, 'expired', o.id);
    return expired.length;
  });
}

/** How often each process sweeps for overdue orders (orders are also expired whenever they are read). */
export const EXPIRY_SWEEP_MS = 30_000;

/** Sweeps periodically while the app runs; safe with several processes (see expireOverdueOrders). */
export function startExpirySweep(app: FastifyInstance, deps: ExpiryDeps): void {
  const timer = setInterval(() => {
    expireOverdueOrders(deps).catch((err) => app.log.warn({ err }, 'order expiry sweep failed'));
  }, EXPIRY_SWEEP_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
