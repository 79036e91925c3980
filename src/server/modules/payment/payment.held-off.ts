import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client';
import { packingLines, payments, refunds } from '#server/db/schema';
import { markOrderRefunded } from '../order/order.machine';

/*
 * What comes off a weighed order's held card before it is charged (docs/decisions/026 and
 * docs/product.md, Packing: weighed orders): `held` refunds rows, from the packer's short marks
 * and a manager's part refunds, lower the capture and become `succeeded` when the hold settles.
 */

type PaymentRow = typeof payments.$inferSelect;

/** The sum of the refunds `where` picks, in cents. */
export async function refundCentsWhere(tx: Tx, where: SQL | undefined): Promise<number> {
  const [row] = await tx
    .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(where);
  return row?.cents ?? 0;
}

/** What is taken off a held card's capture: its `held` refunds. */
export function heldOffCents(tx: Tx, orderId: number): Promise<number> {
  return refundCentsWhere(tx, and(eq(refunds.orderId, orderId), eq(refunds.status, 'held')));
}

/**
 * What a held payment will keep of the order's `totalCents` (a card's capture: the total less
 * what was taken off it; a wallet's shorts were refunded already) and the most it can keep.
 */
export async function keptAndHeld(
  tx: Tx,
  payment: PaymentRow,
  orderId: number,
  totalCents: number,
): Promise<{ keep: number; held: number; takenOff: number }> {
  const takenOff = payment.kind === 'card' ? await heldOffCents(tx, orderId) : 0;
  return { keep: totalCents - takenOff, held: payment.heldCents ?? payment.amountCents, takenOff };
}

/**
 * A held card settled (captured or voided), the order's money locked by the caller: what was
 * taken off it was never charged, so its `held` refunds become `succeeded`, booked on this day
 * (the shopper was told when each was made). Answers the packer's short marks' refunds among
 * them, whose lines are now `sent`, for the caller to record on the timeline if it wants.
 */
export async function settleHeldOff(
  tx: Tx,
  paymentId: number,
  orderId: number,
  now: Date,
): Promise<number[]> {
  await tx
    .update(refunds)
    .set({ status: 'succeeded', updatedAt: now })
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.status, 'held')));
  const shorts = await tx
    .update(packingLines)
    .set({ refundState: 'sent', refundMessage: null })
    .where(and(eq(packingLines.orderId, orderId), eq(packingLines.refundState, 'held')))
    .returning({ refundId: packingLines.refundId });
  return shorts.map((r) => r.refundId ?? 0).filter((id) => id > 0);
}

/** Whether all that was paid is back (succeeded refunds); if so, the payment is `refunded`. */
export async function markIfAllBack(
  tx: Tx,
  payment: PaymentRow,
  now: Date,
): Promise<{ whole: boolean; givenCents: number }> {
  const givenCents = await refundCentsWhere(
    tx,
    and(eq(refunds.paymentId, payment.id), eq(refunds.status, 'succeeded')),
  );
  const whole = givenCents >= payment.amountCents;
  if (whole) {
    await tx
      .update(payments)
      .set({ status: 'refunded', updatedAt: now })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'succeeded')));
  }
  return { whole, givenCents };
}

/**
 * A held card settled with only a manager's refunds taken off it (told when made): when that was
 * all of it, the payment is `refunded` and the order 6, as a last refund would leave them.
 */
export async function settleWholeIfBack(
  tx: Tx,
  payment: PaymentRow,
  orderId: number,
  now: Date,
): Promise<void> {
  const { whole } = await markIfAllBack(tx, payment, now);
  if (whole) await markOrderRefunded(tx, orderId, now);
}
