import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, createShopper } from '../../../../tests/helpers/shoppers';
import {
  cardForm,
  type LiveShop,
  orderRow,
  payByCard,
  paymentsOf,
  placeOrder,
  shown,
  soldCountOf,
  startLiveShop,
} from './payment.fixture';

let shop: LiveShop;
beforeAll(async () => {
  shop = await startLiveShop();
});
afterAll(async () => shop?.close());

const pay = (token: string, form: Record<string, string>, language = 'en') =>
  payByCard(shop.t, token, form, language);

const charges = () => shop.anet.requestsOf('createTransactionRequest');

describe('paying an order by card (Authorize.Net double)', () => {
  it('pays the order once: status 2, paidAt set, sold count grown by the quantity, payment succeeded', async () => {
    const { t } = shop;
    const o = await placeOrder(t, 0, 3);
    const soldBefore = await soldCountOf(t, o.productKey);
    const res = await pay(o.s.token, cardForm(o.orderNo));
    expect(res).toEqual({
      status: 200,
      body: { code: 200, message: 'ok', data: { status: 2, order_no: o.orderNo } },
    });

    const order = await orderRow(t, o.orderNo);
    expect(order).toMatchObject({ status: 2, paymentStartedAt: null });
    expect(order.paidAt).not.toBeNull();
    expect(await soldCountOf(t, o.productKey)).toBe(soldBefore + 3);
    const [payment] = await paymentsOf(t, o.orderNo);
    expect(payment).toMatchObject({
      kind: 'card',
      status: 'succeeded',
      amountCents: o.totalCents,
      cardLast4: '1111',
    });
    // The amount charged is the order's, whatever the form said.
    const charge = charges().at(-1)?.body.transactionRequest as Record<string, unknown>;
    expect(charge.amount).toBe((o.totalCents / 100).toFixed(2));
    expect(charge.order).toEqual({ invoiceNumber: o.orderNo });

    const again = await pay(o.s.token, cardForm(o.orderNo));
    expect(again).toEqual({ status: 409, body: { code: 409, message: 'This order has already been paid.' } });
    expect(await soldCountOf(t, o.productKey)).toBe(soldBefore + 3);
  });

  it('shows a decline with the gateway message (resultCode Ok, responseCode 2) and leaves the order pending', async () => {
    const { t } = shop;
    const o = await placeOrder(t, 1);
    const soldBefore = await soldCountOf(t, o.productKey);
    const declined = await pay(o.s.token, cardForm(o.orderNo, { card: '4000 0000 0000 0002' }));
    expect(declined.status).toBe(200);
    expect(shown(declined.body)).toEqual({ status: 1, text: 'This transaction has been declined.' });
    const inChinese = await pay(o.s.token, cardForm(o.orderNo, { 'billing[zip]': '46282' }), 'zh-CN');
    expect(shown(inChinese.body)).toEqual({ status: 1, text: '交易被拒绝。' });

    expect(await orderRow(t, o.orderNo)).toMatchObject({ status: 1, paymentStartedAt: null, paidAt: null });
    expect((await paymentsOf(t, o.orderNo)).map((p) => p.status)).toEqual(['failed', 'failed']);
    expect(await soldCountOf(t, o.productKey)).toBe(soldBefore);
    // The shopper can try again with another card.
    expect(shown((await pay(o.s.token, cardForm(o.orderNo))).body).status).toBe(2);
  });

  it('charges once when Pay is pressed twice at once', async () => {
    const { t } = shop;
    const o = await placeOrder(t, 2);
    const before = charges().length;
    const [a, b] = await Promise.all([
      pay(o.s.token, cardForm(o.orderNo)),
      pay(o.s.token, cardForm(o.orderNo)),
    ]);
    expect(charges().length - before).toBe(1);
    const answers = [a, b].map((r) => (r.status === 200 ? `paid:${r.body.data.status}` : r.body.message));
    expect(answers.sort()).toEqual([
      expect.stringMatching(
        /^(A payment for this order is already in progress|This order has already been paid)/,
      ),
      'paid:2',
    ]);
    expect((await orderRow(t, o.orderNo)).status).toBe(2);
    expect((await paymentsOf(t, o.orderNo)).filter((p) => p.status === 'succeeded')).toHaveLength(1);
  });

  it('leaves the order pending when the gateway is unreachable, and a retry pays it', async () => {
    const { t } = shop;
    const o = await placeOrder(t, 3);
    shop.anet.failNext('500');
    const down = await pay(o.s.token, cardForm(o.orderNo), 'zh');
    expect(shown(down.body)).toEqual({ status: 1, text: '支付服务暂时不可用，请稍后再试。' });
    expect(await orderRow(t, o.orderNo)).toMatchObject({ status: 1, paymentStartedAt: null });
    expect(shown((await pay(o.s.token, cardForm(o.orderNo))).body).status).toBe(2);
  });

  it('leaves the order pending after a gateway timeout, and a retry pays it', async () => {
    const { t } = shop;
    const o = await placeOrder(t, 4);
    shop.anet.failNext('timeout');
    const slow = await pay(o.s.token, cardForm(o.orderNo));
    expect(shown(slow.body)).toEqual({
      status: 1,
      text: 'The payment service is unavailable, please try again later.',
    });
    expect(await orderRow(t, o.orderNo)).toMatchObject({ status: 1, paymentStartedAt: null });
    expect(shown((await pay(o.s.token, cardForm(o.orderNo))).body).status).toBe(2);
    const references = (await paymentsOf(t, o.orderNo)).map((p) => p.reference);
    expect(references).toEqual([`${o.orderNo}-1`, `${o.orderNo}-2`]);
  });

  it("answers 404 for someone else's order and 409 for an expired one, charging nothing", async () => {
    const { t } = shop;
    const o = await placeOrder(t, 5);
    const stranger = await createShopper(t.database, t.clock.now());
    const before = charges().length;
    expect((await pay(stranger.token, cardForm(o.orderNo))).body).toEqual({
      code: 404,
      message: 'This order does not exist.',
    });
    t.clock.advance(10 * 60_000 + 1);
    const late = await pay(o.s.token, cardForm(o.orderNo));
    expect(late).toEqual({
      status: 409,
      body: { code: 409, message: 'This order has expired or was cancelled, and can no longer be paid.' },
    });
    expect(charges().length).toBe(before);
    expect((await callAs(t.app, undefined, 'POST', '/api/authorize/pay', cardForm(o.orderNo))).status).toBe(
      401,
    );
  });

  it('stops a shopper after ten refused cards in a quarter of an hour, without charging', async () => {
    const { t } = shop;
    const o = await placeOrder(t, 8);
    const decline = cardForm(o.orderNo, { card: '4000000000000002' });
    for (let i = 0; i < 10; i++) expect(shown((await pay(o.s.token, decline)).body).status).toBe(1);
    const before = charges().length;
    expect(await pay(o.s.token, cardForm(o.orderNo))).toEqual({
      status: 429,
      body: { code: 429, message: 'Too many tries. Please wait 900 seconds and try again.' },
    });
    expect(charges().length).toBe(before);
    t.clock.advance(15 * 60_000);
    const o2 = await placeOrder(t, 9, 1, o.s);
    expect(shown((await pay(o.s.token, cardForm(o2.orderNo))).body).status).toBe(2);
  });

  it('refuses a bad form with a 400 naming the field, in the caller’s language', async () => {
    const { t } = shop;
    const o = await placeOrder(t, 6);
    const cases: [Record<string, string>, string, string][] = [
      [{ card: '' }, 'Card number is required', '请输入卡号'],
      [{ card: '4111-abcd' }, 'Card number is not correct', '卡号不正确'],
      [{ date: '' }, 'Card expire date is required', '请输入有效期'],
      [{ date: '13/30' }, 'Card expire date is not correct', '有效期格式不正确（MM/YY）'],
      [{ code: '' }, 'Card security code is required', '请输入安全码'],
      [{ 'billing[zip]': ' ' }, 'Please enter the billing ZIP code.', '请输入账单地址的邮编。'],
      [{ order: '' }, 'Please give the order number.', '请提供订单号。'],
    ];
    for (const [override, en, zh] of cases) {
      expect((await pay(o.s.token, cardForm(o.orderNo, override))).body).toEqual({ code: 400, message: en });
      expect((await pay(o.s.token, cardForm(o.orderNo, override), 'zh')).body.message).toBe(zh);
    }
    const nested = { ...cardForm(o.orderNo), billing: { firstName: 'Mei', lastName: 'Lin' } };
    const json = await shop.t.app.inject({
      method: 'POST',
      url: '/api/authorize/pay',
      headers: { authorization: o.s.token },
      payload: Object.fromEntries(Object.entries(nested).filter(([k]) => !k.startsWith('billing['))),
    });
    expect(json.json()).toEqual({ code: 400, message: 'Please enter the billing address.' });
    expect((await orderRow(t, o.orderNo)).status).toBe(1);
  });

  it('turns an invalid card into a readable refusal without reaching the gateway', async () => {
    const { t } = shop;
    const o = await placeOrder(t, 7);
    const before = charges().length;
    const bad = await pay(o.s.token, cardForm(o.orderNo, { card: '4111 1111 1111 1112' }));
    expect(shown(bad.body)).toEqual({ status: 1, text: 'The credit card number is invalid.' });
    const old = await pay(o.s.token, cardForm(o.orderNo, { date: '01/25' }), 'zh');
    expect(shown(old.body)).toEqual({ status: 1, text: '信用卡已过期。' });
    expect(charges().length).toBe(before);
    expect((await orderRow(t, o.orderNo)).status).toBe(1);
  });
});
