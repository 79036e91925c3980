import { and, eq, inArray } from 'drizzle-orm';
import type { Clock } from '#server/clock';
import type { Db, Tx } from '#server/db/client';
import { orderLines, type orders, packingLines, payments, refunds } from '#server/db/schema';
import { Conflict, NotFound } from '#server/errors';
import type { GatewayLog, GatewayOutcome, Gateways } from '#server/gateways/gateway';
import { formatCents } from '#shared/money';
import { ORDER_STATUS } from '#shared/schemas/order';
import { linePaidOf, unitsShareOf } from '#shared/tax';
import { lockOrderMoney, succeededOf } from '../order/order.lock';
import { afterOrderChange, orderRefunded, PAID_STATUSES, refusal } from '../order/order.machine';
import { markIfAllBack, settleHeldOff } from './payment.held-off';

/*
 * The one way money goes back to a shopper, whoever causes it: a manager (the console, the command
 * line: refundOrder) or a packer's mark (packing reserves with reserveRefund and its worker sends
 * with giveBack and settleRefund). Each refund is first reserved as a `pending` row under the
 * order's lock (the order row first, then its payments: order.lock.ts), so refunds at once never
 * give back more than was paid; the gateway is asked outside any transaction; a yes is settled
 * under the same locks, which records it on the order (its status, timeline and mail).
 */

type PaymentRow = typeof payments.$inferSelect;

/** A line given back: the order line (order_lines id) and how many of it. */
export interface RefundLine {
  id: number;
  qty: number;
}

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
  /** Order lines (order_lines ids) and how many of each to refund. */
  lines?: RefundLine[] | undefined;
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
  lines: RefundLine[];
  /** Taken off a held card's capture (a `held` row): recorded in the claim's transaction. */
  held?: boolean;
  done?: RefundResult;
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
  const claim = await deps.db.transaction(async (tx) => {
    const claimed = await claimRefund(tx, deps, orderNo, request);
    if (claimed.held) {
      claimed.done = await recordHeldOff(tx, claimed, request, deps.clock.now());
    }
    return claimed;
  });
  if (claim.done) {
    deps.log.info(
      { reference: claim.payment.reference, amountCents: claim.amountCents },
      'taken off the hold',
    );
    return claim.done;
  }
  const { payment, amountCents } = claim;
  const outcome = await giveBack(deps, payment, amountCents, amountCents === payment.amountCents);
  if (!outcome.ok) {
    await deps.db
      .update(refunds)
      .set({ status: 'failed', message: outcome.message, updatedAt: deps.clock.now() })
      .where(eq(refunds.id, claim.refundId));
    throw new Conflict('errors:payment.refundFailed', { message: outcome.message });
  }
  const result = await deps.db.transaction(async (tx) => {
    // The order, then its payments: the one lock order of every money path (order.lock.ts).
    await lockOrderMoney(tx, { orderId: claim.order.id });
    // A hold voided whole: what was taken off it before was never charged either, so it is back too.
    if (payment.kind === 'card' && payment.holdState === 'authorized') {
      await settleHeldOff(tx, payment.id, claim.order.id, deps.clock.now());
    }
    const settled = await settleRefund(
      tx,
      {
        id: claim.refundId,
        orderId: claim.order.id,
        amountCents,
        lines: claim.lines,
        reason: request.reason,
        staffId: request.staffId,
      },
      payment,
      { mail: true, now: deps.clock.now() },
    );
    const done: RefundResult = {
      orderNo,
      amountCents,
      refundedCents: settled.givenCents,
      whole: settled.whole,
      kind: payment.kind,
      vendor: payment.vendor,
      reference: payment.reference,
      transactionId: payment.transactionId,
      cardLast4: payment.cardLast4,
    };
    await request.inTransaction?.(tx, done);
    return done;
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
  const earlier = await refundsSoFar(tx, payment.id);
  const earlierCents = earlier.reduce((sum, r) => sum + r.amountCents, 0);
  const left = payment.amountCents - earlierCents;
  const base = { order, payment, lines: request.lines ?? [] };
  if (payment.amountCents === 0) return { ...base, refundId: 0, amountCents: 0 };
  if (left <= 0) throw new Conflict('errors:payment.refunded');
  const amountCents =
    request.amountCents ??
    (request.lines?.length ? await linesShare(tx, { order, payment }, request.lines, earlier, left) : left);
  if (!Number.isInteger(amountCents) || amountCents <= 0 || amountCents > left) {
    throw new Conflict('errors:payment.refundTooMuch', { max: formatCents(left) });
  }
  if (payment.kind === 'card' && (payment.holdState === 'capture' || payment.holdState === 'void')) {
    // The capture or void is with the gateway: what is left to give back is not known until it answers.
    throw new Conflict('errors:payment.holdUnderWay');
  }
  const held = isHeldOff({ payment, amountCents, left });
  const refundId = await reserveRefund(
    tx,
    { orderId: order.id, paymentId: payment.id, amountCents, lines: base.lines, reason: request.reason },
    request.staffId,
    deps.clock.now(),
    held ? 'held' : 'pending',
  );
  return { ...base, refundId, amountCents, held };
}

/**
 * A weighed order's held card (payment.capture.ts) is charged nothing until packing captures it:
 * all that is left given back voids the hold; part of it is taken off what will be captured
 * (docs/product.md, Packing: weighed orders), with no gateway call until the capture.
 */
function isHeldOff(claim: { payment: PaymentRow; amountCents: number; left: number }): boolean {
  const { payment, amountCents } = claim;
  return payment.kind === 'card' && payment.holdState === 'authorized' && amountCents < claim.left;
}

/**
 * A refund taken off a held card's capture, in the claim's transaction: the `held` refunds row
 * counts against what is left and lowers the capture (payment.held-off.ts); the shopper is told as for a
 * refund (timeline and mail), and the audit entry is written with it.
 */
async function recordHeldOff(tx: Tx, claim: Claim, request: RefundRequest, now: Date): Promise<RefundResult> {
  const { order, payment, amountCents } = claim;
  await orderRefunded(tx, {
    orderId: order.id,
    refundId: claim.refundId,
    amountCents,
    lines: claim.lines,
    reason: request.reason,
    whole: false,
    to: { kind: payment.kind, vendor: payment.vendor, cardLast4: payment.cardLast4 },
    staffId: request.staffId,
    now,
    held: true,
  });
  const so = await refundsSoFar(tx, payment.id);
  const done: RefundResult = {
    orderNo: order.orderNo,
    amountCents,
    refundedCents: so.reduce((sum, r) => sum + r.amountCents, 0),
    whole: false,
    kind: payment.kind,
    vendor: payment.vendor,
    reference: payment.reference,
    transactionId: payment.transactionId,
    cardLast4: payment.cardLast4,
  };
  await request.inTransaction?.(tx, done);
  return done;
}

/** The refunds of a payment that count against what is left to give back: sent, under way, or taken off a hold. */
export async function refundsSoFar(
  tx: Tx,
  paymentId: number,
): Promise<{ amountCents: number; lines: unknown }[]> {
  return tx
    .select({ amountCents: refunds.amountCents, lines: refunds.lines })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), inArray(refunds.status, ['pending', 'held', 'succeeded'])));
}

