import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureOf } from '../../../../tests/fakes/yuansfer-double';
import { callAs, createShopper, type Shopper } from '../../../../tests/helpers/shoppers';
import {
  alertsQueuedFor,
  failedAlertReader,
  type LiveShop,
  orderRow,
  paymentsOf,
  placeOrder,
  soldCountOf,
  startLiveShop,
} from './payment.fixture';
import { PAYMENT_CHECK_MS } from './payment.queries';

let shop: LiveShop;
beforeAll(async () => {
  shop = await startLiveShop();
});
afterAll(async () => shop?.close());

const startWallet = (s: Shopper, orderNo: string, vendor = 'wechatpay', language = 'en') =>
  shop.t.app
    .inject({
      method: 'POST',
      url: '/api/yuansfer/pay',
      headers: { authorization: s.token, 'accept-language': language },
      payload: { vendor, reference: orderNo, terminal: 'ONLINE' },
    })
    .then((res) => ({ status: res.statusCode, body: res.json() }));

const paidAlready = async (s: Shopper, orderNo: string) =>
  (await callAs(shop.t.app, s, 'GET', `/api/order/${orderNo}/payment`)).body;

/** Places an order and starts a WeChat Pay payment for it at the double; answers its reference. */
async function startedOrder(i: number) {
  const o = await placeOrder(shop.t, i);
  const started = await startWallet(o.s, o.orderNo);
  expect(started.status).toBe(200);
  const [payment] = await paymentsOf(shop.t, o.orderNo);
  if (!payment) throw new Error('no payment recorded');
  return { ...o, started: started.body, reference: payment.reference };
}

