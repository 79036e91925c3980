import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditCards } from '#server/db/schema';
import { callAs, createShopper, type Shopper } from '../../../../tests/helpers/shoppers';
import {
  type LiveShop,
  orderRow,
  paymentsOf,
  placeOrder,
  shown,
  startLiveShop,
} from '../payment/payment.fixture';

let shop: LiveShop;
beforeAll(async () => {
  shop = await startLiveShop();
});
afterAll(async () => shop?.close());

const VISA = { name: 'Mei Lin', card_no: '4111 1111 1111 1111', expiration_time: '08/29' };
const MASTERCARD = { name: "Mei O'Brien-Lin", card_no: '5424000000000015', expiration_time: '11/30' };

const call = (
  s: Shopper | undefined,
  method: 'GET' | 'PUT' | 'DELETE' | 'POST',
  url: string,
  form?: Record<string, string>,
  language = 'en',
) =>
  shop.t.app
    .inject({
      method,
      url,
      headers: { ...(s ? { authorization: s.token } : {}), 'accept-language': language },
      ...(form ? { payload: form } : {}),
    })
    .then((res) => ({ status: res.statusCode, body: res.json() }));

describe('saved cards', () => {
  it('adds, lists (newest first), edits and deletes cards, keeping only a gateway token', async () => {
    const { t, anet } = shop;
    const s = await createShopper(t.database, t.clock.now());
    expect((await call(s, 'GET', '/api/credit_card')).body.data).toEqual([]);

    const visa = (await call(s, 'PUT', '/api/credit_card', VISA)).body.data;
    expect(visa).toEqual({
      uuid: expect.any(String),
      brand: 'Visa',
      last4: '1111',
      card_no: '**** 1111',
      expiration_time: '08/29',
      name: 'Mei Lin',
    });
    t.clock.advance(1000);
    const master = (await call(s, 'PUT', '/api/credit_card', { ...MASTERCARD, code: '321' })).body.data;
    const list = (await call(s, 'GET', '/api/credit_card')).body.data;
    expect(list.map((c: { uuid: string }) => c.uuid)).toEqual([master.uuid, visa.uuid]);
    expect(list[0]).toMatchObject({ brand: 'MasterCard', card_no: '**** 0015', name: "Mei O'Brien-Lin" });

    const [row] = await t.database.db.select().from(creditCards).where(eq(creditCards.uuid, visa.uuid));
    expect(row?.token).toMatch(/^\d+\/\d+$/);
    expect(JSON.stringify(row)).not.toContain('4111111111111111');

    const edited = await call(s, 'PUT', `/api/credit_card/${visa.uuid}`, {
      holder_name: 'Mei Lin',
      card_no: '4007000000027',
      expiration_time: '02/31',
    });
    expect(edited.body.data).toMatchObject({ uuid: visa.uuid, last4: '0027', expiration_time: '02/31' });
    const [after] = await t.database.db.select().from(creditCards).where(eq(creditCards.uuid, visa.uuid));
    expect(after?.token).not.toBe(row?.token);
    expect(anet.requestsOf('deleteCustomerPaymentProfileRequest')).toHaveLength(1);

    expect((await call(s, 'DELETE', `/api/credit_card/${master.uuid}`)).body).toEqual({
      code: 200,
      message: 'ok',
      data: null,
    });
    expect((await call(s, 'GET', '/api/credit_card')).body.data.map((c: { uuid: string }) => c.uuid)).toEqual(
      [visa.uuid],
    );
  });

  it("answers 404 for someone else's card, for every call", async () => {
    const { t } = shop;
    const owner = await createShopper(t.database, t.clock.now());
    const other = await createShopper(t.database, t.clock.now());
    const card = (await call(owner, 'PUT', '/api/credit_card', VISA)).body.data;
    const notFound = { code: 404, message: 'This card does not exist.' };
    expect((await call(other, 'PUT', `/api/credit_card/${card.uuid}`, MASTERCARD)).body).toEqual(notFound);
    expect((await call(other, 'DELETE', `/api/credit_card/${card.uuid}`)).body).toEqual(notFound);
    expect((await call(other, 'GET', '/api/credit_card')).body.data).toEqual([]);
    const o = await placeOrder(t, 8, 1, other);
    const payWithIt = { order: o.orderNo, card_uuid: card.uuid, code: '123' };
    expect((await call(other, 'POST', '/api/authorize/pay', payWithIt)).body).toEqual(notFound);
    expect((await call(owner, 'GET', '/api/credit_card')).body.data).toHaveLength(1);
    expect((await call(undefined, 'GET', '/api/credit_card')).status).toBe(401);
  });

  it('checks the form as docs/product.md §5 says, in both languages', async () => {
    const s = await createShopper(shop.t.database, shop.t.clock.now());
    const cases: [Record<string, string>, string, string][] = [
      [{ name: '' }, "Card holder's name is required", '请输入持卡人姓名'],
      [{ name: 'Mei 2' }, "Card holder's name is not correct", '持卡人姓名不正确'],
      [{ card_no: '' }, 'Card number is required', '请输入卡号'],
      [{ expiration_time: '' }, 'Card expire date is required', '请输入有效期'],
      [{ expiration_time: '00/29' }, 'Card expire date is not correct', '有效期格式不正确（MM/YY）'],
      [{ expiration_time: '8/29' }, 'Card expire date is not correct', '有效期格式不正确（MM/YY）'],
    ];
    for (const [override, en, zh] of cases) {
      expect((await call(s, 'PUT', '/api/credit_card', { ...VISA, ...override })).body).toEqual({
        code: 400,
        message: en,
      });
      expect((await call(s, 'PUT', '/api/credit_card', { ...VISA, ...override }, 'zh')).body.message).toBe(
        zh,
      );
    }
    const luhn = await call(s, 'PUT', '/api/credit_card', { ...VISA, card_no: '4111111111111112' });
    expect(luhn.body).toEqual({
      code: 400,
      message: 'The card could not be saved: The credit card number is invalid.',
    });
    const expiredZh = await call(s, 'PUT', '/api/credit_card', { ...VISA, expiration_time: '01/20' }, 'zh');
    expect(expiredZh.body).toEqual({ code: 400, message: '无法保存此卡：信用卡已过期。' });
    expect((await call(s, 'GET', '/api/credit_card')).body.data).toEqual([]);
  });

  it('pays an order with a saved card and its security code', async () => {
    const { t, anet } = shop;
    const o = await placeOrder(t, 9);
    const card = (await call(o.s, 'PUT', '/api/credit_card', VISA)).body.data;
    const noCode = await call(o.s, 'POST', '/api/authorize/pay', { order: o.orderNo, card_uuid: card.uuid });
    expect(noCode.body).toEqual({ code: 400, message: 'Card security code is required' });

    const paid = await call(o.s, 'POST', '/api/authorize/pay', {
      order: o.orderNo,
      card_uuid: card.uuid,
      code: '123',
    });
    expect(shown(paid.body)).toEqual({ status: 2, text: undefined });
    expect((await orderRow(t, o.orderNo)).status).toBe(2);
    expect((await paymentsOf(t, o.orderNo))[0]).toMatchObject({ status: 'succeeded', cardLast4: '1111' });
    const charge = anet.requestsOf('createTransactionRequest').at(-1)?.body.transactionRequest as {
      profile?: unknown;
      amount: string;
    };
    expect(charge.profile).toBeDefined();
    expect(charge.amount).toBe((o.totalCents / 100).toFixed(2));
  });

  it('declines a saved decline card with the gateway message', async () => {
    const { t } = shop;
    const o = await placeOrder(t, 10);
    const card = (await call(o.s, 'PUT', '/api/credit_card', { ...VISA, card_no: '4000000000000002' })).body
      .data;
    const declined = await call(o.s, 'POST', '/api/authorize/pay', {
      order: o.orderNo,
      card_uuid: card.uuid,
      code: '123',
    });
    expect(shown(declined.body)).toEqual({ status: 1, text: 'This transaction has been declined.' });
    expect((await orderRow(t, o.orderNo)).status).toBe(1);
    expect((await callAs(t.app, o.s, 'DELETE', `/api/credit_card/${card.uuid}`)).status).toBe(200);
  });
});
