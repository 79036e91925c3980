import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartLines, orders, products } from '#server/db/schema';
import { uuidFromKey } from '#server/db/seed';
import { ORDER_EXPIRY_MINUTES } from '#shared/constants';
import * as demo from '../../../../seed/catalogue/index';
import { ADDRESS, callAs, createShopper, type Shopper } from '../../../../tests/helpers/shoppers';
import { startTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { cardForm } from '../payment/payment.fixture';

/** Hoarding limits (docs/decisions/011-order-limits.md) at their defaults: 50 per product, 3 unpaid orders. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const onPromotion = new Set(demo.promotions.flatMap((x) => x.products.map((y) => y.product)));
/** Products with more stock than one order may hold, so the cap is what stops a shopper. */
const plentiful = demo.products.filter((p) => demo.isPack(p) && p.stock > 100 && !onPromotion.has(p.key));
const productAt = (i: number) => {
  const product = plentiful[i];
  if (!product) throw new Error('the demo catalogue lacks plentiful products');
  return product;
};

async function stockOf(key: string): Promise<number | undefined> {
  const [row] = await t.database.db
    .select({ stock: products.realStock })
    .from(products)
    .where(eq(products.key, key));
  return row?.stock;
}

async function shopperWithAddress() {
  const s = await createShopper(t.database, t.clock.now());
  const address = (await callAs(t.app, s, 'POST', '/api/address', ADDRESS)).body.data.uuid as string;
  return { s, address };
}

/** Puts `amount` of the product in the cart and answers the line's id. */
async function lineOf(s: Shopper, key: string, amount: number): Promise<number> {
  const res = await callAs(t.app, s, 'POST', `/api/cart?amount=${amount}&uuid=${uuidFromKey(key)}&type=cart`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.item.id;
}

const order = (s: Shopper, address: string, line: number, num: number, language = 'en') =>
  t.app
    .inject({
      method: 'POST',
      url: '/api/order',
      headers: { authorization: s.token, 'accept-language': language },
      payload: { uuid: address, coupon: '', items: [{ id: line, num }] },
    })
    .then((res) => ({ status: res.statusCode, body: res.json() }));

const placedOrders = async (s: Shopper) => t.database.db.select().from(orders).where(eq(orders.userId, s.id));

describe('one product per order', () => {
  it('refuses more than 50 of a product in one order, in both languages, and takes nothing', async () => {
    const product = productAt(0);
    const { s, address } = await shopperWithAddress();
    const line = await lineOf(s, product.key, 50);
    // A line filled before the shop lowered its cap is still in the cart.
    await t.database.db.update(cartLines).set({ amount: 60 }).where(eq(cartLines.id, line));
    const stock = await stockOf(product.key);

    expect(await order(s, address, line, 60)).toEqual({
      status: 409,
      body: { code: 409, message: `You can order at most 50 of ${product.en_name} in one order.` },
    });
    expect((await order(s, address, line, 51, 'zh')).body.message).toBe(
      `${product.zn_name}每单最多可购买 50 件。`,
    );
    expect(await stockOf(product.key)).toBe(stock);
    expect(await placedOrders(s)).toEqual([]);
    const [kept] = await t.database.db.select().from(cartLines).where(eq(cartLines.id, line));
    expect(kept?.amount).toBe(60);

    expect((await order(s, address, line, 50)).status).toBe(200);
    expect(await stockOf(product.key)).toBe((stock ?? 0) - 50);
  });

  it('counts what the shopper’s unpaid orders hold: 30 waiting leave room for 20 more, until paid', async () => {
    const product = productAt(1);
    const { s, address } = await shopperWithAddress();
    const line = await lineOf(s, product.key, 50);
    const first = await order(s, address, line, 30);
    expect(first.status).toBe(200);
    await lineOf(s, product.key, 50);
    const stock = await stockOf(product.key);

    expect(await order(s, address, line, 20 + 1)).toEqual({
      status: 409,
      body: {
        code: 409,
        message: `You can order at most 50 of ${product.en_name} at a time, and your unpaid orders already hold 30. Please pay for them, or wait until they expire.`,
      },
    });
    expect((await order(s, address, line, 21, 'zh')).body.message).toBe(
      `${product.zn_name}最多可同时购买 50 件，您未付款的订单中已有 30 件。请先为这些订单付款，或等待它们过期。`,
    );
    expect(await stockOf(product.key)).toBe(stock);

    const paid = await callAs(t.app, s, 'POST', '/api/authorize/pay', cardForm(first.body.data));
    expect(paid.body.data.status).toBe(2);
    expect((await order(s, address, line, 20)).status).toBe(200);
    await lineOf(s, product.key, 40);
    expect((await order(s, address, line, 31)).status).toBe(409);
  });
});

describe('orders waiting for payment', () => {
  it('refuses a fourth unpaid order, saying what to do, and takes nothing', async () => {
    const product = productAt(2);
    const { s, address } = await shopperWithAddress();
    const line = await lineOf(s, product.key, 10);
    for (let i = 0; i < 3; i++) expect((await order(s, address, line, 1)).status).toBe(200);
    const stock = await stockOf(product.key);

    expect(await order(s, address, line, 1)).toEqual({
      status: 409,
      body: {
        code: 409,
        message:
          'You already have 3 orders waiting for payment. Please pay for one of them, or wait until it expires, before placing a new order.',
      },
    });
    expect((await order(s, address, line, 1, 'zh')).body.message).toBe(
      '您已有 3 个订单等待付款。请先支付其中一个订单，或等待其过期，再下新订单。',
    );
    expect(await stockOf(product.key)).toBe(stock);
    expect(await placedOrders(s)).toHaveLength(3);
    const [cart] = await t.database.db.select().from(cartLines).where(eq(cartLines.id, line));
    expect(cart?.amount).toBe(7);

    // Another shopper is not held back by this one's orders.
    const other = await shopperWithAddress();
    const otherLine = await lineOf(other.s, product.key, 1);
    expect((await order(other.s, other.address, otherLine, 1)).status).toBe(200);
  });

  it('makes room when an order is paid, and when unpaid ones expire', async () => {
    const product = productAt(3);
    const { s, address } = await shopperWithAddress();
    const line = await lineOf(s, product.key, 10);
    const placed = [];
    for (let i = 0; i < 3; i++) placed.push((await order(s, address, line, 1)).body.data as string);
    expect((await order(s, address, line, 1)).status).toBe(409);

    const paid = await callAs(t.app, s, 'POST', '/api/authorize/pay', cardForm(placed[0] ?? ''));
    expect(paid.body.data.status).toBe(2);
    expect((await order(s, address, line, 1)).status).toBe(200);
    expect((await order(s, address, line, 1)).status).toBe(409);

    t.clock.advance(ORDER_EXPIRY_MINUTES * 60_000 + 1);
    const stock = await stockOf(product.key);
    expect((await order(s, address, line, 1)).status).toBe(200);
    // The three that expired gave their units back; the new order took one.
    expect(await stockOf(product.key)).toBe((stock ?? 0) + 3 - 1);
  });
});
