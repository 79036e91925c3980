import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGateways, sandboxWalletSecret } from '#server/gateways/create-gateways';
import { loadShopSecret } from '#server/secret';
import { PAYMENT_SLOT_MS } from '../order/order.expiry';
import type { PaymentDeps } from './payment.core';
import {
  alertsQueuedFor,
  cardForm,
  failedAlertReader,
  type LiveShop,
  orderRow,
  type PlacedOrder,
  payByCard,
  paymentsOf,
  placeOrder,
  shown,
  soldCountOf,
  startLiveShop,
} from './payment.fixture';
import { insertPayment } from './payment.queries';
import { NOT_CHARGED_MESSAGE, RECONCILE_SWEEP_MS, reconcileCardAttempts } from './payment.reconcile';
import { UNKNOWN_ALERT_AFTER_MS } from './payment.stuck';

/**
 * A card attempt whose answer never reached the order — the connection dropped after the gateway
 * charged, or the process died between the charge and its record — must not lead to a second
 * charge: the gateway is asked (by order number and amount) before the order is charged again,
 * and a sweep settles such attempts nobody retries.
 */
let shop: LiveShop;
let deps: PaymentDeps;
beforeAll(async () => {
  shop = await startLiveShop();
  const { t } = shop;
  const log = pino({ level: 'silent' });
  deps = {
    db: t.database.db,
    clock: t.clock,
    gateways: createGateways(t.config, {
      clock: t.clock,
      log,
      sandboxSecret: sandboxWalletSecret(loadShopSecret(t.config)),
    }),
    catalogue: t.app.catalogue,
    log,
    config: t.config,
  };
});
afterAll(async () => shop?.close());

const pay = (token: string, form: Record<string, string>) => payByCard(shop.t, token, form);

const charges = () => shop.anet.requestsOf('createTransactionRequest').length;
const lookups = () => shop.anet.requestsOf('getUnsettledTransactionListRequest').length;

/** What a crash right after the gateway's approval leaves: a started attempt, and a real charge. */
async function chargedThenCrashed(o: PlacedOrder): Promise<void> {
  const order = await orderRow(shop.t, o.orderNo);
  await insertPayment(deps.db, {
    order,
    kind: 'card',
    vendor: 'creditcard',
    gateway: 'live',
    now: deps.clock.now(),
  });
  const charged = await deps.gateways.card.chargeCard({
    invoiceNumber: o.orderNo,
    amountCents: o.totalCents,
    card: { number: '4111111111111111', expMonth: 12, expYear: 2030, code: '123' },
    billing: {
      firstName: 'Mei',
      lastName: 'Lin',
      address: '88 Grant Avenue',
      city: 'San Francisco',
      state: 'CA',
      zip: '94108',
    },
  });
  expect(charged.status).toBe('approved');
}

