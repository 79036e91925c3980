import { cardBrandOf, lastFour } from '#server/gateways/card-rules';
import type { CardChargeResult } from '#server/gateways/gateway';
import { type CardRow, ownCard } from '../card/card.service';
import {
  type CardTrier,
  type CardTry,
  releaseCardTry,
  reserveCardTry,
  settleCardTry,
} from '../card/card.tries';
import {
  type PaymentDeps,
  type PaymentMessage,
  payableOrder,
  settleFreeOrder,
  settlePayment,
} from './payment.core';
import type { CardPaymentRequest } from './payment.form';
import { holdAmountOf } from './payment.hold';
import {
  insertPayment,
  markPaymentFailed,
  markPaymentUnanswered,
  type OrderRow,
  releasePaymentSlot,
  slotRefusal,
  takePaymentSlot,
} from './payment.queries';
import { reconcileCardAttempts } from './payment.reconcile';

/** docs/product.md §4: status 2 paid; status 1 with the reason to show. */
export type CardPaymentOutcome = { status: 2; orderNo: string } | { status: 1; message: PaymentMessage };

/**
 * Charges a card (typed in, or saved) for one of the shopper's pending orders, once: the order's
 * payment slot is taken with a conditional update, so a second click while the first is with the
 * gateway is refused (409) and never charges. The amount is the order's. Approved charges are
 * applied (see applyPayment); declines and an unreachable gateway leave the order pending, the
 * slot freed, so the shopper can try again, within the card-tries limit (see reserveCardTry).
 * Before charging, earlier attempts whose answer never arrived are settled with the gateway (see
 * reconcileCardAttempts): a card charged by one of them is not charged again.
 */
export async function payByCard(
  deps: PaymentDeps,
  who: CardTrier,
  request: CardPaymentRequest,
): Promise<CardPaymentOutcome> {
  const order = await payableOrder(deps, who.userId, request.orderNo);
  const saved = request.kind === 'saved' ? await ownCard(deps.db, who.userId, request.cardUuid) : undefined;
  // Reserved before the slot is taken, so a refusal (429) leaves the order as it was.
  const tried =
    order.totalCents > 0 ? await reserveCardTry(deps.db, who, 'pay', deps.clock.now()) : undefined;
  try {
    return await payInSlot(deps, { order, request, saved, tried });
  } finally {
    if (tried) await releaseCardTry(deps.db, tried);
  }
}

interface CardCharge {
  order: OrderRow;
  request: CardPaymentRequest;
  saved: CardRow | undefined;
  /** The card try reserved for this charge; none for an order with nothing to pay. */
  tried: CardTry | undefined;
}

async function payInSlot(deps: PaymentDeps, c: CardCharge): Promise<CardPaymentOutcome> {
  const { order } = c;
  const takenAt = deps.clock.now();
  if (!(await takePaymentSlot(deps.db, order.id, takenAt))) throw await slotRefusal(deps.db, order.id);
  let paid = false;
  try {
    const earlier = await reconcileCardAttempts(deps, order.id);
    if (earlier === 'paid') {
      paid = true;
      return { status: 2, orderNo: order.orderNo };
    }
    if (earlier === 'unknown') return { status: 1, message: { key: 'errors:payment.unavailable' } };
    const outcome = await chargeOnce(deps, c);
    paid = outcome.status === 2;
    return outcome;
  } finally {
    if (!paid) await releasePaymentSlot(deps.db, order.id, takenAt);
  }
}

/** One charge at the gateway; its outcome settles the card try. */
async function chargeOnce(deps: PaymentDeps, c: CardCharge): Promise<CardPaymentOutcome> {
  const { order, request, saved, tried } = c;
  if (order.totalCents === 0 || !tried) {
    const free = await settleFreeOrder(deps, order, 'card', 'creditcard');
    return free === 'applied' ? { status: 2, orderNo: order.orderNo } : closed();
  }
  const holdCents = await holdAmountOf(deps.db, order);
  const payment = await insertPayment(deps.db, {
    order,
    holdCents,
    kind: 'card',
    vendor: 'creditcard',
    gateway: deps.gateways.kind,
    now: deps.clock.now(),
    cardLast4: saved ? saved.last4 : request.kind === 'card' ? lastFour(request.card.number) : undefined,
    cardBrand: saved ? saved.brand : request.kind === 'card' ? cardBrandOf(request.card.number) : undefined,
  });
  const result = await charge(
    deps,
    { invoiceNumber: order.orderNo, amountCents: payment.amountCents },
    c,
    holdCents !== undefined,
  );
  await settleCardTry(deps.db, tried, result.status === 'declined' ? 'refused' : result.status);
  if (result.status === 'approved') {
    const outcome = await settlePayment(deps, { ...payment, cardLast4: result.last4 }, result.transactionId);
    return outcome === 'applied' ? { status: 2, orderNo: order.orderNo } : closed();
  }
  // No answer is no proof that nothing was charged: the attempt stays open for reconciliation.
  if (result.status === 'unavailable') await markPaymentUnanswered(deps.db, payment.id, deps.clock.now());
  else await markPaymentFailed(deps.db, payment.id, result.message, deps.clock.now());
  return { status: 1, message: declineMessage(result) };
}

/** Charges the card, or for a weighed order holds the amount, to be captured once packed. */
function charge(
  deps: PaymentDeps,
  invoice: { invoiceNumber: string; amountCents: number },
  { request, saved }: CardCharge,
  hold: boolean,
): Promise<CardChargeResult> {
  const card = deps.gateways.card;
  if (request.kind === 'card') {
    const input = { ...invoice, card: request.card, billing: request.billing };
    return hold ? card.holdCard(input) : card.chargeCard(input);
  }
  const input = { ...invoice, token: saved?.token ?? '', code: request.code };
  return hold ? card.holdSavedCard(input) : card.chargeSavedCard(input);
}

function declineMessage(result: Exclude<CardChargeResult, { status: 'approved' }>): PaymentMessage {
  if (result.status === 'unavailable') return { key: 'errors:payment.unavailable' };
  return { key: `errors:payment.decline.${result.reason}`, gatewayText: result.message };
}

function closed(): CardPaymentOutcome {
  return { status: 1, message: { key: 'errors:payment.orderClosed' } };
}
