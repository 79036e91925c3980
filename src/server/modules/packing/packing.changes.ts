import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client';
import { orderLines, orders, packingLines, payments, refunds } from '#server/db/schema';
import { Conflict } from '#server/errors';
import { enqueueOrderMail, type PackingChange } from '#server/mail/outbox';
import type { OrderChanged } from '../order/order.events';
import { DIFFERENCE_REASON } from '../payment/payment.capture';
import { refundCentsWhere } from '../payment/payment.held-off';

/**
 * What packing changed in an order: the marks as the console's pages read them, and what packing
 * does when an order changes (listeners of the order's events, wired in app.ts): it refuses to pack
 * an order whose lines are half marked, and tells the shopper what was short or replaced.
 */

export type PackingLineRecord = typeof packingLines.$inferSelect;

/** The marks of one order's lines, by order line id. */
export async function marksOfOrder(db: Db | Tx, orderId: number): Promise<Map<number, PackingLineRecord>> {
  const rows = await db.select().from(packingLines).where(eq(packingLines.orderId, orderId));
  return new Map(rows.map((r) => [r.orderLineId, r]));
}

/** The marks of several orders' lines, by order line id. */
export async function marksOfOrders(
  db: Db | Tx,
  orderIds: number[],
): Promise<Map<number, PackingLineRecord>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.select().from(packingLines).where(inArray(packingLines.orderId, orderIds));
  return new Map(rows.map((r) => [r.orderLineId, r]));
}

/**
 * Packing an order whose lines the packer has begun to mark needs every line marked (an order
 * nobody marked packs as before: the shop may not use the packing view).
 */
export async function checkAllLinesMarked(tx: Tx, orderId: number): Promise<void> {
  const [counts] = await tx
    .select({
      lines: sql<number>`count(*)::int`,
      marked: sql<number>`count(${packingLines.orderLineId})::int`,
    })
    .from(orderLines)
    .leftJoin(packingLines, eq(packingLines.orderLineId, orderLines.id))
    .where(eq(orderLines.orderId, orderId));
  if (counts && counts.marked > 0 && counts.marked < counts.lines) {
    throw new Conflict('errors:packing.unmarkedLines', { count: counts.lines - counts.marked });
  }
}

/** `order.packing`: refuses to pack an order whose lines the packer has begun but not finished marking. */
export async function refuseHalfMarked(event: { orderId: number }, tx: Tx): Promise<void> {
  await checkAllLinesMarked(tx, event.orderId);
}

/** `order.changed`: leaving the packing bench, the shopper hears once what was short or replaced. */
export async function mailPackingChanges(event: OrderChanged, tx: Tx): Promise<void> {
  if (event.kind === 'packed' || event.kind === 'shipped')
    await enqueuePackingMail(tx, event.orderId, event.at);
}

/** The short and replaced lines of an order, as its mail lists them (nothing when all was picked). */
export async function changesOfOrder(tx: Db | Tx, orderId: number): Promise<PackingChange[]> {
  const rows = await tx
    .select({ line: orderLines, mark: packingLines })
    .from(packingLines)
    .innerJoin(orderLines, eq(orderLines.id, packingLines.orderLineId))
    .where(and(eq(packingLines.orderId, orderId), inArray(packingLines.state, ['short', 'replaced'])))
    .orderBy(asc(orderLines.id));
  return rows.map(({ line, mark }) => ({
    enName: line.enName,
    znName: line.znName,
    num: line.num,
    state: mark.state as 'short' | 'replaced',
    shortQty: mark.shortQty,
    replacementEnName: mark.replacementEnName,
    replacementZnName: mark.replacementZnName,
    refundCents: mark.refundCents,
    dearerCents:
      mark.state === 'replaced' && (mark.chargedPriceCents ?? 0) > line.priceCents
        ? ((mark.chargedPriceCents ?? 0) - line.priceCents) * line.num
        : 0,
  }));
}

/**
 * When an order leaves the packing bench (packed, or shipped unpacked), tells the shopper in one
 * mail what was short or replaced and what is refunded: queued in the transaction of that change,
 * at most once per order (the outbox keeps one `packed` mail per order).
 */
export async function enqueuePackingMail(tx: Tx, orderId: number, at: Date): Promise<void> {
  const changes = await changesOfOrder(tx, orderId);
  // A weighed order's packed mail is also its final receipt (docs/product.md, Sold by weight).
  const [order] = await tx
    .select({ weighed: orders.weighed, totalCents: orders.totalCents })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (changes.length === 0 && !order?.weighed) return;
  const [paid] = await tx
    .select({
      kind: payments.kind,
      vendor: payments.vendor,
      cardLast4: payments.cardLast4,
      holdState: payments.holdState,
      heldCents: payments.heldCents,
    })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, ['succeeded', 'refunded'])));
  // A wallet paid the estimate plus the buffer: what it gets back after packing is told with the rest.
  const walletDifference =
    paid && paid.kind !== 'card' && paid.heldCents !== null && order
      ? Math.max(0, paid.heldCents - order.totalCents)
      : 0;
  // Held (weighed) payments end with what they are charged: the total less what came off it.
  const chargedCents =
    paid?.holdState !== null && paid?.holdState !== undefined && order
      ? Math.max(0, order.totalCents - (await takenOffCents(tx, orderId)))
      : undefined;
  await enqueueOrderMail(
    tx,
    'packed',
    orderId,
    {
      changes,
      ...(chargedCents === undefined ? {} : { chargedCents }),
      amountCents: changes.reduce((sum, c) => sum + c.refundCents, 0) + walletDifference,
      ...(paid ? { paymentKind: paid.kind, vendor: paid.vendor, cardLast4: paid.cardLast4 } : {}),
      ...(paid?.kind === 'card' && paid.holdState !== null ? { notCharged: true } : {}),
    },
    at,
  );
}

/**
 * What came off a held payment's charge before its settling: its refunds sent, under way or taken
 * off the hold, but not a wallet's weighed difference (which is what it paid above the total).
 */
function takenOffCents(tx: Tx, orderId: number): Promise<number> {
  return refundCentsWhere(
    tx,
    and(
      eq(refunds.orderId, orderId),
      inArray(refunds.status, ['pending', 'held', 'succeeded']),
      ne(refunds.reason, DIFFERENCE_REASON),
    ),
  );
}
