import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client';
import { orderItems, packingLines, payments } from '#server/db/schema';
import { Conflict } from '#server/errors';
import { enqueueOrderMail, type PackingChange } from '#server/mail/outbox';
import { centsToAmount } from '#shared/money';
import type { OrderLine } from '#shared/schemas/order';

/**
 * What packing changed in an order, read by the order state machine (the pack gate, the shopper's
 * mail) and by the order pages: kept apart from packing.service.ts, which calls the machine.
 */

export type PackingLineRecord = typeof packingLines.$inferSelect;

/** What a shopper sees of a line's mark: only a change (short or replaced), never who or when. */
export function shopperMarkView(mark: PackingLineRecord | undefined): OrderLine['packing'] {
  if (!mark || (mark.state !== 'short' && mark.state !== 'replaced')) return null;
  return {
    state: mark.state,
    short_num: mark.shortQty,
    replacement:
      mark.state === 'replaced'
        ? {
            en_name: mark.replacementEnName ?? '',
            zn_name: mark.replacementZnName ?? '',
            charged: centsToAmount(mark.chargedPriceCents ?? 0),
          }
        : null,
    refund: centsToAmount(mark.refundCents),
    refunded: mark.refundState === 'sent',
  };
}

/** The marks of one order's lines, by order line id. */
export async function marksOfOrder(db: Db | Tx, orderId: number): Promise<Map<number, PackingLineRecord>> {
  const rows = await db.select().from(packingLines).where(eq(packingLines.orderId, orderId));
  return new Map(rows.map((r) => [r.orderItemId, r]));
}

/** The marks of several orders' lines, by order line id. */
export async function marksOfOrders(
  db: Db | Tx,
  orderIds: number[],
): Promise<Map<number, PackingLineRecord>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.select().from(packingLines).where(inArray(packingLines.orderId, orderIds));
  return new Map(rows.map((r) => [r.orderItemId, r]));
}

/**
 * Packing an order whose lines the packer has begun to mark needs every line marked (an order
 * nobody marked packs as before: the shop may not use the packing view).
 */
export async function checkAllLinesMarked(tx: Tx, orderId: number): Promise<void> {
  const [counts] = await tx
    .select({
      lines: sql<number>`count(*)::int`,
      marked: sql<number>`count(${packingLines.orderItemId})::int`,
    })
    .from(orderItems)
    .leftJoin(packingLines, eq(packingLines.orderItemId, orderItems.id))
    .where(eq(orderItems.orderId, orderId));
  if (counts && counts.marked > 0 && counts.marked < counts.lines) {
    throw new Conflict('errors:packing.unmarkedLines', { count: counts.lines - counts.marked });
  }
}

/** The short and replaced lines of an order, as its mail lists them (nothing when all was picked). */
export async function changesOfOrder(tx: Db | Tx, orderId: number): Promise<PackingChange[]> {
  const rows = await tx
    .select({ line: orderItems, mark: packingLines })
    .from(packingLines)
    .innerJoin(orderItems, eq(orderItems.id, packingLines.orderItemId))
    .where(and(eq(packingLines.orderId, orderId), inArray(packingLines.state, ['short', 'replaced'])))
    .orderBy(asc(orderItems.id));
  return rows.map(({ line, mark }) => ({
    enName: line.enName,
    znName: line.znName,
    num: line.num,
    state: mark.state as 'short' | 'replaced',
    shortQty: mark.shortQty,
    replacementEnName: mark.replacementEnName,
    replacementZnName: mark.replacementZnName,
    refundCents: mark.refundCents,
  }));
}

/**
 * When an order leaves the packing bench (packed, or shipped unpacked), tells the shopper in one
 * mail what was short or replaced and what is refunded: queued in the transaction of that change,
 * at most once per order (the outbox keeps one `packed` mail per order).
 */
export async function enqueuePackingMail(tx: Tx, orderId: number, at: Date): Promise<void> {
  const changes = await changesOfOrder(tx, orderId);
  if (changes.length === 0) return;
  const [paid] = await tx
    .select({ kind: payments.kind, vendor: payments.vendor, cardLast4: payments.cardLast4 })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), inArray(payments.status, ['succeeded', 'refunded'])));
  await enqueueOrderMail(
    tx,
    'packed',
    orderId,
    {
      changes,
      amountCents: changes.reduce((sum, c) => sum + c.refundCents, 0),
      ...(paid ? { paymentKind: paid.kind, vendor: paid.vendor, cardLast4: paid.cardLast4 } : {}),
    },
    at,
  );
}
