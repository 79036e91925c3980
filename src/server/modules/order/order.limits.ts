import { and, eq, inArray, sql } from 'drizzle-orm';
import type { OrderLimits } from '#server/config';
import type { Tx } from '#server/db/client';
import { orderLines, orders, type products } from '#server/db/schema';
import { Conflict } from '#server/errors';
import { ORDER_STATUS } from '#shared/schemas/order';
import { overLineMax } from '../cart/cart.service';

/**
 * The limits a grocery sets so that one account cannot hold the shelves while it does not pay
 * (docs/decisions/011-order-limits.md). Both read the shopper's unpaid orders: call them in the
 * placing transaction after lockShopper, so parallel orders from one shopper count each other.
 * Neither reads the shopper's other orders: their cost is bounded by `pendingMax`, never by how
 * many orders the shopper has had (docs/decisions/018-checkout-cost-without-history.md).
 */

/**
 * 409 when the shopper already has `pendingMax` orders waiting for payment; else answers their ids
 * (fewer than `pendingMax`, read through the shopper's unpaid-orders index) for assertLineCaps.
 */
export async function assertPendingRoom(tx: Tx, userId: number, limits: OrderLimits): Promise<number[]> {
  const waiting = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, ORDER_STATUS.pending)))
    .limit(limits.pendingMax);
  if (waiting.length >= limits.pendingMax) {
    throw new Conflict('errors:order.tooManyPending', { n: waiting.length });
  }
  return waiting.map((o) => o.id);
}

type Product = Pick<typeof products.$inferSelect, 'id' | 'enName' | 'znName' | 'realStock'>;

/**
 * 409 naming the first product of which the order would hold more than `lineMax` units, counting
 * what the shopper's unpaid orders (`pendingIds`, from assertPendingRoom) already hold of it:
 * three unpaid orders of 50 are no way round a cap of 50.
 */
export async function assertLineCaps(
  tx: Tx,
  pendingIds: number[],
  lines: { product: Product; num: number }[],
  limits: OrderLimits,
): Promise<void> {
  const held = await heldUnits(
    tx,
    pendingIds,
    lines.map((l) => l.product.id),
  );
  for (const { product, num } of lines) {
    const already = held.get(product.id) ?? 0;
    if (num + already <= limits.lineMax) continue;
    if (already === 0) throw overLineMax(product, limits.lineMax);
    throw new Conflict('errors:order.lineMaxHeld', {
      max: limits.lineMax,
      held: already,
      name_en: product.enName,
      name_zh: product.znName,
    });
  }
}

/**
 * Units of each product that these orders hold. Read by order id, not by joining the shopper's
 * orders: the planner then never trades the order-items index for a scan of every order's lines.
 * The ids go as one array parameter, however many a high PENDING_ORDERS_MAX lets there be.
 */
async function heldUnits(tx: Tx, orderIds: number[], productIds: number[]): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await tx
    .select({ productId: orderLines.productId, num: sql<number>`sum(${orderLines.num})::int` })
    .from(orderLines)
    .where(
      and(
        sql`${orderLines.orderId} = any(${sql.param(orderIds)}::int[])`,
        inArray(orderLines.productId, productIds),
      ),
    )
    .groupBy(orderLines.productId);
  return new Map(rows.map((r) => [r.productId, Number(r.num)]));
}
