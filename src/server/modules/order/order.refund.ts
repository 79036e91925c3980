import { and, eq, inArray } from 'drizzle-orm';
import type { Clock } from '#server/clock';
import type { Db, Tx } from '#server/db/client';
import { orderItems, type orders, payments, refunds } from '#server/db/schema';
import { Conflict, NotFound } from '#server/errors';
import type { GatewayLog, GatewayOutcome, Gateways } from '#server/gateways/gateway';
import { formatCents, goodsPaidOf } from '#shared/money';
import { ORDER_STATUS } from '#shared/schemas/order';
import { lockOrderMoney, succeededOf } from './order.lock';
import { orderRefunded, PAID_STATUSES, type RefundFacts, refusal } from './order.machine';

type PaymentRow = typeof payments.$inferSelect;

export interface RefundDeps {
  db: Db;
  clock: Clock;
  gateways: Gateways;
  log: GatewayLog;
}

/** A refund asked for: all that is left (neither amount nor lines), an amount, or chosen lines. */
export interface RefundRequest {
  /** Cents to give back; wins over `lines` when both are given. */
  amountCents?: number | undefined;
  /** Order lines (order_items ids) and how many of each to refund. */
  lines?: { id: number; qty: number }[] | undefined;
  reason: string;
  staffId: number | null;
  /** Runs in the transaction that records the refund (the console's audit entry). */
  inTransaction?: (tx: Tx, result: RefundResult) => Promise<void>;
}

export interface RefundResult {
  orderNo: string;
  amountCents: number;
  /** All refunds of the order so far, this one included. */
  refundedCents: number;
  /** True when the order is now wholly refunded (status 6). */
  whole: boolean;
  kind: string;
  vendor: string;
  reference: string;
  transactionId: string | null;
  cardLast4: string | null;
}

const COMMAND_LINE: RefundRequest = { reason: 'refund from the command line', staffId: null };

interface Claim {
  order: typeof orders.$inferSelect;
  payment: PaymentRow;
  refundId: number;
  amountCents: number;
  lines: { id: number; qty: number }[];
  /** Refunded before this one (succeeded or under way). */
  earlierCents: number;
}

/**
 * Gives money of a paid order back through the gateway that took it: all that is left, an amount,
 * or chosen lines (their share of the total, discount and tax included). The refund is claimed
 * first as a `pending` row under a lock on the order and its payment, so two refunds at once can
 * never give back more than was paid; the gateway is asked outside the transaction; its no leaves
 * the order as it was (the row becomes `failed`). All of the money back moves the order to 6
 * (refunded) and the payment to `refunded`; part of it keeps the status and shows on the timeline.
 * A refunded line's stock is not returned (a grocery rarely resells what came back).
 */
export async function refundOrder(
  deps: RefundDeps,
  orderNo: string,
  request: RefundRequest = COMMAND_LINE,
): Promise<RefundResult> {
  const claim = await deps.db.transaction((tx) => claimRefund(tx, deps, orderNo, request));
  const { payment, amountCents } = claim;
  const outcome = await giveBack(deps, payment, amountCents, amountCents === payment.amountCents);
  if (!outcome.ok) {
    await deps.db
      .update(refunds)
      .set({ status: 'failed', message: outcome.message, updatedAt: deps.clock.now() })
      .where(eq(refunds.id, claim.refundId));
    throw new Conflict('errors:payment.refundFailed', { message: outcome.message });
  }
  const refundedCents = claim.earlierCents + amountCents;
  const result: RefundResult = {
    orderNo,
    amountCents,
    refundedCents,
    whole: refundedCents >= payment.amountCents,
    kind: payment.kind,
    vendor: payment.vendor,
    reference: payment.reference,
    transactionId: payment.transactionId,
    cardLast4: payment.cardLast4,
  };
  await deps.db.transaction(async (tx) => {
    const now = deps.clock.now();
    await lockOrderMoney(tx, { orderId: claim.order.id });
    if (claim.refundId > 0) {
      await tx
        .update(refunds)
        .set({ status: 'succeeded', updatedAt: now })
        .where(eq(refunds.id, claim.refundId));
    }
    if (result.whole) {
      await tx
        .update(payments)
        .set({ status: 'refunded', updatedAt: now })
        .where(and(eq(payments.id, payment.id), eq(payments.status, 'succeeded')));
    }
    const facts: RefundFacts = {
      orderId: claim.order.id,
      refundId: claim.refundId,
      amountCents,
      lines: claim.lines,
      reason: request.reason,
      whole: result.whole,
      to: { kind: payment.kind, vendor: payment.vendor, cardLast4: payment.cardLast4 },
      staffId: request.staffId,
      now,
    };
    await orderRefunded(tx, facts);
    await request.inTransaction?.(tx, result);
  });
  deps.log.info({ reference: payment.reference, amountCents, whole: result.whole }, 'order refunded');
  return result;
}

