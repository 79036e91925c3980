import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products } from '#server/db/schema';
import { uuidFromKey } from '#server/db/seed';
import { taxOf } from '#shared/money';
import * as demo from '../../../../seed/catalogue/index';
import { ADDRESS, callAs, createShopper, type Shopper } from '../../../../tests/helpers/shoppers';
import { startTestApp, type TestApp } from '../../../../tests/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const onPromotion = new Set(demo.promotions.flatMap((x) => x.products.map((y) => y.product)));
/** Products with plenty of stock and no promotion, so their price is the regular one. */
const inStock = demo.products.filter((p) => demo.isPack(p) && p.stock >= 20 && !onPromotion.has(p.key));
const running = demo.promotions.find((p) => p.starts_in_days <= 0 && p.ends_in_days > 0);
const call = (
  who: Shopper | undefined,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  form?: Record<string, string | number>,
) => callAs(t.app, who, method, url, form);

async function stockOf(key: string): Promise<number> {
  const [row] = await t.database.db
    .select({ s: products.realStock })
    .from(products)
    .where(eq(products.key, key));
  return row?.s ?? -1;
}

async function shopperWithAddress() {
  const s = await createShopper(t.database, t.clock.now());
  const address = (await call(s, 'POST', '/api/address', ADDRESS)).body.data;
  return { s, address };
}

