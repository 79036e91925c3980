import { and, desc, eq } from 'drizzle-orm';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { orders, users } from '#server/db/schema';
import { Conflict, NotFound } from '#server/errors';
import { enqueueMailsForStatus } from '#server/mail/outbox';
import { ORDER_STATUS, type OrderStatus } from '#shared/schemas/order';
import { NO_STOCK_LISTENER, type StockListener, withStockChanges } from '../catalogue/catalogue.changes';
import { releaseOrders } from './order.expiry';

/** The shop's side of orders (the command line): list, ship, complete, cancel. */
export interface OrderRow {
  orderNo: string;
  status: number;
  email: string;
  totalCents: number;
  totalCount: number;
  createdAt: Date;
}

export async function listShopOrders(db: Db, status?: number, limit = 100): Promise<OrderRow[]> {
  return db
    .select({
      orderNo: orders.orderNo,
      status: orders.status,
      email: users.email,
      totalCents: orders.totalCents,
      totalCount: orders.totalCount,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(status === undefined ? undefined : eq(orders.status, status))
    .orderBy(desc(orders.createdAt))
    .limit(limit);
}

/**
 * Moves an order from one status to the next with a conditional update, so two people (or a
 * payment arriving) cannot both change it. Cancelling a pending order returns its stock (and tells
 * `catalogue`, when this process has one in memory).
 */
export async function moveOrder(
  db: Db,
  orderNo: string,
  from: OrderStatus,
  to: OrderStatus,
  clock: Clock,
  catalogue: StockListener = NO_STOCK_LISTENER,
): Promise<void> {
  await withStockChanges(db, catalogue, async (tx, stock) => {
    const moved = await tx
      .update(orders)
      .set({ status: to, updatedAt: clock.now() })
      .where(and(eq(orders.orderNo, orderNo), eq(orders.status, from)))
      .returning({ id: orders.id });
    if (moved.length === 0) {
      const [existing] = await tx
        .select({ status: orders.status })
        .from(orders)
        .where(eq(orders.orderNo, orderNo));
      if (!existing) throw new NotFound('errors:order.notFound');
      throw new Conflict('errors:order.notPending', { status: String(existing.status) });
    }
    if (to === ORDER_STATUS.cancelled)
      await releaseOrders(
        tx,
        stock,
        moved.map((o) => o.id),
      );
    await enqueueMailsForStatus(
      tx,
      to,
      moved.map((o) => o.id),
    );
  });
}

export const SHOP_TRANSITIONS = {
  ship: [ORDER_STATUS.processing, ORDER_STATUS.shipped],
  complete: [ORDER_STATUS.shipped, ORDER_STATUS.completed],
  cancel: [ORDER_STATUS.pending, ORDER_STATUS.cancelled],
} as const;
