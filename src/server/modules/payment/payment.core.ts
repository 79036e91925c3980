import { and, eq } from 'drizzle-orm';
import type { Clock } from '#server/clock';
import type { Config } from '#server/config';
import type { Db } from '#server/db/client';
import { payments } from '#server/db/schema';
import type { GatewayLog, Gateways } from '#server/gateways/gateway';
import type { MessageParams } from '#server/i18n';
import { type StockListener, withStockChanges } from '../catalogue/catalogue.changes';
import { expireOverdueOrders } from '../order/order.expiry';
import { type ApplyOutcome, applyPayment, giveBack } from './payment.apply';
import { assertPending, insertPayment, type OrderRow, ownOrder, type PaymentRow } from './payment.queries';
import { reportStuckPayment } from './payment.stuck';

/** What every payment flow needs; `config` is read at each call (tests learn their port late). */
export interface PaymentDeps {
  db: Db;
  clock: Clock;
  gateways: Gateways;
  catalogue: StockListener;
  log: GatewayLog;
  config: Pick<Config, 'publicUrl'>;
}

/**
 * A message for the shopper: a translation key, or in English the gateway's own words when it
 * gave some (Authorize.Net's decline texts are what shoppers and support expect to read).
 */
export interface PaymentMessage {
  key: string;
  params?: MessageParams;
  gatewayText?: string;
}

/** The shopper's order, if it is waiting for payment; 404 for someone else's, 409 when paid or expired. */
export async function payableOrder(deps: PaymentDeps, userId: number, orderNo: string): Promise<OrderRow> {
  // The shopper's overdue orders expire first, so an order past its ten minutes cannot be paid.
  await expireOverdueOrders(deps, userId);
  const order = await ownOrder(deps.db, userId, orderNo);
  assertPending(order);
  return order;
}

/**
 * Applies a confirmed payment in one transaction (see applyPayment), which tells the catalogue of
 * the sold counts; or gives the money back when the order had stopped waiting for it (a refusal
 * there leaves the money stuck: reportStuckPayment).
 */
export async function settlePayment(
  deps: PaymentDeps,
  payment: PaymentRow,
  transactionId: string | null,
): Promise<ApplyOutcome> {
  const now = deps.clock.now();
  const outcome = await withStockChanges(deps.db, deps.catalogue, (tx, stock) =>
    applyPayment(tx, stock, { orderId: payment.orderId, paymentId: payment.id, transactionId, now }),
  );
  if (outcome === 'applied') {
    deps.log.info({ reference: payment.reference, kind: payment.kind, vendor: payment.vendor }, 'order paid');
  }
  if (outcome === 'orphan' && transactionId !== null) {
    const given = await giveBack(deps.gateways, deps.log, payment, transactionId);
    if (!given.ok) {
      await reportStuckPayment(deps, payment, { reason: 'notGivenBack', detail: given.message, at: now });
    } else if (payment.holdState === 'authorized') {
      // A weighed order's hold that arrived too late was voided (giveBack): nothing is left held.
      await deps.db
        .update(payments)
        .set({ holdState: 'voided', updatedAt: deps.clock.now() })
        .where(and(eq(payments.id, payment.id), eq(payments.holdState, 'authorized')));
    }
  }
  return outcome;
}

/** An order with nothing to pay (a coupon took it all) is paid without a gateway. */
export async function settleFreeOrder(
  deps: PaymentDeps,
  order: OrderRow,
  kind: 'card' | 'wallet',
  vendor: string,
): Promise<ApplyOutcome> {
  const payment = await insertPayment(deps.db, {
    order,
    kind,
    vendor,
    gateway: 'none',
    now: deps.clock.now(),
  });
  return settlePayment(deps, payment, null);
}
