import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { MessageParams } from '../../i18n';
import type { CatalogueStore } from '../catalogue/catalogue.store';
import { expireOverdueOrders } from '../order/order.expiry';
import type { GatewayLog, Gateways } from './gateways/gateway';
import { type ApplyOutcome, applyPayment, giveBack } from './payment.apply';
import { assertPending, insertPayment, type OrderRow, ownOrder, type PaymentRow } from './payment.store';

/** What every payment flow needs; `config` is read at each call (tests learn their port late). */
export interface PaymentDeps {
  db: Db;
  clock: Clock;
  gateways: Gateways;
  catalogue: Pick<CatalogueStore, 'stockChanged'>;
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

/** Expires the shopper's overdue orders first, so an order past its ten minutes cannot be paid. */
export async function expireShopperOrders(deps: PaymentDeps, userId: number): Promise<void> {
  if ((await expireOverdueOrders(deps.db, deps.clock.now(), userId)) > 0) deps.catalogue.stockChanged();
}

/** The shopper's order, if it is waiting for payment; 404 for someone else's, 409 when paid or expired. */
export async function payableOrder(deps: PaymentDeps, userId: number, orderNo: string): Promise<OrderRow> {
  await expireShopperOrders(deps, userId);
  const order = await ownOrder(deps.db, userId, orderNo);
  assertPending(order);
  return order;
}

/**
 * Applies a confirmed payment in one transaction (see applyPayment); afterwards refreshes the
 * stock figures, or gives the money back when the order had stopped waiting for it.
 */
export async function settlePayment(
  deps: PaymentDeps,
  payment: PaymentRow,
  transactionId: string | null,
): Promise<ApplyOutcome> {
  const now = deps.clock.now();
  const outcome = await deps.db.transaction((tx) =>
    applyPayment(tx, { orderId: payment.orderId, paymentId: payment.id, transactionId, now }),
  );
  if (outcome === 'applied') {
    deps.catalogue.stockChanged();
    deps.log.info({ reference: payment.reference, kind: payment.kind, vendor: payment.vendor }, 'order paid');
  }
  if (outcome === 'orphan' && transactionId !== null) {
    await giveBack(deps.gateways, deps.log, payment, transactionId);
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
