import { and, desc, eq } from 'drizzle-orm';
import { payments } from '#server/db/schema';
import { Conflict } from '#server/errors';
import type { WalletNotification } from '#server/gateways/gateway';
import { ORDER_STATUS } from '#shared/schemas/order';
import { expireOverdueOrders } from '../order/order.expiry';
import { isSettled } from './payment.apply';
import {
  type PaymentDeps,
  type PaymentMessage,
  payableOrder,
  settleFreeOrder,
  settlePayment,
} from './payment.core';
import type { WalletPaymentRequest } from './payment.form';
import { holdAmountOf } from './payment.hold';
import {
  claimPaymentCheck,
  goodsOf,
  insertPayment,
  markPaymentFailed,
  orderById,
  ownOrder,
  type PaymentRow,
  paymentByReference,
  slotHeld,
  WALLET_STARTS_PER_ORDER,
} from './payment.queries';
import { reportStuckPayment } from './payment.stuck';

export type WalletStartOutcome = { url: string } | { message: PaymentMessage };

/** How the notification endpoint answers: `success` stops the gateway's retries. */
export type NotificationAnswer = 'success' | 'invalid' | 'unconfirmed';

/** Paths on the shop's own URL that the gateway calls and returns the shopper to. */
export const IPN_PATH = '/api/yuansfer/ipn';
export const returnPathOf = (orderNo: string) => `/pay/${orderNo}?returned=1`;

/**
 * Starts a wallet payment (WeChat Pay, Alipay, or a card on the wallet's page) for one of the
 * shopper's pending orders: records an attempt (reference `<order number>-<attempt>`) for the
 * order's amount and answers the cashier page's URL, or the gateway's refusal.
 */
export async function startWalletPayment(
  deps: PaymentDeps,
  userId: number,
  request: WalletPaymentRequest,
): Promise<WalletStartOutcome> {
  const order = await payableOrder(deps, userId, request.orderNo);
  const now = deps.clock.now();
  if (slotHeld(order, now)) throw new Conflict('errors:payment.inProgress');
  const publicUrl = deps.config.publicUrl;
  const callbackUrl = `${publicUrl}${returnPathOf(order.orderNo)}`;
  if (order.totalCents === 0) {
    await settleFreeOrder(deps, order, 'wallet', request.vendor);
    return { url: callbackUrl };
  }
  // A weighed order's wallet pays the estimate plus the buffer; packing gives the difference back.
  const payment = await insertPayment(deps.db, {
    order,
    holdCents: await holdAmountOf(deps.db, order),
    kind: 'wallet',
    vendor: request.vendor,
    gateway: deps.gateways.kind,
    now,
    maxAttempts: WALLET_STARTS_PER_ORDER,
  });
  const started = await deps.gateways.wallet.startWalletPayment({
    reference: payment.reference,
    amountCents: payment.amountCents,
    vendor: request.vendor,
    terminal: request.terminal,
    ipnUrl: `${publicUrl}${IPN_PATH}`,
    callbackUrl,
    goods: await goodsOf(deps.db, order.id),
    // The cashier page closes when the order would expire.
    timeoutMinutes: Math.max(1, Math.ceil((order.expiresAt.getTime() - now.getTime()) / 60_000)),
  });
  if (started.ok) return { url: started.url };
  await markPaymentFailed(deps.db, payment.id, started.message, deps.clock.now());
  return started.unavailable
    ? { message: { key: 'errors:payment.unavailable' } }
    : { message: { key: 'errors:payment.walletRefused', params: { message: started.message } } };
}

/**
 * The gateway's notification (IPN): applied once when its signature is right, its amount and
 * currency are the attempt's and the order's, and the gateway confirms it when asked. Replays and
 * non-success statuses are acknowledged with `success` and change nothing (a failure is recorded).
 */
export async function handleWalletNotification(
  deps: PaymentDeps,
  form: Record<string, string>,
): Promise<NotificationAnswer> {
  const note = deps.gateways.wallet.verifyNotification(form);
  if (!note) {
    deps.log.warn(
      { reference: String(form.reference ?? '').slice(0, 64) },
      'wallet notification: bad signature',
    );
    return 'invalid';
  }
  const payment = await paymentByReference(deps.db, note.reference);
  if (payment?.kind !== 'wallet' || !(await matchesOrder(deps, payment, note))) {
    const facts = { reference: note.reference, amountCents: note.amountCents, currency: note.currency };
    deps.log.warn(facts, 'wallet notification does not match a payment: ignored');
    // Signed by the gateway and paid: money moved that pays nothing, and a person must settle it.
    if (payment?.kind === 'wallet' && note.status === 'success') {
      await reportStuckPayment(deps, payment, {
        reason: 'mismatch',
        amountCents: note.amountCents,
        currency: note.currency,
        detail: `${note.transactionNo}`,
        at: deps.clock.now(),
      });
    }
    return 'invalid';
  }
  if (isSettled(payment)) return 'success';
  if (note.status !== 'success') {
    if (note.status === 'failed' || note.status === 'closed') {
      await markPaymentFailed(deps.db, payment.id, `wallet: ${note.rawStatus}`, deps.clock.now());
    }
    deps.log.info({ reference: payment.reference, status: note.rawStatus }, 'wallet notification');
    return 'success';
  }
  if (!(await confirmedByGateway(deps, payment))) return 'unconfirmed';
  await settlePayment(deps, payment, note.transactionNo);
  return 'success';
}