/** Checks the refund and reserves its amount (a `pending` row), the order and payment locked. */
async function claimRefund(
  tx: Tx,
  deps: RefundDeps,
  orderNo: string,
  request: RefundRequest,
): Promise<Claim> {
  // The order, then its payments: the one lock order of every money path (order.lock.ts).
  const money = await lockOrderMoney(tx, { orderNo });
  if (!money) throw new NotFound('errors:order.notFound');
  const { order } = money;
  if (order.status === ORDER_STATUS.refunded) throw new Conflict('errors:payment.refunded');
  if (!(PAID_STATUSES as readonly number[]).includes(order.status)) throw refusal('refund', order.status);
  const payment = succeededOf(money.payments);
  if (!payment) throw new Conflict('errors:payment.noPayment');
  if (payment.gateway !== deps.gateways.kind && payment.gateway !== 'none') {
    throw new Conflict('errors:payment.otherGateway', { gateway: payment.gateway });
  }
  const earlier = await tx
    .select({ amountCents: refunds.amountCents, lines: refunds.lines })
    .from(refunds)
    .where(and(eq(refunds.paymentId, payment.id), inArray(refunds.status, ['pending', 'succeeded'])));
  const earlierCents = earlier.reduce((sum, r) => sum + r.amountCents, 0);
  const left = payment.amountCents - earlierCents;
  const base = { order, payment, earlierCents, lines: request.lines ?? [] };
  if (payment.amountCents === 0) return { ...base, refundId: 0, amountCents: 0 };
  if (left <= 0) throw new Conflict('errors:payment.refunded');
  const amountCents =
    request.amountCents ??
    (request.lines?.length ? await linesShare(tx, order, request.lines, earlier, left) : left);
  if (!Number.isInteger(amountCents) || amountCents <= 0 || amountCents > left) {
    throw new Conflict('errors:payment.refundTooMuch', { max: formatCents(left) });
  }
  const now = deps.clock.now();
  const [row] = await tx
    .insert(refunds)
    .values({
      orderId: order.id,
      paymentId: payment.id,
      amountCents,
      lines: base.lines,
      reason: request.reason,
      status: 'pending',
      staffId: request.staffId,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: refunds.id });
  return { ...base, refundId: row?.id ?? 0, amountCents };
}

/**
 * The chosen lines' share of what was paid: their subtotal scaled by total / subtotal (so the
 * discount and tax are shared alike), at most what is left. A line cannot be refunded more times
 * than it was bought, counting earlier refunds.
 */
async function linesShare(
  tx: Tx,
  order: typeof orders.$inferSelect,
  asked: { id: number; qty: number }[],
  earlier: { lines: unknown }[],
  left: number,
): Promise<number> {
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
  const done = new Map<number, number>();
  for (const r of earlier) {
    for (const l of Array.isArray(r.lines) ? (r.lines as { id: number; qty: number }[]) : []) {
      done.set(l.id, (done.get(l.id) ?? 0) + l.qty);
    }
  }
  let subtotal = 0;
  for (const line of asked) {
    const item = items.find((i) => i.id === line.id);
    if (!item) throw new Conflict('errors:payment.refundLineUnknown', { id: line.id });
    if (line.qty + (done.get(line.id) ?? 0) > item.num) {
      throw new Conflict('errors:payment.refundLineTooMany', { name_en: item.enName, name_zh: item.znName });
    }
    subtotal += item.priceCents * line.qty;
  }
  if (order.subtotalCents <= 0) return left;
  // The lines' share of what their goods cost (the delivery fee stays with the order).
  return Math.min(left, Math.round((subtotal * goodsPaidOf(order)) / order.subtotalCents));
}

/** Asks the gateway that took `payment` to give `amountCents` back (nothing to ask for a free order). */
export async function giveBack(
  deps: RefundDeps,
  payment: PaymentRow,
  amountCents: number,
  wholeCharge: boolean,
): Promise<GatewayOutcome> {
  if (amountCents === 0 || payment.gateway === 'none') return { ok: true };
  try {
    if (payment.kind === 'card') {
      return await deps.gateways.card.refundCard({
        transactionId: payment.transactionId ?? '',
        amountCents,
        last4: payment.cardLast4 ?? '',
        wholeCharge,
      });
    }
    return await deps.gateways.wallet.refundWallet({ reference: payment.reference, amountCents });
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