describe('paying an order through Yuansfer (double)', () => {
  it('starts at the cashier, and the notification pays the order exactly once', async () => {
    const { t, yuansfer } = shop;
    const o = await startedOrder(0);
    const sent = yuansfer.transactions.get(o.reference);
    expect(o.reference).toBe(`${o.orderNo}-1`);
    expect(o.started).toEqual({
      code: 200,
      message: 'ok',
      data: { url: `${yuansfer.baseUrl}/cashier/${sent?.transactionNo}` },
    });
    expect(sent).toMatchObject({
      amount: (o.totalCents / 100).toFixed(2),
      vendor: 'wechatpay',
      ipnUrl: `${t.config.publicUrl}/api/yuansfer/ipn`,
      callbackUrl: `${t.config.publicUrl}/pay/${o.orderNo}?returned=1`,
    });
    const soldBefore = await soldCountOf(t, o.productKey);

    const delivery = await yuansfer.pay(o.reference);
    expect(delivery).toMatchObject({ delivered: true, attempts: 1, answers: ['success'] });
    expect(await orderRow(t, o.orderNo)).toMatchObject({ status: 2 });
    expect(await soldCountOf(t, o.productKey)).toBe(soldBefore + o.num);
    const [payment] = await paymentsOf(t, o.orderNo);
    expect(payment).toMatchObject({ status: 'succeeded', transactionId: sent?.transactionNo });

    const replay = await yuansfer.replay(o.reference);
    expect(replay.answers).toEqual(['success']);
    expect(await soldCountOf(t, o.productKey)).toBe(soldBefore + o.num);
    expect(await paidAlready(o.s, o.orderNo)).toEqual({ code: 200, message: 'ok', data: { status: 2 } });
    expect((await startWallet(o.s, o.orderNo)).body.message).toBe('This order has already been paid.');
  });

  it('changes nothing for forged, tampered and wrongly signed notifications', async () => {
    const { t, yuansfer } = shop;
    const o = await startedOrder(1);
    for (const options of [
      { tamper: 'signature' as const },
      { tamper: 'amount' as const },
      { amount: '0.01' },
    ]) {
      const delivery = await yuansfer.pay(o.reference, options);
      expect(delivery.delivered).toBe(false);
      expect(delivery.answers).toEqual(['invalid', 'invalid']);
    }
    const unknown = {
      transactionNo: '1',
      status: 'success',
      amount: '1.00',
      currency: 'USD',
      reference: 'nope-1',
    };
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/yuansfer/ipn',
      payload: new URLSearchParams({
        ...unknown,
        verifySign: signatureOf(unknown, yuansfer.token),
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect([forged.statusCode, forged.body, forged.headers['content-type']]).toEqual([
      400,
      'invalid',
      'text/plain; charset=utf-8',
    ]);
    expect(await orderRow(t, o.orderNo)).toMatchObject({ status: 1, paidAt: null });
    expect((await paymentsOf(t, o.orderNo))[0]?.status).toBe('started');
    expect(t.logs.some((l) => l.includes('bad signature'))).toBe(true);
  });

  it('records a failed payment, acknowledges it, and lets the shopper try again', async () => {
    const { t, yuansfer } = shop;
    const o = await startedOrder(2);
    expect((await yuansfer.pay(o.reference, { outcome: 'failed' })).answers).toEqual(['success']);
    expect((await paymentsOf(t, o.orderNo))[0]).toMatchObject({ status: 'failed', transactionId: null });
    expect((await orderRow(t, o.orderNo)).status).toBe(1);
    // The pay page learns that it failed, and why, in the shopper's language.
    expect((await paidAlready(o.s, o.orderNo)).data).toEqual({
      status: 1,
      attempt: {
        outcome: 'failed',
        vendor: 'wechatpay',
        message: 'The payment was not completed in the wallet, and you have not been charged.',
      },
    });
    const inChinese = await t.app.inject({
      method: 'GET',
      url: `/api/order/${o.orderNo}/payment`,
      headers: { authorization: o.s.token, 'accept-language': 'zh' },
    });
    expect(inChinese.json().data.attempt.message).toBe('钱包中的付款没有完成，您没有被扣款。');
    const retry = await startWallet(o.s, o.orderNo, 'alipay');
    expect(retry.body.data.url).toContain('/cashier/');
    expect((await yuansfer.pay(`${o.orderNo}-2`)).delivered).toBe(true);
    expect((await orderRow(t, o.orderNo)).status).toBe(2);
  });

  it('answers "Paid Already" by asking the gateway when the notification has not come', async () => {
    const { t, yuansfer } = shop;
    const o = await startedOrder(3);
    expect((await paidAlready(o.s, o.orderNo)).data).toEqual({
      status: 1,
      attempt: { outcome: 'pending', vendor: 'wechatpay' },
    });
    const sent = yuansfer.transactions.get(o.reference);
    if (sent) sent.status = 'success'; // paid at the cashier; the notification is still on its way
    const soldBefore = await soldCountOf(t, o.productKey);
    t.clock.advance(PAYMENT_CHECK_MS);
    expect((await paidAlready(o.s, o.orderNo)).data).toEqual({ status: 2 });
    expect((await yuansfer.pay(o.reference)).answers).toEqual(['success']);
    expect(await soldCountOf(t, o.productKey)).toBe(soldBefore + o.num);
    const stranger = await createShopper(t.database, t.clock.now());
    expect((await callAs(t.app, stranger, 'GET', `/api/order/${o.orderNo}/payment`)).status).toBe(404);
  });

  it('asks the gateway once per order every few seconds, however often "Paid Already" is pressed', async () => {
    const { t, yuansfer } = shop;
    const o = await startedOrder(6);
    const queries = () => yuansfer.requests.filter((r) => r.path.endsWith('/tran-query')).length;
    const before = queries();
    const answers = await Promise.all(Array.from({ length: 50 }, () => paidAlready(o.s, o.orderNo)));
    const waiting = { status: 1, attempt: { outcome: 'pending', vendor: 'wechatpay' } };
    expect(answers.map((a) => a.data)).toEqual(Array(50).fill(waiting));
    expect(queries() - before).toBe(1);
    t.clock.advance(PAYMENT_CHECK_MS - 1);
    expect((await paidAlready(o.s, o.orderNo)).data).toEqual(waiting);
    expect(queries() - before).toBe(1);
    const sent = yuansfer.transactions.get(o.reference);
    if (sent) sent.status = 'success';
    t.clock.advance(1);
    expect((await paidAlready(o.s, o.orderNo)).data).toEqual({ status: 2 });
    expect(queries() - before).toBe(2);
  });

  it("shows the gateway's refusal or unavailability as ret_msg, and refuses bad forms", async () => {
    const { yuansfer } = shop;
    const o = await placeOrder(shop.t, 4);
    yuansfer.failNext('500');
    expect((await startWallet(o.s, o.orderNo, 'alipay', 'zh')).body.data).toEqual({
      ret_msg: '支付服务暂时不可用，请稍后再试。',
    });
    expect((await startWallet(o.s, o.orderNo, 'paypal')).body).toEqual({
      code: 400,
      message: 'Please choose credit card, WeChat Pay or Alipay.',
    });
    const stranger = await createShopper(shop.t.database, shop.t.clock.now());
    expect((await startWallet(stranger, o.orderNo)).status).toBe(404);
    expect((await paymentsOf(shop.t, o.orderNo)).map((p) => p.status)).toEqual(['failed']);
  });

  it('gives back money that arrives after the order expired, and keeps the order cancelled', async () => {
    const { t, yuansfer } = shop;
    const o = await startedOrder(5);
    t.clock.advance(10 * 60_000 + 1);
    expect((await paidAlready(o.s, o.orderNo)).data).toEqual({ status: 5 });
    const soldBefore = await soldCountOf(t, o.productKey);
    expect((await yuansfer.pay(o.reference)).answers).toEqual(['success']);
    expect((await orderRow(t, o.orderNo)).status).toBe(5);
    expect(await soldCountOf(t, o.productKey)).toBe(soldBefore);
    const [payment] = await paymentsOf(t, o.orderNo);
    expect(payment).toMatchObject({
      status: 'failed',
      transactionId: yuansfer.transactions.get(o.reference)?.transactionNo,
    });
    expect(yuansfer.transactions.get(o.reference)?.refundedCents).toBe(o.totalCents);
    expect((await yuansfer.replay(o.reference)).answers).toEqual(['success']);
    expect(yuansfer.requests.filter((r) => r.path.endsWith('/refund'))).toHaveLength(1);
  });

  it('tells staff once when money that arrived too late cannot be given back', async () => {
    const { t, yuansfer } = shop;
    const reader = await failedAlertReader(t, 'en');
    const o = await startedOrder(6);
    t.clock.advance(10 * 60_000 + 1);
    expect((await paidAlready(o.s, o.orderNo)).data).toEqual({ status: 5 });
    // The gateway confirms the payment, then is down when asked to give it back.
    yuansfer.passNext();
    yuansfer.failNext('500');
    expect((await yuansfer.pay(o.reference)).answers).toEqual(['success']);
    expect(yuansfer.transactions.get(o.reference)?.refundedCents).toBe(0);
    expect((await yuansfer.replay(o.reference)).answers).toEqual(['success']);
    const alerts = await alertsQueuedFor(t, reader);
    expect(alerts.map((m) => m.subject)).toEqual([`Payment not given back: order ${o.orderNo}`]);
    expect(alerts[0]?.text).toContain(`The payment ${o.reference} of $${(o.totalCents / 100).toFixed(2)}`);
  });

  it('tells staff once of a signed notification paying an amount the order does not ask', async () => {
    const { t, yuansfer } = shop;
    const reader = await failedAlertReader(t, 'zh');
    const o = await startedOrder(7);
    const delivery = await yuansfer.pay(o.reference, { amount: '0.01' });
    expect(delivery.answers).toEqual(['invalid', 'invalid']);
    expect(await orderRow(t, o.orderNo)).toMatchObject({ status: 1, paidAt: null });
    const alerts = await alertsQueuedFor(t, reader);
    expect(alerts.map((m) => m.subject)).toEqual([`钱包付款金额不符：订单 ${o.orderNo}`]);
    expect(alerts[0]?.text).toContain('$0.01');
    // A failed payment's notification moved no money: no alert.
    const other = await startedOrder(8);
    await yuansfer.pay(other.reference, { amount: '0.01', outcome: 'failed' });
    expect(await alertsQueuedFor(t, reader)).toHaveLength(1);
  });
});