/** How many of a line earlier refunds gave back (a refund of chosen lines lists them). */
export function refundedQty(earlier: { lines: unknown }[], lineId: number): number {
  let qty = 0;
  for (const r of earlier) {
    for (const l of linesOf(r.lines)) if (l.id === lineId) qty += l.qty;
  }
  return qty;
}

const linesOf = (value: unknown): RefundLine[] => (Array.isArray(value) ? (value as RefundLine[]) : []);

/**
 * Reserves a refund as a `pending` row, which counts against what is left to give back until it
 * fails; the caller holds the order and its payments locked (lockOrderMoney). Answers its id.
 */
export async function reserveRefund(
  tx: Tx,
  refund: { orderId: number; paymentId: number; amountCents: number; lines: RefundLine[]; reason: string },
  staffId: number | null,
  now: Date,
  status: 'pending' | 'held' = 'pending',
): Promise<number> {
  const [row] = await tx
    .insert(refunds)
    .values({ ...refund, status, staffId, createdAt: now, updatedAt: now })
    .returning({ id: refunds.id });
  if (!row) throw new Error('refund not reserved');
  return row.id;
}

/** A reserved refund the gateway said yes to (id 0: a free order's, which reserved nothing). */
export interface SettledRefund {
  id: number;
  orderId: number;
  amountCents: number;
  lines: unknown;
  reason: string;
  staffId: number | null;
}

/**
 * Records a refund the gateway made, in the caller's transaction with the order and its payments
 * locked: the row `succeeded`; when all that was paid is back, the payment `refunded` and the order
 * 6 (orderRefunded); the order's timeline and, unless `mail` is false, the shopper's mail. Answers
 * whether all of it is back now and how much has been given back in all.
 */
