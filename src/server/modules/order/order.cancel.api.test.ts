import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { couponRedemptions, orderEvents, orders, products } from '#server/db/schema';
import { OrderDetail } from '#shared/schemas/order';
import { callAs, createShopper, type Shopper } from '../../../../tests/helpers/shoppers';
import {
  cardForm,
  type LiveShop,
  orderRow,
  paidAndSettled,
  paymentsOf,
  placeOrder,
  startLiveShop,
  stocked,
} from '../payment/payment.fixture';
import { refundOrder } from '../payment/payment.refund';
import { expireOverdueOrders } from './order.expiry';
import { refundDepsOf } from './order.fixture';

/**
 * The shopper's order detail (date, payment, refunds, net paid) and cancelling an unpaid order
 * (docs/api.md, Orders). The races run on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
let shop: LiveShop;
beforeAll(async () => {
  shop = await startLiveShop();
});
afterAll(async () => shop?.close());

const cancel = (s: Shopper, orderNo: string, language = 'en') =>
  shop.t.app
    .inject({
      method: 'POST',
      url: `/api/order/${orderNo}/cancel`,
      headers: { authorization: s.token, 'accept-language': language },
    })
    .then((res) => ({ status: res.statusCode, body: res.json() }));

const detail = async (s: Shopper, orderNo: string) => {
  const res = await callAs(shop.t.app, s, 'GET', `/api/order/${orderNo}`);
  expect(res.status).toBe(200);
  return OrderDetail.parse(res.body.data);
};

async function stockOf(key: string): Promise<number> {
  const [row] = await shop.t.database.db
    .select({ n: products.realStock })
    .from(products)
    .where(eq(products.key, key));
  return row?.n ?? -1;
}

async function eventsOf(orderNo: string) {
  const order = await orderRow(shop.t, orderNo);
  return shop.t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
}

const startWallet = (s: Shopper, orderNo: string) =>
  shop.t.app.inject({
    method: 'POST',
    url: '/api/yuansfer/pay',
    headers: { authorization: s.token },
    payload: { vendor: 'alipay', reference: orderNo, terminal: 'ONLINE' },
  });

describe('the order detail says when, how and what came back', () => {
  it('an unpaid order: its date, no payment, nothing refunded, no net paid', async () => {
    const o = await placeOrder(shop.t, 0);
    const d = await detail(o.s, o.orderNo);
    expect(d.placed_at).toBe(shop.t.clock.now().toISOString());
    expect(d).toMatchObject({ paid_at: null, payment: null, refunded: 0, net_paid: null });
  });

  it('paid by card: the brand and last four; after a $4.00 refund, refunded and net paid', async () => {
    const o = await placeOrder(shop.t, 1, 3);
    await paidAndSettled(shop, o.s, o.orderNo);
    const paid = await detail(o.s, o.orderNo);
    expect(paid.payment).toEqual({
      kind: 'card',
      vendor: 'creditcard',
      card_brand: 'Visa',
      card_last4: '1111',
    });
    expect(paid.paid_at).toBe(shop.t.clock.now().toISOString());
    expect(paid).toMatchObject({ refunded: 0, net_paid: o.totalCents / 100 });
    await refundOrder(refundDepsOf(shop), o.orderNo, { amountCents: 400, reason: 'short', staffId: null });
    const after = await detail(o.s, o.orderNo);
    expect(after).toMatchObject({
      refunded: 4,
      net_paid: (o.totalCents - 400) / 100,
      total_price: o.totalCents / 100,
    });
  });

  it('paid by wallet: the wallet, no card', async () => {
    const o = await placeOrder(shop.t, 2);
    expect((await startWallet(o.s, o.orderNo)).statusCode).toBe(200);
    const [payment] = await paymentsOf(shop.t, o.orderNo);
    await shop.yuansfer.pay(payment?.reference ?? '');
    expect((await detail(o.s, o.orderNo)).payment).toEqual({
      kind: 'wallet',
      vendor: 'alipay',
      card_brand: null,
      card_last4: null,
    });
  });
});

describe('POST /api/order/{no}/cancel', () => {
  it('cancels the owner’s unpaid order: stock and coupon use back at once, on the timeline; twice changes nothing', async () => {
    const product = stocked[3];
    if (!product) throw new Error('no stocked product');
    // WELCOME10 needs a $20 subtotal.
    await shop.t.database.db.update(products).set({ priceCents: 2500 }).where(eq(products.key, product.key));
    const before = await stockOf(product.key);
    const o = await placeOrder(shop.t, 3, 2, undefined, 'WELCOME10');
    expect(await stockOf(product.key)).toBe(before - 2);
    const stranger = await createShopper(shop.t.database, shop.t.clock.now());
    const refused = await cancel(stranger, o.orderNo);
    expect(refused).toMatchObject({ status: 404, body: { message: 'This order does not exist.' } });
    expect((await orderRow(shop.t, o.orderNo)).status).toBe(1);

    expect(await cancel(o.s, o.orderNo)).toMatchObject({ status: 200, body: { data: { status: 5 } } });
    expect(await stockOf(product.key)).toBe(before);
    const order = await orderRow(shop.t, o.orderNo);
    const uses = await shop.t.database.db
      .select()
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.orderId, order.id)));
    expect(uses).toEqual([]);
    const cancelled = (await eventsOf(o.orderNo)).filter((e) => e.kind === 'cancelled');
    expect(cancelled.map((e) => e.details)).toEqual([{ by: 'shopper' }]);
    // The coupon can be used again.
    const again = await placeOrder(shop.t, 3, 2, o.s, 'WELCOME10');
    expect((await orderRow(shop.t, again.orderNo)).couponCode).toBe('WELCOME10');

    expect(await cancel(o.s, o.orderNo)).toMatchObject({ status: 200, body: { data: { status: 5 } } });
    expect(await stockOf(product.key)).toBe(before - 2);
    expect((await eventsOf(o.orderNo)).filter((e) => e.kind === 'cancelled')).toHaveLength(1);
  });

  it('refuses a paid order, and one whose card payment is under way, in the shopper’s language', async () => {
    const o = await placeOrder(shop.t, 4);
    await paidAndSettled(shop, o.s, o.orderNo);
    expect(await cancel(o.s, o.orderNo)).toMatchObject({
      status: 409,
      body: { message: 'A processing order cannot be cancelled: only an order waiting for payment can.' },
    });
    expect((await orderRow(shop.t, o.orderNo)).status).toBe(2);

    const paying = await placeOrder(shop.t, 5);
    await shop.t.database.db
      .update(orders)
      .set({ paymentStartedAt: shop.t.clock.now() })
      .where(eq(orders.orderNo, paying.orderNo));
    expect(await cancel(paying.s, paying.orderNo, 'zh')).toMatchObject({
      status: 409,
      body: { message: '此订单正在付款中，请稍候：付款结束后，订单要么已付款，要么可以取消。' },
    });
    expect((await orderRow(shop.t, paying.orderNo)).status).toBe(1);
  });

  it('an order past its ten minutes is expired, and cancelling it answers 5 without returning stock twice', async () => {
    const o = await placeOrder(shop.t, 6);
    const before = await stockOf(o.productKey);
    shop.t.clock.advance(10 * 60_000 + 1);
    const deps = { db: shop.t.database.db, clock: shop.t.clock, catalogue: shop.t.app.catalogue };
    const [cancelled, swept] = await Promise.all([cancel(o.s, o.orderNo), expireOverdueOrders(deps, o.s.id)]);
    expect(cancelled).toMatchObject({ status: 200, body: { data: { status: 5 } } });
    expect(swept).toBeLessThanOrEqual(1);
    expect(await stockOf(o.productKey)).toBe(before + o.num);
    const ends = (await eventsOf(o.orderNo)).filter((e) => e.kind === 'expired' || e.kind === 'cancelled');
    expect(ends.map((e) => e.kind)).toEqual(['expired']);
  });

  it('a wallet payment arriving while the shopper cancels is never lost: paid, or cancelled and given back', {
    timeout: 120_000,
  }, async () => {
    for (let i = 0; i < 6; i++) {
      const o = await placeOrder(shop.t, 7 + i);
      const before = await stockOf(o.productKey);
      expect((await startWallet(o.s, o.orderNo)).statusCode).toBe(200);
      const [payment] = await paymentsOf(shop.t, o.orderNo);
      const reference = payment?.reference ?? '';
      const [cancelled, delivery] = await Promise.all([cancel(o.s, o.orderNo), shop.yuansfer.pay(reference)]);
      expect(delivery.answers).toEqual(['success']);
      const order = await orderRow(shop.t, o.orderNo);
      const [after] = await paymentsOf(shop.t, o.orderNo);
      const sent = shop.yuansfer.transactions.get(reference);
      if (cancelled.status === 200) {
        // The cancel came first: the order stays cancelled, its stock back, the money given back.
        expect(order.status).toBe(5);
        expect(await stockOf(o.productKey)).toBe(before + o.num);
        expect(after).toMatchObject({ status: 'failed', transactionId: sent?.transactionNo });
        expect(sent?.refundedCents).toBe(o.totalCents);
      } else {
        // The payment came first: the order is paid and the cancel says why not.
        expect(cancelled.status).toBe(409);
        expect(order.status).toBe(2);
        expect(await stockOf(o.productKey)).toBe(before);
        expect(after).toMatchObject({ status: 'succeeded' });
        expect(sent?.refundedCents ?? 0).toBe(0);
      }
    }
  });

  it('a card payment and a cancel at once: exactly one wins, and a cancelled order took no money', {
    timeout: 120_000,
  }, async () => {
    for (let i = 0; i < 6; i++) {
      const o = await placeOrder(shop.t, 13 + i);
      const [cancelled, paid] = await Promise.all([
        cancel(o.s, o.orderNo),
        shop.t.app
          .inject({
            method: 'POST',
            url: '/api/authorize/pay',
            headers: { authorization: o.s.token },
            payload: cardForm(o.orderNo),
          })
          .then((res) => res.json()),
      ]);
      const order = await orderRow(shop.t, o.orderNo);
      const taken = (await paymentsOf(shop.t, o.orderNo)).filter((p) => p.status === 'succeeded');
      if (order.status === 2) {
        expect(cancelled.status).toBe(409);
        expect(paid.data?.status).toBe(2);
        expect(taken).toHaveLength(1);
      } else {
        expect(order.status).toBe(5);
        expect(cancelled.status).toBe(200);
        expect(taken).toHaveLength(0);
      }
    }
  });
});
