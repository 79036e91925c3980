import { desc, eq } from 'drizzle-orm';
import type { Clock } from '#server/clock';
import type { Db, Tx } from '#server/db/client';
import { orders, users } from '#server/db/schema';
import { NO_STOCK_LISTENER, type StockListener, withStockChanges } from '../catalogue/catalogue.changes';
import { type ActInput, actOnOrder, type OrderRecord } from './order.machine';

/** What staff do to orders, from the console or the command line: list, pack, ship, complete, cancel. */
export interface OrderRow {
  orderNo: string;
  status: number;
  email: string;
  totalCents: number;
  totalCount: number;
  createdAt: Date;
}

/** The newest orders, of one status or all, with the shopper's e-mail. */
export async function recentOrders(db: Db, status?: number, limit = 100): Promise<OrderRow[]> {
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
 * Does a staff action (pack, ship, complete, cancel) to an order through the state machine, in one
 * transaction; cancelling returns the stock and tells `catalogue`, when this process has one in
 * memory. `then` runs in the same transaction (the console records the audit entry there).
 */
export async function runOrderAction(
  db: Db,
  input: Omit<ActInput, 'now'>,
  clock: Clock,
  catalogue: StockListener = NO_STOCK_LISTENER,
  then?: (tx: Tx, change: { before: OrderRecord; after: OrderRecord }) => Promise<void>,
): Promise<OrderRecord> {
  return withStockChanges(db, catalogue, async (tx, stock) => {
    const change = await actOnOrder(tx, stock, { ...input, now: clock.now() });
    await then?.(tx, change);
    return change.after;
  });
}
