import { sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client';
import type { OrderChanged } from '../order/order.events';

/**
 * Order events told to every process (PostgreSQL): the transaction that writes an event sends
 * NOTIFY on this channel, delivered to every listener when (and only if) it commits; each process's
 * live feed then reads the new events (notification.feed.ts). The payload is the order's id, for
 * whoever reads the traffic; the feed reads the events themselves from the table.
 */
export const ORDER_EVENTS_CHANNEL = 'order_events';

/** `order.changed` (wired in app.ts for every process that changes orders, the command line too). */
export async function notifyOrderEvent(event: OrderChanged, tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_notify(${ORDER_EVENTS_CHANNEL}, ${String(event.orderId)})`);
}
