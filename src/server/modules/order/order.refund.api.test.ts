import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cardForm,
  type LiveShop,
  orderRow,
  paymentsOf,
  placeOrder,
  startLiveShop,
} from '../payment/payment.fixture';
import { type RefundDeps, refundOrder } from '../payment/payment.refund';
import { runOrderAction } from './order.actions';
import { refundDepsOf, refusal } from './order.fixture';

let shop: LiveShop;
let deps: RefundDeps;
beforeAll(async () => {
  shop = await startLiveShop();
  deps = refundDepsOf(shop);
});
afterAll(async () => shop?.close());

async function paidByCard(i: number) {
  const o = await placeOrder(shop.t, i);
  const res = await shop.t.app.inject({
    method: 'POST',
    url: '/api/authorize/pay',
    headers: { authorization: o.s.token },
    payload: cardForm(o.orderNo),
  });
  expect(res.json().data.status).toBe(2);
  return o;
}

describe('refunding an order (npm run shop -- refund ORDER)', () => {
  it('voids an unsettled card charge once, and marks the order refunded', async () => {
    const { t, anet } = shop;
    const o = await paidByCard(0);
    const [payment] = await paymentsOf(t, o.orderNo);
    const [first, second] = await Promise.allSettled([
      refundOrder(deps, o.orderNo),
      refundOrder(deps, o.orderNo),
    ]);
    const results = [first, second];
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const done = results.find((r) => r.status === 'fulfilled')?.value;
    expect(done).toMatchObject({
      orderNo: o.orderNo,
      amountCents: o.totalCents,
      kind: 'card',
      cardLast4: '1111',
    });
    expect((await orderRow(t, o.orderNo)).status).toBe(6);
    expect((await paymentsOf(t, o.orderNo))[0]?.status).toBe('refunded');
    expect(anet.transactions.get(payment?.transactionId ?? '')?.status).toBe('voided');
    expect(await refusal(refundOrder(deps, o.orderNo))).toBe('This order has been refunded.');
  });

  it('refunds a settled charge of a shipped order', async () => {
    const { t, anet } = shop;
    const o = await paidByCard(1);
    await runOrderAction(t.database.db, { orderNo: o.orderNo, action: 'ship', staffId: null }, t.clock);
    anet.settleAll();
    await refundOrder(deps, o.orderNo);
    const [payment] = await paymentsOf(t, o.orderNo);
    expect(anet.transactions.get(payment?.transactionId ?? '')?.refundedCents).toBe(o.totalCents);
    expect((await orderRow(t, o.orderNo)).status).toBe(6);
  });

  it('refunds a wallet payment through Yuansfer, and keeps the order paid when the gateway fails', async () => {
    const { t, yuansfer } = shop;
    const o = await placeOrder(t, 2);
    await t.app.inject({
      method: 'POST',
      url: '/api/yuansfer/pay',
      headers: { authorization: o.s.token },
      payload: { vendor: 'alipay', reference: o.orderNo, terminal: 'ONLINE' },
    });
    expect((await yuansfer.pay(`${o.orderNo}-1`)).delivered).toBe(true);

    yuansfer.failNext('500');
    expect(await refusal(refundOrder(deps, o.orderNo))).toBe(
      'The gateway refused the refund: The payment service is unavailable, please try again later.',
    );
    expect((await orderRow(t, o.orderNo)).status).toBe(2);
    expect((await paymentsOf(t, o.orderNo))[0]?.status).toBe('succeeded');

    const result = await refundOrder(deps, o.orderNo);
    expect(result).toMatchObject({ kind: 'wallet', vendor: 'alipay', reference: `${o.orderNo}-1` });
    expect(yuansfer.transactions.get(`${o.orderNo}-1`)?.refundedCents).toBe(o.totalCents);
    expect((await orderRow(t, o.orderNo)).status).toBe(6);
  });

  it('refuses orders that are not paid, and unknown ones', async () => {
    const o = await placeOrder(shop.t, 3);
    expect(await refusal(refundOrder(deps, o.orderNo))).toBe(
      'A pending order cannot be refunded: only a paid order (processing, shipped or completed) can.',
    );
    expect(await refusal(refundOrder(deps, '99999999'))).toBe('This order does not exist.');
    expect((await orderRow(shop.t, o.orderNo)).status).toBe(1);
  });
});