async function addToCart(s: Shopper, key: string, amount: number) {
  const res = await call(s, 'POST', `/api/cart?amount=${amount}&uuid=${uuidFromKey(key)}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function cartLines(s: Shopper) {
  return (await call(s, 'GET', '/api/cart')).body.data as {
    id: number;
    uuid: string;
    amount: number;
    price: number;
  }[];
}

function orderForm(
  addressUuid: string,
  lines: { id: number; num: number }[],
  extra: Record<string, string> = {},
) {
  const form: Record<string, string | number> = { uuid: addressUuid, coupon: '', ...extra };
  lines.forEach((l, i) => {
    form[`items[${i}][id]`] = l.id;
    form[`items[${i}][num]`] = l.num;
  });
  return form;
}

describe('placing an order', () => {
  it('charges database prices (promotion price while it runs), adds 4.5 % tax, and empties the ordered lines', async () => {
    const { s, address } = await shopperWithAddress();
    const promoLine = running?.products[0];
    const regular = inStock.find(
      (p) => !demo.promotions.some((x) => x.products.some((y) => y.product === p.key)),
    );
    if (!promoLine || !regular) throw new Error('demo data lacks a promotion or a regular product');
    await addToCart(s, promoLine.product, 2);
    await addToCart(s, regular.key, 3);
    const lines = await cartLines(s);
    const before = { promo: await stockOf(promoLine.product), regular: await stockOf(regular.key) };

    const form = orderForm(
      address.uuid,
      lines.map((l) => ({ id: l.id, num: l.amount })),
      { price: '0.01', total: '0.01' },
    );
    const placed = await call(s, 'POST', '/api/order', form);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const orderNo = placed.body.data as string;
    expect(orderNo).toMatch(/^\d{16}$/);

    const detail = (await call(s, 'GET', `/api/order/${orderNo}`)).body.data;
    const subtotal = 2 * promoLine.promotion_price_cents + 3 * regular.price_cents;
    expect(Math.round(detail.subtotal * 100)).toBe(subtotal);
    expect(Math.round(detail.tax * 100)).toBe(taxOf(subtotal));
    expect(Math.round(detail.total_price * 100)).toBe(subtotal + taxOf(subtotal));
    expect(detail).toMatchObject({
      status: 1,
      total_count: 5,
      address: { name: 'Mei', city: 'San Francisco', zip: '94108' },
    });
    expect(detail.item.map((l: { en_name: string }) => l.en_name).sort()).toEqual(
      [demo.products.find((p) => p.key === promoLine.product)?.en_name, regular.en_name].sort(),
    );
    expect(await cartLines(s)).toEqual([]);
    expect((await call(s, 'GET', '/api/goods/count')).body.data).toBe(0);
    expect(await stockOf(promoLine.product)).toBe(before.promo - 2);
    expect(await stockOf(regular.key)).toBe(before.regular - 3);

    const list = (await call(s, 'GET', '/api/order')).body.data;
    expect(list[0]).toMatchObject({ order_no: orderNo, status: 1, total_count: 5 });
    expect(list[0].item).toHaveLength(2);
  });

  it('does not order a line at 0, and drops every line at 0 from the cart when an order is placed', async () => {
    const { s, address } = await shopperWithAddress();
    const [kept, zeroSent, zeroUnsent] = [inStock[8], inStock[9], inStock[10]];
    if (!kept || !zeroSent || !zeroUnsent) throw new Error('no products');
    await addToCart(s, kept.key, 2);
    for (const p of [zeroSent, zeroUnsent]) {
      await addToCart(s, p.key, 1);
      const set = await call(s, 'POST', `/api/cart?amount=0&uuid=${uuidFromKey(p.key)}&type=cart`);
      expect(set.status).toBe(200);
    }
    const lines = await cartLines(s);
    const idOf = (key: string) => lines.find((l) => l.uuid === uuidFromKey(key))?.id ?? 0;
    const stockBefore = await stockOf(zeroSent.key);

    const placed = await call(
      s,
      'POST',
      '/api/order',
      orderForm(address.uuid, [
        { id: idOf(kept.key), num: 2 },
        { id: idOf(zeroSent.key), num: 0 },
      ]),
    );
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const detail = (await call(s, 'GET', `/api/order/${placed.body.data}`)).body.data;
    expect(detail.item.map((l: { en_name: string }) => l.en_name)).toEqual([kept.en_name]);
    expect(detail.total_count).toBe(2);
    expect(Math.round(detail.subtotal * 100)).toBe(2 * kept.price_cents);
    expect(await cartLines(s)).toEqual([]);
    expect(await stockOf(zeroSent.key)).toBe(stockBefore);
  });

  it('refuses an order whose every line is at 0, and leaves the cart as it was', async () => {
    const { s, address } = await shopperWithAddress();
    const p = inStock[11];
    if (!p) throw new Error('no product');
    await addToCart(s, p.key, 1);
    await call(s, 'POST', `/api/cart?amount=0&uuid=${uuidFromKey(p.key)}&type=cart`);
    const [line] = await cartLines(s);
    const res = await call(s, 'POST', '/api/order', orderForm(address.uuid, [{ id: line?.id ?? 0, num: 0 }]));
    expect(res.status).toBe(400);
    expect((await call(s, 'GET', '/api/order')).body.data).toEqual([]);
    expect(await cartLines(s)).toHaveLength(1);
  });

  it('keeps the address as it was when the order was placed', async () => {
    const { s, address } = await shopperWithAddress();
    await addToCart(s, inStock[1]?.key ?? '', 1);
    const [line] = await cartLines(s);
    const orderNo = (
      await call(s, 'POST', '/api/order', orderForm(address.uuid, [{ id: line?.id ?? 0, num: 1 }]))
    ).body.data;
    await call(s, 'PATCH', '/api/address', { ...ADDRESS, city: 'Oakland', uuid: address.uuid });
    expect((await call(s, 'GET', `/api/order/${orderNo}`)).body.data.address.city).toBe('San Francisco');
  });

  it('applies a coupon once per shopper and refuses unknown, expired and too-small ones clearly', async () => {
    const { s, address } = await shopperWithAddress();
    const pricey = inStock.find((p) => p.price_cents >= 1000) ?? inStock[0];
    if (!pricey) throw new Error('no product');
    const qty = Math.ceil(2500 / pricey.price_cents);
    await addToCart(s, pricey.key, qty * 2);
    const [line] = await cartLines(s);
    const form = (coupon: string) => orderForm(address.uuid, [{ id: line?.id ?? 0, num: qty }], { coupon });
    expect((await call(s, 'POST', '/api/order', form('NOPE99'))).body).toEqual({
      code: 400,
      message: 'The coupon code NOPE99 does not exist.',
    });
    expect((await call(s, 'POST', '/api/order', form('harvest15'))).body.message).toBe(
      'The coupon HARVEST15 is not valid at this time.',
    );
    expect((await call(s, 'POST', '/api/order', form('FRESH5'))).body.message).toBe(
      'The coupon FRESH5 needs a subtotal of at least $40.00.',
    );
    const placed = await call(s, 'POST', '/api/order', form(' welcome10 '));
    expect(placed.status).toBe(200);
    const detail = (await call(s, 'GET', `/api/order/${placed.body.data}`)).body.data;
    const subtotal = qty * pricey.price_cents;
    const discount = Math.floor(subtotal / 10);
    expect(Math.round(detail.discount * 100)).toBe(discount);
    expect(Math.round(detail.total_price * 100)).toBe(subtotal - discount + taxOf(subtotal - discount));
    expect(detail.coupon).toBe('WELCOME10');
    expect((await call(s, 'POST', '/api/order', form('WELCOME10'))).body.message).toBe(
      'You have already used the coupon WELCOME10.',
    );
  });

  it('refuses an order above the stock with "only N left" and changes nothing', async () => {
    const { s, address } = await shopperWithAddress();
    const p = inStock[3];
    if (!p) throw new Error('no product');
    await addToCart(s, p.key, 5);
    const [line] = await cartLines(s);
    await t.database.db.update(products).set({ realStock: 2 }).where(eq(products.key, p.key));
    const res = await call(s, 'POST', '/api/order', orderForm(address.uuid, [{ id: line?.id ?? 0, num: 5 }]));
    expect(res).toMatchObject({ status: 409, body: { message: `Only 2 left of ${p.en_name}.` } });
    expect(await stockOf(p.key)).toBe(2);
    expect((await cartLines(s))[0]?.amount).toBe(5);
    expect((await call(s, 'GET', '/api/order')).body.data).toEqual([]);
  });

  it.each([
    [{}, 400],
    [{ uuid: 'not-a-uuid' }, 400],
    [{ uuid: '00000000-0000-4000-8000-000000000000', 'items[0][id]': '1', 'items[0][num]': '1' }, 404],
    [{ 'items[0][id]': 'x', 'items[0][num]': '1' }, 400],
    [{ 'items[0][id]': '1', 'items[0][num]': '0' }, 400],
    [{ 'items[0][id]': '1', 'items[0][num]': '-3' }, 400],
    [{ 'items[0][id]': '1', 'items[1][id]': '1', 'items[0][num]': '1', 'items[1][num]': '1' }, 400],
  ])('answers bad order input %j with %i and places nothing', async (form, status) => {
    const { s, address } = await shopperWithAddress();
    const res = await call(s, 'POST', '/api/order', { uuid: address.uuid, ...form });
    expect(res.status).toBe(status);
    expect((await call(s, 'GET', '/api/order')).body.data).toEqual([]);
  });
});

describe('expiry', () => {
  it('cancels a pending order after 10 minutes and returns its stock exactly once, even when sweeps race', async () => {
    const { s, address } = await shopperWithAddress();
    const p = inStock[6];
    if (!p) throw new Error('no product');
    await addToCart(s, p.key, 4);
    const [line] = await cartLines(s);
    const before = await stockOf(p.key);
    const orderNo = (
      await call(s, 'POST', '/api/order', orderForm(address.uuid, [{ id: line?.id ?? 0, num: 4 }]))
    ).body.data;
    expect(await stockOf(p.key)).toBe(before - 4);

    t.clock.advance(9 * 60_000);
    expect((await call(s, 'GET', `/api/order/${orderNo}`)).body.data.status).toBe(1);
    t.clock.advance(60_000 + 1);
    const { expireOverdueOrders } = await import('./order.expiry');
    const swept = await Promise.all(
      [1, 2, 3].map(() =>
        expireOverdueOrders({ db: t.database.db, clock: t.clock, catalogue: t.app.catalogue }),
      ),
    );
    expect(swept.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect((await call(s, 'GET', `/api/order/${orderNo}`)).body.data.status).toBe(5);
    expect(await stockOf(p.key)).toBe(before);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    expect(row?.status).toBe(5);
  });

  it('waits for a payment under way, then expires the order once that attempt is stale', async () => {
    const { s, address } = await shopperWithAddress();
    const p = inStock[7];
    if (!p) throw new Error('no product');
    await addToCart(s, p.key, 1);
    const [line] = await cartLines(s);
    const orderNo = (
      await call(s, 'POST', '/api/order', orderForm(address.uuid, [{ id: line?.id ?? 0, num: 1 }]))
    ).body.data;
    const [row] = await t.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    if (!row) throw new Error('no order');

    // A card charge starts a few seconds before the ten minutes are up …
    t.clock.advance(10 * 60_000 - 5_000);
    const { takePaymentSlot } = await import('../payment/payment.queries');
    const { PAYMENT_SLOT_MS } = await import('./order.expiry');
    expect(await takePaymentSlot(t.database.db, row.id, t.clock.now())).toBe(true);
    // … so the sweep after the deadline leaves the order for the payment to settle.
    t.clock.advance(30_000);
    const { expireOverdueOrders } = await import('./order.expiry');
    expect(await expireOverdueOrders({ db: t.database.db, clock: t.clock, catalogue: t.app.catalogue })).toBe(
      0,
    );
    expect((await call(s, 'GET', `/api/order/${orderNo}`)).body.data.status).toBe(1);
    // An attempt that never came back (a crash) stops holding it after PAYMENT_SLOT_MS.
    t.clock.advance(PAYMENT_SLOT_MS);
    expect((await call(s, 'GET', `/api/order/${orderNo}`)).body.data.status).toBe(5);
  });
});
