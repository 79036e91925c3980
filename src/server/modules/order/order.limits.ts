import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { OrderLimits } from '#server/config';
import type { Tx } from '#server/db/client';
import { orderItems, orders, type products } from '#server/db/schema';
import { Conflict } from '#server/errors';
import { ORDER_STATUS } from '#shared/schemas/order';
import { overLineMax } from '../cart/cart.service';

/**
 * The limits a grocery sets so that one account cannot hold the shelves while it does not pay
 * (docs/decisions/011-order-limits.md). Both read the shopper's unpaid orders: call them in the
 * placing transaction after lockShopper, so parallel orders from one shopper count each other.
 */

/** 409 when the shopper already has `pendingMax` orders waiting for payment. */
export async function assertPendingRoom(tx: Tx, userId: number, limits: OrderLimits): Promise<void> {
  const [row] = await tx
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, ORDER_STATUS.pending)));
  const waiting = row?.n ?? 0;
  if (waiting >= limits.pendingMax) throw new Conflict('errors:order.tooManyPending', { n: waiting });
}

type Product = Pick<typeof products.$inferSelect, 'id' | 'enName' | 'znName' | 'realStock'>;

/**
 * 409 naming the first product of which the order would hold more than `lineMax` units, counting
 * what the shopper's unpaid orders already hold of it: three unpaid orders of 50 are no way round
 * a cap of 50.
 */
export async function assertLineCaps(
  tx: Tx,
  userId: number,
  lines: { product: Product; num: number }[],
  limits: OrderLimits,
): Promise<void> {
  const held = await heldUnits(
    tx,
    userId,
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

/** Units of each product that the shopper's orders waiting for payment hold. */
async function heldUnits(tx: Tx, userId: number, productIds: number[]): Promise<Map<number, number>> {
  const rows = await tx
    .select({ productId: orderItems.productId, num: sql<number>`sum(${orderItems.num})::int` })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, ORDER_STATUS.pending),
        inArray(orderItems.productId, productIds),
      ),
    )
    .groupBy(orderItems.productId);
  return new Map(rows.map((r) => [r.productId, Number(r.num)]));
}
