import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, cartLines, couponRedemptions, orders, payments, products } from '#server/db/schema';
import { uuidFromKey } from '#server/db/seed';
import * as demo from '../../../../seed/catalogue/index';
import { parallel, tally } from '../../../../tests/helpers/parallel';
import { ADDRESS, callAs, createShopper, type Shopper } from '../../../../tests/helpers/shoppers';
import { startTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { WALLET_STARTS_PER_ORDER } from '../payment/payment.queries';

/**
 * One shopper's parallel calls racing each other. PGlite runs one query at a time, so these races
 * only ever showed on PostgreSQL (TEST_DATABASE_URL); the counts must be exact on both.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const onPromotion = new Set(demo.promotions.flatMap((x) => x.products.map((y) => y.product)));
const stocked = demo.products.filter((p) => demo.isPack(p) && p.stock >= 20 && !onPromotion.has(p.key));
/** More in stock than one order may hold (50). */
const plentiful = stocked.filter((p) => p.stock > 100).slice(-2);
const productAt = (i: number) => {
  const product = stocked[i];
  if (!product) throw new Error('the demo catalogue lacks stocked products');
  return product;
};

async function shopperWithLine(key: string, amount: number) {
  const s = await createShopper(t.database, t.clock.now());
  const address = (await callAs(t.app, s, 'POST', '/api/address', ADDRESS)).body.data.uuid as string;
  await callAs(t.app, s, 'POST', `/api/cart?amount=${amount}&uuid=${uuidFromKey(key)}`);
  const [line] = (await callAs(t.app, s, 'GET', '/api/cart')).body.data;
  return { s, address, line: line.id as number };
}

const orderOne = (s: Shopper, address: string, line: number, coupon = '', num = 1) =>
  callAs(t.app, s, 'POST', '/api/order', {
    uuid: address,
    coupon,
    'items[0][id]': line,
    'items[0][num]': num,
  });

describe('races between one shopper’s parallel calls', () => {
  it('20 parallel orders with one coupon: one uses it, 19 are told it is used, nothing fails', {
    timeout: 120_000,
  }, async () => {
    const product = productAt(0);
    // WELCOME10 needs a $20 subtotal: one unit must reach it.
    await t.database.db.update(products).set({ priceCents: 2500 }).where(eq(products.key, product.key));
    const { s, address, line } = await shopperWithLine(product.key, 20);
    const results = await parallel(20, () => orderOne(s, address, line, 'WELCOME10'));
    expect(tally(results)).toEqual({ 200: 1, 400: 19 });
    const refused = results.find((r) => r.status !== 200);
    expect(refused?.body.message).toBe('You have already used the coupon WELCOME10.');
    const redeemed = await t.database.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.userId, s.id));
    expect(redeemed).toHaveLength(1);
    const placed = await t.database.db.select().from(orders).where(eq(orders.userId, s.id));
    expect(placed).toHaveLength(1);
  });

  it('20 parallel orders: 3 wait for payment, 17 are told to pay first (the limit holds)', {
    timeout: 120_000,
  }, async () => {
    const product = productAt(4);
    const { s, address, line } = await shopperWithLine(product.key, 20);
    const results = await parallel(20, () => orderOne(s, address, line));
    expect(tally(results)).toEqual({ 200: 3, 409: 17 });
    expect(results.find((r) => r.status === 409)?.body.message).toMatch(/^You already have 3 orders waiting/);
    const placed = await t.database.db.select().from(orders).where(eq(orders.userId, s.id));
    expect(placed).toHaveLength(3);
  });

  it('6 parallel orders of 20 of one product: 2 placed, 4 refused by the cap of 50 counting those 40', {
    timeout: 120_000,
  }, async () => {
    const product = plentiful[0];
    if (!product) throw new Error('no plentiful product');
    const { s, address, line } = await shopperWithLine(product.key, 50);
    // A line filled before the shop lowered its cap, so the cart line is never what runs out.
    await t.database.db.update(cartLines).set({ amount: 120 }).where(eq(cartLines.id, line));
    const before = await stockOf(product.key);
    const results = await parallel(6, () => orderOne(s, address, line, '', 20));
    expect(tally(results)).toEqual({ 200: 2, 409: 4 });
    expect(results.find((r) => r.status === 409)?.body.message).toMatch(/unpaid orders already hold 40\./);
    expect(await stockOf(product.key)).toBe(before - 40);
  });

  it('30 parallel new addresses marked default: all saved, exactly one is the default', {
    timeout: 120_000,
  }, async () => {
    const s = await createShopper(t.database, t.clock.now());
    const results = await parallel(30, (i) =>
      callAs(t.app, s, 'POST', '/api/address', {
        ...ADDRESS,
        address: `${i} Grant Avenue`,
        default_status: 1,
      }),
    );
    expect(tally(results)).toEqual({ 200: 30 });
    const rows = await t.database.db.select().from(addresses).where(eq(addresses.userId, s.id));
    expect(rows).toHaveLength(30);
    expect(rows.filter((r) => r.defaultStatus === 1)).toHaveLength(1);
  });

  it('30 parallel first addresses not marked default: exactly one becomes the default', {
    timeout: 120_000,
  }, async () => {
    const s = await createShopper(t.database, t.clock.now());
    const results = await parallel(30, (i) =>
      callAs(t.app, s, 'POST', '/api/address', { ...ADDRESS, address: `${i} Kearny Street` }),
    );
    expect(tally(results)).toEqual({ 200: 30 });
    const rows = await t.database.db.select().from(addresses).where(eq(addresses.userId, s.id));
    expect(rows.filter((r) => r.defaultStatus === 1)).toHaveLength(1);
  });

  it('60 parallel wallet payments of one order: 10 reach the gateway, each with its own reference; the rest wait', {
    timeout: 120_000,
  }, async () => {
    const product = productAt(1);
    const { s, address, line } = await shopperWithLine(product.key, 1);
    const orderNo = (await orderOne(s, address, line)).body.data as string;
    const results = await parallel(60, () =>
      t.app
        .inject({
          method: 'POST',
          url: '/api/yuansfer/pay',
          headers: { authorization: s.token },
          payload: { vendor: 'alipay', reference: orderNo, terminal: 'ONLINE' },
        })
        .then((res) => ({ status: res.statusCode, body: res.json() })),
    );
    expect(tally(results)).toEqual({ 200: WALLET_STARTS_PER_ORDER, 429: 60 - WALLET_STARTS_PER_ORDER });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    const attempts = await t.database.db
      .select({ reference: payments.reference })
      .from(payments)
      .where(eq(payments.orderId, order?.id ?? 0));
    expect(new Set(attempts.map((a) => a.reference)).size).toBe(WALLET_STARTS_PER_ORDER);
  });

  it('ten parallel "+1" adds to a new cart line make it 10', { timeout: 120_000 }, async () => {
    const product = productAt(2);
    const s = await createShopper(t.database, t.clock.now());
    const results = await parallel(10, () =>
      callAs(t.app, s, 'POST', `/api/cart?amount=1&uuid=${uuidFromKey(product.key)}`),
    );
    expect(tally(results)).toEqual({ 200: 10 });
    expect(await lineAmount(s, product.key)).toBe(10);
  });

  it('ten parallel "+10" adds stop at the 50 one order may hold', { timeout: 120_000 }, async () => {
    const product = plentiful[1];
    if (!product) throw new Error('no plentiful product');
    const s = await createShopper(t.database, t.clock.now());
    const results = await parallel(10, () =>
      callAs(t.app, s, 'POST', `/api/cart?amount=10&uuid=${uuidFromKey(product.key)}`),
    );
    expect(tally(results)).toEqual({ 200: 5, 409: 5 });
    expect(await lineAmount(s, product.key)).toBe(50);
  });

  it('ten parallel "+1" adds against 4 in stock: 4 added, 6 told "only 4 left"', {
    timeout: 120_000,
  }, async () => {
    const product = productAt(3);
    await t.database.db.update(products).set({ realStock: 4 }).where(eq(products.key, product.key));
    const s = await createShopper(t.database, t.clock.now());
    const results = await parallel(10, () =>
      callAs(t.app, s, 'POST', `/api/cart?amount=1&uuid=${uuidFromKey(product.key)}`),
    );
    expect(tally(results)).toEqual({ 200: 4, 409: 6 });
    expect(results.find((r) => r.status === 409)?.body.message).toBe(`Only 4 left of ${product.en_name}.`);
    expect(await lineAmount(s, product.key)).toBe(4);
  });
});

async function stockOf(key: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: products.realStock })
    .from(products)
    .where(eq(products.key, key));
  return row?.n ?? -1;
}

async function lineAmount(s: Shopper, key: string): Promise<number | undefined> {
  const [row] = await t.database.db
    .select({ amount: cartLines.amount })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(and(eq(cartLines.userId, s.id), eq(products.key, key)));
  return row?.amount;
}
