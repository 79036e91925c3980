import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#server/db/schema';
import { uuidFromKey } from '#server/db/seed';
import * as demo from '../../../../seed/catalogue/index';
import { ADDRESS, callAs, createShopper, type Shopper } from '../../../../tests/helpers/shoppers';
import { startTestApp, type TestApp } from '../../../../tests/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  // A small per-order cap, so a test can reach it without buying out the stock.
  t = await startTestApp({ ORDER_LINE_MAX: '8' });
});
afterAll(async () => t?.close());

const onPromotion = new Set(demo.promotions.flatMap((x) => x.products.map((y) => y.product)));
/** Products with plenty of stock and no promotion, each used by one test only. */
const pool = demo.products
  .filter((p) => demo.isPack(p) && p.stock >= 30 && !onPromotion.has(p.key))
  .map((p) => p.key);
let next = 0;
const fresh = (n: number) => {
  const taken = pool.slice(next, next + n);
  next += n;
  if (taken.length < n) throw new Error('the demo catalogue ran out of products');
  return taken;
};
const call = (who: Shopper | undefined, method: 'GET' | 'POST', url: string, form?: Record<string, string>) =>
  callAs(t.app, who, method, url, form);

interface Added {
  uuid: string;
  price: number;
  ordered: number;
  amount: number;
  capped: boolean;
  by_stock: boolean;
}
interface Unavailable {
  uuid: string;
  en_name: string;
  zn_name: string;
  reason: string;
}

/** A shopper with a placed order of `lines` (product key → quantity); their cart is then empty. */
async function orderOf(lines: Record<string, number>) {
  const s = await createShopper(t.database, t.clock.now());
  const address = (await call(s, 'POST', '/api/address', ADDRESS)).body.data.uuid as string;
  for (const [key, n] of Object.entries(lines)) {
    const res = await call(s, 'POST', `/api/cart?amount=${n}&uuid=${uuidFromKey(key)}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }
  const cart = (await call(s, 'GET', '/api/cart')).body.data as { id: number; amount: number }[];
  const form: Record<string, string> = { uuid: address, coupon: '' };
  cart.forEach((l, i) => {
    form[`items[${i}][id]`] = String(l.id);
    form[`items[${i}][num]`] = String(l.amount);
  });
  const placed = await call(s, 'POST', '/api/order', form);
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return { s, orderNo: placed.body.data as string };
}

const setProduct = (key: string, change: Partial<typeof products.$inferInsert>) =>
  t.database.db.update(products).set(change).where(eq(products.key, key));

async function cartOf(s: Shopper) {
  return (await call(s, 'GET', '/api/cart')).body.data as { uuid: string; amount: number; price: number }[];
}

describe('buy it again', () => {
  it('puts the order’s products back in the cart as ordered, at their current prices', async () => {
    const [a, b] = fresh(2) as [string, string];
    const { s, orderNo } = await orderOf({ [a]: 2, [b]: 3 });
    await setProduct(a, { priceCents: 777 });

    const res = await call(s, 'POST', `/api/order/${orderNo}/again`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { added, unavailable, count } = res.body.data as {
      added: Added[];
      unavailable: Unavailable[];
      count: number;
    };
    expect(unavailable).toEqual([]);
    expect(count).toBe(5);
    expect(added.find((x) => x.uuid === uuidFromKey(a))).toMatchObject({
      price: 7.77,
      ordered: 2,
      amount: 2,
      capped: false,
    });
    const cart = await cartOf(s);
    expect(cart.map((l) => [l.uuid, l.amount]).sort()).toEqual(
      [
        [uuidFromKey(a), 2],
        [uuidFromKey(b), 3],
      ].sort(),
    );
    expect(cart.find((l) => l.uuid === uuidFromKey(a))?.price).toBe(7.77);
    expect((await call(s, 'GET', '/api/goods/count')).body.data).toBe(5);
  });

  it('adds to a line already in the cart, up to the per-order cap and the stock, and says so', async () => {
    const [capped, short, roomy] = fresh(3) as [string, string, string];
    const { s, orderNo } = await orderOf({ [capped]: 5, [short]: 4, [roomy]: 1 });
    await call(s, 'POST', `/api/cart?amount=5&uuid=${uuidFromKey(capped)}`);
    await setProduct(short, { realStock: 3 });

    const { added } = (await call(s, 'POST', `/api/order/${orderNo}/again`)).body.data as { added: Added[] };
    const of = (key: string) => added.find((x) => x.uuid === uuidFromKey(key));
    expect(of(capped)).toMatchObject({ ordered: 5, amount: 8, capped: true, by_stock: false });
    expect(of(short)).toMatchObject({ ordered: 4, amount: 3, capped: true, by_stock: true });
    expect(of(roomy)).toMatchObject({ ordered: 1, amount: 1, capped: false });

    // Again: the cart is at its limits, nothing grows and nothing is lowered.
    const again = (await call(s, 'POST', `/api/order/${orderNo}/again`)).body.data as { added: Added[] };
    expect(again.added.find((x) => x.uuid === uuidFromKey(capped))).toMatchObject({
      amount: 8,
      capped: true,
    });
    const cart = await cartOf(s);
    expect(cart.find((l) => l.uuid === uuidFromKey(roomy))?.amount).toBe(2);
    expect(cart.find((l) => l.uuid === uuidFromKey(short))?.amount).toBe(3);
  });

  it('reports products off sale, archived or out of stock, in both languages’ names, and leaves them out', async () => {
    const [offSale, archived, soldOut, kept] = fresh(4) as [string, string, string, string];
    const { s, orderNo } = await orderOf({ [offSale]: 1, [archived]: 1, [soldOut]: 1, [kept]: 1 });
    await setProduct(offSale, { onSale: false });
    await setProduct(archived, { archivedAt: t.clock.now() });
    await setProduct(soldOut, { realStock: 0 });

    const res = await call(s, 'POST', `/api/order/${orderNo}/again`);
    expect(res.status).toBe(200);
    const { added, unavailable } = res.body.data as { added: Added[]; unavailable: Unavailable[] };
    expect(added.map((x) => x.uuid)).toEqual([uuidFromKey(kept)]);
    const reasons = Object.fromEntries(unavailable.map((x) => [x.uuid, x.reason]));
    expect(reasons).toEqual({
      [uuidFromKey(offSale)]: 'not_for_sale',
      [uuidFromKey(archived)]: 'not_for_sale',
      [uuidFromKey(soldOut)]: 'out_of_stock',
    });
    const product = demo.products.find((p) => p.key === soldOut);
    expect(unavailable.find((x) => x.uuid === uuidFromKey(soldOut))).toMatchObject({
      en_name: product?.en_name,
      zn_name: product?.zn_name,
    });
    expect((await cartOf(s)).map((l) => l.uuid)).toEqual([uuidFromKey(kept)]);
  });

  it('answers 404 for another shopper’s order and for no order, and adds nothing', async () => {
    const [a] = fresh(1) as [string];
    const { orderNo } = await orderOf({ [a]: 1 });
    const other = await createShopper(t.database, t.clock.now());
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/api/order/${orderNo}/again`,
      headers: { authorization: other.token, 'accept-language': 'zh' },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await call(other, 'POST', '/api/order/1234567890123456/again')).status).toBe(404);
    expect((await call(other, 'POST', '/api/order/abc/again')).status).toBe(400);
    expect((await call(undefined, 'POST', `/api/order/${orderNo}/again`)).status).toBe(401);
    expect(await cartOf(other)).toEqual([]);
  });
});
