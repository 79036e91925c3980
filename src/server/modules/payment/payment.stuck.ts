import type { Db } from '#server/db/client';
import { emit } from '#server/events';
import type { GatewayLog } from '#server/gateways/gateway';
import type { PaymentRow } from './payment.queries';

/*
 * Money the shop could not settle by itself (docs/product.md, Alerts): the payment module tells it
 * as `payment.stuck` and the staff alerts raise the `failed` alert, once per payment and reason.
 * What is not stuck: a decline, an attempt the gateway never charged, a refund a manager asked for
 * (the console shows its refusal at once), a wallet notification whose signature is wrong (not the
 * gateway's), or one the gateway's own record contradicts (no money moved as it says).
 */

/**
 * `unknown`: a card attempt the gateway still cannot say it charged, UNKNOWN_ALERT_AFTER_MS after
 * it began — the order cannot be charged again, and there may be money taken for it.
 * `notGivenBack`: money that arrived for an order no longer waiting, whose giving back the gateway
 * refused. `mismatch`: a correctly signed wallet notification of a paid amount or currency that is
 * not the attempt's — money moved that pays nothing. `holdNotSettled`: a weighed order's hold the
 * gateway would not capture or void (or a wallet's difference it would not refund) after every try.
 */
export type StuckReason = 'unknown' | 'notGivenBack' | 'mismatch' | 'holdNotSettled';

/**
 * How long a card attempt may stay unknown before a person is told: the reconcile sweep (every 30 s)
 * has asked the gateway some 110 times after the attempt's 5-minute slot, so it is no passing outage.
 */
export const UNKNOWN_ALERT_AFTER_MS = 60 * 60_000;

/** A payment whose money is stuck, told in a transaction of its own. */
export interface PaymentStuck {
  paymentId: number;
  orderId: number;
  reason: StuckReason;
  /** What the money was, as the gateway reported it when it differs from the attempt (mismatch). */
  amountCents: number;
  currency: string;
  reference: string;
  /** The gateway's last word, or what did not match. */
  detail: string;
  at: Date;
}

declare module '#server/events' {
  interface DomainEvents {
    'payment.stuck': PaymentStuck;
  }
}

/** Logs a stuck payment and tells the listeners (the staff alert), each time it is seen. */
export async function reportStuckPayment(
  deps: { db: Db; log: GatewayLog },
  payment: Pick<PaymentRow, 'id' | 'orderId' | 'amountCents' | 'currency' | 'reference'>,
  stuck: Pick<PaymentStuck, 'reason' | 'detail' | 'at'> &
    Partial<Pick<PaymentStuck, 'amountCents' | 'currency'>>,
): Promise<void> {
  const event: PaymentStuck = {
    paymentId: payment.id,
    orderId: payment.orderId,
    amountCents: payment.amountCents,
    currency: payment.currency,
    reference: payment.reference,
    ...stuck,
  };
  deps.log.warn(
    { reference: event.reference, reason: event.reason, detail: event.detail },
    'payment stuck: a person must settle it',
  );
  await deps.db.transaction((tx) => emit('payment.stuck', event, tx));
}