export async function settleRefund(
  tx: Tx,
  refund: SettledRefund,
  payment: PaymentRow,
  options: { mail: boolean; now: Date },
): Promise<{ whole: boolean; givenCents: number }> {
  const { now } = options;
  if (refund.id > 0) {
    await tx.update(refunds).set({ status: 'succeeded', updatedAt: now }).where(eq(refunds.id, refund.id));
  }
  const { whole, givenCents } = await markIfAllBack(tx, payment, now);
  if (whole && payment.holdState === 'authorized') {
    // Given back whole before packing: the hold was voided, and nothing is left to capture.
    await tx
      .update(payments)
      .set({ holdState: 'voided', updatedAt: now })
      .where(and(eq(payments.id, payment.id), eq(payments.holdState, 'authorized')));
    await afterOrderChange(
      tx,
      {
        orderId: refund.orderId,
        kind: 'voided',
        staffId: refund.staffId,
        details: { amountCents: 0 },
        at: now,
      },
      { mail: false },
    );
  }
  await orderRefunded(tx, {
    orderId: refund.orderId,
    refundId: refund.id,
    amountCents: refund.amountCents,
    lines: linesOf(refund.lines),
    reason: refund.reason,
    whole,
    to: { kind: payment.kind, vendor: payment.vendor, cardLast4: payment.cardLast4 },
    staffId: refund.staffId,
    now,
    mail: options.mail,
  });
  return { whole, givenCents };
}

/**
 * The chosen lines' share of what was paid (docs/product.md, Tax): for each line, the asked units'
 * share of what the line cost (its goods less its discount share plus its tax share), cumulative
 * over earlier refunds so a line refunded in pieces gives back exactly what it would whole; at most
 * what is left. A line cannot be refunded more times than it was bought, counting earlier refunds.
 */
async function linesShare(
  tx: Tx,
  paid: { order: typeof orders.$inferSelect; payment: PaymentRow },
  asked: RefundLine[],
  earlier: { lines: unknown }[],
  left: number,
): Promise<number> {
  const { order, payment } = paid;
  const items = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  const marks = await tx.select().from(packingLines).where(eq(packingLines.orderId, order.id));
  let cents = 0;
  for (const line of asked) {
    const item = items.find((i) => i.id === line.id);
    if (!item) throw new Conflict('errors:payment.refundLineUnknown', { id: line.id });
    const before = refundedQty(earlier, line.id);
    if (line.qty + before > item.num) {
      throw new Conflict('errors:payment.refundLineTooMany', { name_en: item.enName, name_zh: item.znName });
    }
    const mark = marks.find((m) => m.orderLineId === item.id);
    const goodsCents = lineGoodsOf(item, mark, payment.holdState !== null);
    cents += unitsShareOf(linePaidOf({ ...item, goodsCents }), item.num, before, line.qty);
  }
  if (order.subtotalCents <= 0) return left;
  // The delivery fee (and its tax) stays with the order.
  return Math.min(left, cents);
}

/**
 * What a line's goods cost as the order was last taxed (docs/product.md, Sold by weight): its
 * weighed cents once weighed, and, on a held payment (the only one charged for it), what an approved
 * dearer substitute added; its discount and tax shares were shared over exactly that.
 */
function lineGoodsOf(
  item: typeof orderLines.$inferSelect,
  mark: typeof packingLines.$inferSelect | undefined,
  held: boolean,
): number {
  const charged = mark?.state === 'replaced' ? (mark.chargedPriceCents ?? 0) : 0;
  const dearer = held && charged > item.priceCents ? (charged - item.priceCents) * item.num : 0;
  return (item.weighedCents ?? item.priceCents * item.num) + dearer;
}

/** Asks the gateway that took `payment` to give `amountCents` back (nothing to ask for a free order). */
export async function giveBack(
  deps: RefundDeps,
  payment: PaymentRow,
  amountCents: number,
  wholeCharge: boolean,
): Promise<GatewayOutcome> {
  if (amountCents === 0 || payment.gateway === 'none') return { ok: true };
  // A payment another gateway took (the shop changed gateways since) cannot be given back here.
  if (payment.gateway !== deps.gateways.kind) {
    return { ok: false, message: `the payment was taken by the ${payment.gateway} gateway` };
  }
  try {
    // A hold not captured is released: nothing was charged (assertRefundableHold allows it whole only).
    if (payment.kind === 'card' && payment.holdState === 'authorized') {
      return await deps.gateways.card.voidHold(payment.transactionId ?? '');
    }
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
