import { and, desc, eq, isNotNull, lte, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { orders, payments } from '#server/db/schema';
import type { OnlyOne } from '#server/db/session-locks';
import { sweepEvery } from '#server/sweep-timer';
import { PAYMENT_SLOT_MS } from '../order/order.expiry';
import type { PaymentDeps } from './payment.core';
import { settlePayment } from './payment.core';
import { markPaymentFailed, type PaymentRow } from './payment.queries';
import { reportStuckPayment, UNKNOWN_ALERT_AFTER_MS } from './payment.stuck';

/** Why an attempt left behind was closed: the gateway had made no charge for it. */
export const NOT_CHARGED_MESSAGE = 'stopped before the gateway charged the card';

/**
 * What became of the card attempts an order left behind: `paid` when one had been charged (the
 * order is now paid, or the money given back), `clear` when none had, `unknown` when the gateway
 * could not say — then nobody may charge the order again yet.
 */
export type Reconciled = 'paid' | 'clear' | 'unknown';

/**
 * Card attempts nobody is waiting for any more, whose outcome at the gateway we do not know:
 * still `started`, and either older than their slot (the process charging died) or given up
 * with a message (the gateway's answer never came: a timeout or a dropped connection).
 */
function leftBehind(deps: PaymentDeps, now: Date, orderId?: number) {
  return and(
    eq(payments.kind, 'card'),
    eq(payments.status, 'started'),
    eq(payments.gateway, deps.gateways.kind),
    or(lte(payments.createdAt, new Date(now.getTime() - PAYMENT_SLOT_MS)), isNotNull(payments.message)),
    orderId === undefined ? undefined : eq(payments.orderId, orderId),
  );
}

/**
 * Settles one order's left-behind card attempts by asking the gateway whether it charged the card
 * for this order (by order number and amount). Found: the newest attempt is settled with that
 * charge — the order becomes paid, or, when it stopped waiting, the money goes back — and any
 * other is closed. None: all are closed as not charged. Without an answer they stay as they are,
 * and those unknown for UNKNOWN_ALERT_AFTER_MS are stuck: a person must look at the gateway. Two processes reconciling one order at once settle it once (applyPayment locks the attempt).
 */
async function reconcileOrder(
  deps: PaymentDeps,
  orderNo: string,
  attempts: PaymentRow[],
  now: Date,
): Promise<Reconciled> {
  const [newest, ...older] = attempts;
  if (!newest) return 'clear';
  const found = await deps.gateways.card.findCharge(orderNo, newest.amountCents);
  if (found.status === 'unavailable') {
    for (const attempt of attempts) {
      if (now.getTime() - attempt.createdAt.getTime() < UNKNOWN_ALERT_AFTER_MS) continue;
      const detail = attempt.message ?? 'the gateway cannot say whether it charged the card';
      await reportStuckPayment(deps, attempt, { reason: 'unknown', detail, at: now });
    }
    return 'unknown';
  }
  if (found.status === 'none') {
    for (const attempt of attempts) await markPaymentFailed(deps.db, attempt.id, NOT_CHARGED_MESSAGE, now);
    return 'clear';
  }
  // A charge some attempt of this order already recorded is not a second one.
  const [recorded] = await deps.db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.orderId, newest.orderId), eq(payments.transactionId, found.transactionId)));
  const closing = recorded ? attempts : older;
  for (const attempt of closing) await markPaymentFailed(deps.db, attempt.id, NOT_CHARGED_MESSAGE, now);
  if (recorded) return 'clear';
  deps.log.warn(
    { reference: newest.reference, transactionId: found.transactionId },
    'card charge found for an attempt left behind: settling it',
  );
  await settlePayment(deps, { ...newest, cardLast4: found.last4 || newest.cardLast4 }, found.transactionId);
  return 'paid';
}

/** Reconciles the left-behind card attempts of one order, or of every order; newest attempts first. */
export async function reconcileCardAttempts(deps: PaymentDeps, orderId?: number): Promise<Reconciled> {
  const now = deps.clock.now();
  const rows = await deps.db
    .select({ payment: payments, orderNo: orders.orderNo })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(leftBehind(deps, now, orderId))
    .orderBy(payments.orderId, desc(payments.id))
    .limit(500);
  const byOrder = new Map<string, PaymentRow[]>();
  for (const { payment, orderNo } of rows) {
    const attempts = byOrder.get(orderNo) ?? [];
    attempts.push(payment);
    byOrder.set(orderNo, attempts);
  }
  let result: Reconciled = 'clear';
  for (const [orderNo, attempts] of byOrder) {
    const outcome = await reconcileOrder(deps, orderNo, attempts, now);
    // One order unknown makes the whole answer unknown; otherwise one paid makes it paid.
    if (outcome !== 'clear' && result !== 'unknown') result = outcome;
  }
  return result;
}

/** How often the shop looks for card attempts left behind. */
export const RECONCILE_SWEEP_MS = 30_000;

/** Reconciles left-behind card attempts periodically while the app runs, on one process at a time. */
export function startReconcileSweep(app: FastifyInstance, deps: PaymentDeps, onlyOne: OnlyOne): void {
  sweepEvery(app, onlyOne, {
    name: 'card-reconcile',
    everyMs: RECONCILE_SWEEP_MS,
    failed: 'card reconciliation failed',
    run: () => reconcileCardAttempts(deps),
  });
}