async function matchesOrder(
  deps: PaymentDeps,
  payment: PaymentRow,
  note: WalletNotification,
): Promise<boolean> {
  const order = await orderById(deps.db, payment.orderId);
  return (
    order !== undefined &&
    note.amountCents === payment.amountCents &&
    note.amountCents === (payment.heldCents ?? order.totalCents) &&
    note.currency === payment.currency
  );
}

/**
 * Asks the gateway whether the payment really is paid, for the same amount. The sandbox cannot
 * always say (another process started it); there, the verified notification is enough.
 */
async function confirmedByGateway(deps: PaymentDeps, payment: PaymentRow): Promise<boolean> {
  const found = await deps.gateways.wallet.queryTransaction(payment.reference);
  if (!found) {
    if (deps.gateways.kind === 'sandbox') return true;
    deps.log.warn(
      { reference: payment.reference },
      'wallet notification not confirmed: the gateway cannot say',
    );
    return false;
  }
  const confirmed =
    found.status === 'paid' &&
    found.amountCents === payment.amountCents &&
    found.currency === payment.currency;
  if (!confirmed) {
    const facts = { reference: payment.reference, status: found.status, amountCents: found.amountCents };
    deps.log.warn(facts, 'wallet notification contradicted by the gateway: ignored');
  }
  return confirmed;
}

/** How the latest wallet attempt of a pending order went, for the pay page (docs/api.md). */
export interface WalletAttemptOutcome {
  outcome: 'pending' | 'paid' | 'failed';
  vendor: string;
  /** Why a failed attempt failed. */
  message?: PaymentMessage;
}

/** The order's status and, while it is still pending, how its latest wallet attempt went. */
export interface PaymentStatus {
  status: number;
  attempt?: WalletAttemptOutcome;
}

/**
 * "Paid Already", and the pay page when the shopper comes back from the wallet: the order's status,
 * after asking the gateway about its recent wallet attempts while it is still pending (the
 * notification may be late or lost); a paid one is applied. The gateway is asked at most once per
 * order per PAYMENT_CHECK_MS (see claimPaymentCheck); between times the answer is the order's status
 * as the database has it. A pending order's answer also says how its latest attempt went.
 */
export async function refreshPaymentStatus(
  deps: PaymentDeps,
  userId: number,
  orderNo: string,
): Promise<PaymentStatus> {
  await expireOverdueOrders(deps, userId);
  const order = await ownOrder(deps.db, userId, orderNo);
  if (order.status !== ORDER_STATUS.pending) return { status: order.status };
  const attempts = await walletAttempts(deps, order.id, 5);
  const open = attempts.filter((a) => !isSettled(a) && a.gateway === deps.gateways.kind);
  if (open.length > 0 && (await claimPaymentCheck(deps.db, order.id, deps.clock.now()))) {
    for (const attempt of open) {
      const found = await deps.gateways.wallet.queryTransaction(attempt.reference);
      if (
        found?.status === 'paid' &&
        found.amountCents === attempt.amountCents &&
        found.currency === attempt.currency
      ) {
        await settlePayment(deps, attempt, found.transactionNo);
        break;
      }
    }
  }
  const now = await ownOrder(deps.db, userId, orderNo);
  if (now.status !== ORDER_STATUS.pending) return { status: now.status };
  const [latest] = await walletAttempts(deps, order.id, 1);
  return latest ? { status: now.status, attempt: outcomeOf(latest) } : { status: now.status };
}

function walletAttempts(deps: PaymentDeps, orderId: number, limit: number): Promise<PaymentRow[]> {
  return deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.kind, 'wallet')))
    .orderBy(desc(payments.id))
    .limit(limit);
}

function outcomeOf(attempt: PaymentRow): WalletAttemptOutcome {
  const { vendor } = attempt;
  if (attempt.status === 'failed')
    return { outcome: 'failed', vendor, message: { key: 'errors:payment.walletFailed' } };
  return { outcome: attempt.status === 'started' ? 'pending' : 'paid', vendor };
}