describe('card attempts whose answer never arrived', () => {
  it('does not charge again when the answer of a charge was lost: the retry finds and settles it', async () => {
    const { t } = shop;
    const o = await placeOrder(t, 10, 2);
    const soldBefore = await soldCountOf(t, o.productKey);
    shop.anet.failNext('lost');
    const dropped = await pay(o.s.token, cardForm(o.orderNo));
    expect(shown(dropped.body)).toEqual({
      status: 1,
      text: 'The payment service is unavailable, please try again later.',
    });
    expect(await orderRow(t, o.orderNo)).toMatchObject({ status: 1, paymentStartedAt: null });
    const chargesBefore = charges();

    const retry = await pay(o.s.token, cardForm(o.orderNo));
    expect(shown(retry.body)).toEqual({ status: 2, text: undefined });
    expect(charges()).toBe(chargesBefore);
    const [charge] = [...shop.anet.transactions.values()].filter((x) => x.invoiceNumber === o.orderNo);
    const attempts = await paymentsOf(t, o.orderNo);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({
      status: 'succeeded',
      transactionId: charge?.transId,
      cardLast4: '1111',
    });
    expect(await orderRow(t, o.orderNo)).toMatchObject({ status: 2 });
    expect(await soldCountOf(t, o.productKey)).toBe(soldBefore + 2);
  });

  it('refuses to charge again while the gateway cannot say whether it charged', async () => {
    const { t } = shop;
    const o = await placeOrder(t, 11);
    shop.anet.failNext('lost');
    await pay(o.s.token, cardForm(o.orderNo));
    const chargesBefore = charges();
    shop.anet.failNext('500');
    const unsure = await pay(o.s.token, cardForm(o.orderNo));
    expect(shown(unsure.body).status).toBe(1);
    expect(charges()).toBe(chargesBefore);
    expect(await orderRow(t, o.orderNo)).toMatchObject({ status: 1, paymentStartedAt: null });
    // Once the gateway answers, the charge it had made pays the order.
    expect(shown((await pay(o.s.token, cardForm(o.orderNo))).body).status).toBe(2);
    expect(charges()).toBe(chargesBefore);
  });

  it('settles an attempt a crash left behind once its slot has passed, by the sweep', async () => {
    const { t } = shop;
    const o = await placeOrder(t, 12, 3);
    const soldBefore = await soldCountOf(t, o.productKey);
    await chargedThenCrashed(o);
    const lookupsBefore = lookups();
    // While the slot lasts, the attempt may still be running somewhere: left alone.
    expect(await reconcileCardAttempts(deps)).toBe('clear');
    expect(lookups()).toBe(lookupsBefore);
    expect((await paymentsOf(t, o.orderNo)).map((p) => p.status)).toEqual(['started']);

    t.clock.advance(PAYMENT_SLOT_MS + 1000);
    expect(await reconcileCardAttempts(deps)).toBe('paid');
    expect(await orderRow(t, o.orderNo)).toMatchObject({ status: 2 });
    expect((await paymentsOf(t, o.orderNo)).map((p) => p.status)).toEqual(['succeeded']);
    expect(await soldCountOf(t, o.productKey)).toBe(soldBefore + 3);
    // A second sweep finds nothing left to do.
    expect(await reconcileCardAttempts(deps)).toBe('clear');
  });

  it('closes an attempt the gateway never charged, and charges the retry normally', async () => {
    const { t } = shop;
    const o = await placeOrder(t, 13);
    const order = await orderRow(t, o.orderNo);
    await insertPayment(deps.db, {
      order,
      kind: 'card',
      vendor: 'creditcard',
      gateway: 'live',
      now: t.clock.now(),
    });
    t.clock.advance(PAYMENT_SLOT_MS + 1000);
    const chargesBefore = charges();
    expect(shown((await pay(o.s.token, cardForm(o.orderNo))).body).status).toBe(2);
    expect(charges()).toBe(chargesBefore + 1);
    const attempts = await paymentsOf(t, o.orderNo);
    expect(attempts.map((p) => [p.status, p.message])).toEqual([
      ['failed', NOT_CHARGED_MESSAGE],
      ['succeeded', null],
    ]);
  });

  it('tells staff once when the gateway still cannot say after an hour whether it charged', async () => {
    const { t } = shop;
    const reader = await failedAlertReader(t, 'zh');
    const o = await placeOrder(t, 14);
    await chargedThenCrashed(o);
    const unknownFor = async (ms: number) => {
      t.clock.advance(ms);
      shop.anet.failNext('500');
      expect(await reconcileCardAttempts(deps, (await orderRow(t, o.orderNo)).id)).toBe('unknown');
    };
    // Past its slot and unknown: asked again on the next sweep, no alert yet.
    await unknownFor(PAYMENT_SLOT_MS + 1000);
    await unknownFor(UNKNOWN_ALERT_AFTER_MS - PAYMENT_SLOT_MS - 2000);
    expect(await alertsQueuedFor(t, reader)).toEqual([]);
    // An hour after it began: one alert, in the reader's language, however often it is asked again.
    await unknownFor(1000);
    await unknownFor(RECONCILE_SWEEP_MS);
    const [attempt] = await paymentsOf(t, o.orderNo);
    const alerts = await alertsQueuedFor(t, reader);
    expect(alerts.map((m) => m.subject)).toEqual([`银行卡付款结果不明：订单 ${o.orderNo}`]);
    expect(alerts[0]?.text).toContain(`${attempt?.reference}`);
    expect(alerts[0]?.text).toContain(`/admin/orders/${o.orderNo}`);
    // Once the gateway answers, the charge it had made is found and settled as before.
    expect(await reconcileCardAttempts(deps)).toBe('paid');
  });
});
