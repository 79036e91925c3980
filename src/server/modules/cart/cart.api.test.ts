import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartLines, products, sessions } from '#server/db/schema';
import { uuidFromKey } from '#server/db/seed';
import { hashToken, newToken } from '#server/modules/account/secrets';
import type { CartItem } from '#shared/schemas/cart';
import * as demo from '../../../../seed/catalogue/index';
import { ADDRESS, callAs, createShopper, type Shopper } from '../../../../tests/helpers/shoppers';
import { startTestApp, type TestApp } from '../../../../tests/helpers/test-app';

let t: TestApp;
let s: Shopper;
beforeAll(async () => {
  t = await startTestApp();
  s = await createShopper(t.database);
});
afterAll(async () => t?.close());

const onPromotion = new Set(demo.promotions.flatMap((x) => x.products.map((y) => y.product)));
const product = demo.products.find((p) => demo.isPack(p) && p.stock >= 30 && !onPromotion.has(p.key));
const soldOut = demo.products.find((p) => p.stock === 0);
/** Less in stock than one order may hold (50), so the stock is the limit a shopper meets. */
const scarce = demo.products.find((p) => demo.isPack(p) && p.stock > 0 && p.stock < 49);
/** More in stock than one order may hold, so the cap is the limit. */
const plentiful = demo.products.find((p) => demo.isPack(p) && p.stock > 100 && p.key !== product?.key);
const offSaleKey = demo.products.find((p) => demo.isPack(p) && p.stock > 5 && p.key !== product?.key)?.key;
const add = (uuid: string, amount: number | string, extra = '') =>
  callAs(t.app, s, 'POST', `/api/cart?amount=${amount}&uuid=${uuid}${extra}`);

describe('cart', () => {
  it('adds, sets and removes lines, counting the total quantity', async () => {
    if (!product) throw new Error('no product');
    const uuid = uuidFromKey(product.key);
    const first = await add(uuid, 2);
    expect(first.body.data).toMatchObject({ item: { uuid, amount: 2 }, count: 2 });
    expect((await add(uuid, 3)).body.data).toMatchObject({ item: { amount: 5 }, count: 5 });
    expect((await add(uuid, 1, '&type=cart')).body.data).toMatchObject({ item: { amount: 1 }, count: 1 });
    const [line] = (await callAs(t.app, s, 'GET', '/api/cart')).body.data;
    expect(line).toMatchObject({
      uuid,
      amount: 1,
      price: product.price_cents / 100,
      en_name: product.en_name,
      zn_name: product.zn_name,
      available: true,
    });
    expect(line.img).toMatch(/^\/media\/product-/);
    expect((await add(uuid, 0, '&type=cart')).body.data.item.amount).toBe(0);
    expect((await callAs(t.app, s, 'DELETE', `/api/cart/${line.id}`)).body.data).toEqual({ count: 0 });
    expect((await callAs(t.app, s, 'GET', '/api/cart')).body.data).toEqual([]);
    expect((await callAs(t.app, s, 'DELETE', `/api/cart/${line.id}`)).status).toBe(404);
  });

  it('never goes above the stock: 409 "only N left"', async () => {
    if (!scarce || !soldOut) throw new Error('demo data');
    const res = await add(uuidFromKey(scarce.key), scarce.stock + 1);
    expect(res).toMatchObject({
      status: 409,
      body: { code: 409, message: `Only ${scarce.stock} left of ${scarce.en_name}.` },
    });
    const zh = await t.app.inject({
      method: 'POST',
      url: `/api/cart?amount=1&uuid=${uuidFromKey(soldOut.key)}`,
      headers: { authorization: s.token, 'accept-language': 'zh' },
    });
    expect(JSON.parse(zh.body).message).toBe(`${soldOut.zn_name}仅剩 0 件。`);
  });

  it('never goes above what one order may hold (50), and says so in the shopper’s language', async () => {
    if (!plentiful) throw new Error('demo data');
    const uuid = uuidFromKey(plentiful.key);
    const capped = {
      status: 409,
      body: { code: 409, message: `You can order at most 50 of ${plentiful.en_name} in one order.` },
    };
    expect(await add(uuid, 51, '&type=cart')).toEqual(capped);
    expect(await add(uuid, plentiful.stock + 1)).toEqual(capped);
    expect((await add(uuid, 48)).body.data.item.amount).toBe(48);
    expect(await add(uuid, 3)).toEqual(capped);
    const zh = await t.app.inject({
      method: 'POST',
      url: `/api/cart?amount=3&uuid=${uuid}`,
      headers: { authorization: s.token, 'accept-language': 'zh' },
    });
    expect(JSON.parse(zh.body).message).toBe(`${plentiful.zn_name}每单最多可购买 50 件。`);
    expect((await add(uuid, 2)).body.data.item.amount).toBe(50);
    const lines: { id: number; uuid: string }[] = (await callAs(t.app, s, 'GET', '/api/cart')).body.data;
    const line = lines.find((l) => l.uuid === uuid);
    expect(line).toMatchObject({ amount: 50, max_per_order: 50 });

    // A line above the cap (filled before the shop lowered it) may stay or shrink, never grow.
    await t.database.db
      .update(cartLines)
      .set({ amount: 70 })
      .where(eq(cartLines.id, line?.id ?? 0));
    expect((await add(uuid, 71, '&type=cart')).status).toBe(409);
    expect((await add(uuid, 60, '&type=cart')).body.data.item.amount).toBe(60);
    expect((await add(uuid, 0, '&type=cart')).body.data.item.amount).toBe(0);
  });

  it.each(['-1', '100000', '1.5', 'abc', ''])('refuses the amount %j', async (amount) => {
    if (!product) throw new Error('no product');
    expect((await add(uuidFromKey(product.key), amount)).status).toBe(400);
  });

  it('refuses an unknown product and shows products taken off sale as unavailable', async () => {
    expect((await add('00000000-0000-4000-8000-000000000000', 1)).status).toBe(404);
    const other = demo.products.find((p) => p.key === offSaleKey);
    if (!other) throw new Error('no product');
    await add(uuidFromKey(other.key), 2);
    await t.database.db.update(products).set({ onSale: false }).where(eq(products.key, other.key));
    const lines = (await callAs(t.app, s, 'GET', '/api/cart')).body.data;
    expect(lines.find((l: { uuid: string }) => l.uuid === uuidFromKey(other.key))).toMatchObject({
      available: false,
    });
    expect((await add(uuidFromKey(other.key), 1)).status).toBe(409);
  });

  it('asks visitors to sign in', async () => {
    for (const [method, url] of [
      ['GET', '/api/goods/count'],
      ['GET', '/api/cart'],
      ['POST', '/api/cart?amount=1&uuid=00000000-0000-4000-8000-000000000000'],
      ['DELETE', '/api/cart/1'],
    ] as const) {
      expect((await callAs(t.app, undefined, method, url)).status).toBe(401);
      expect((await callAs(t.app, { token: 'made-up-token' }, method, url)).status).toBe(401);
    }
  });
});

// What of each cart line can be bought now (docs/product.md, Cart and checkout: a line sold out
// or short is marked, the totals count what can be bought, an order takes that much). Products
// the tests above use are left alone.
const used = new Set([product, scarce, plentiful].map((p) => p?.key));
const packs = demo.products.filter(
  (p) => demo.isPack(p) && p.stock >= 10 && p.stock < 49 && !used.has(p.key) && p.key !== offSaleKey,
);
const weighed = demo.products.find((p) => !demo.isPack(p) && p.stock >= 10);

const setStock = (key: string, realStock: number) =>
  t.database.db.update(products).set({ realStock }).where(eq(products.key, key));
const lines = async (): Promise<CartItem[]> => (await callAs(t.app, s, 'GET', '/api/cart')).body.data;
const lineOf = async (key: string) => (await lines()).find((l) => l.uuid === uuidFromKey(key));

/** The same shopper signed in elsewhere: a session of their own, the same cart. */
async function anotherDevice(shopper: Shopper): Promise<Shopper> {
  const token = newToken();
  const now = new Date();
  await t.database.db.insert(sessions).values({
    userId: shopper.id,
    tokenHash: hashToken(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + 3_600_000),
  });
  return { ...shopper, token };
}

describe('cart line availability', () => {
  it('says what of each line can be bought: all, what is left, nothing when sold out or off sale', async () => {
    const [plenty, short, gone, off] = packs;
    if (!plenty || !short || !gone || !off || !weighed) throw new Error('demo data');
    for (const p of [plenty, short, gone, off, weighed])
      await callAs(t.app, s, 'POST', `/api/cart?amount=5&uuid=${uuidFromKey(p.key)}`);

    await setStock(short.key, 4);
    await setStock(gone.key, 0);
    await setStock(weighed.key, 2);
    await t.database.db.update(products).set({ onSale: false }).where(eq(products.key, off.key));

    expect(await lineOf(plenty.key)).toMatchObject({ amount: 5, can_order: 5, stock_state: 'in_stock' });
    expect(await lineOf(short.key)).toMatchObject({
      amount: 5,
      real_stock: 4,
      can_order: 4,
      stock_state: 'short',
    });
    expect(await lineOf(gone.key)).toMatchObject({ amount: 5, can_order: 0, stock_state: 'sold_out' });
    expect(await lineOf(off.key)).toMatchObject({ amount: 5, can_order: 0, stock_state: 'off_sale' });
    // A weighed line counts steps (or pieces), as its stock does.
    expect(await lineOf(weighed.key)).toMatchObject({ amount: 5, can_order: 2, stock_state: 'short' });

    // Lowering to what is left is allowed, and the line is whole again.
    await callAs(t.app, s, 'POST', `/api/cart?amount=4&type=cart&uuid=${uuidFromKey(short.key)}`);
    expect(await lineOf(short.key)).toMatchObject({ amount: 4, can_order: 4, stock_state: 'in_stock' });
    // A line at 0 is not ordered, and not marked.
    await callAs(t.app, s, 'POST', `/api/cart?amount=0&type=cart&uuid=${uuidFromKey(plenty.key)}`);
    expect(await lineOf(plenty.key)).toMatchObject({ amount: 0, can_order: 0, stock_state: 'in_stock' });
  });

  it('Keep is saved on the line for its owner until the amount changes; another shopper’s line is a 404', async () => {
    const keptPack = packs[5];
    if (!keptPack) throw new Error('demo data');
    const owner = await createShopper(t.database);
    // The same account signed in on a second device: its own token, the same cart.
    const [otherDevice, stranger] = [await anotherDevice(owner), await createShopper(t.database)];
    const uuid = uuidFromKey(keptPack.key);
    await callAs(t.app, owner, 'POST', `/api/cart?amount=6&uuid=${uuid}`);
    await setStock(keptPack.key, 2);
    const read = async (who: Shopper) =>
      ((await callAs(t.app, who, 'GET', '/api/cart')).body.data as CartItem[])[0];
    const line = await read(owner);
    expect(line).toMatchObject({ stock_state: 'short', kept: false });
    const keep = (who: Shopper, kept: boolean | string) =>
      callAs(t.app, who, 'PUT', `/api/cart/${line?.id}/kept`, { kept: String(kept) });

    expect(await keep(stranger, true)).toMatchObject({ status: 404 });
    expect(await read(owner)).toMatchObject({ kept: false });
    expect((await keep(owner, true)).body.data).toEqual({ id: line?.id, kept: true });
    expect(await read(otherDevice)).toMatchObject({ amount: 6, stock_state: 'short', kept: true });
    // Sold out now: still kept.
    await setStock(keptPack.key, 0);
    expect(await read(owner)).toMatchObject({ stock_state: 'sold_out', kept: true });
    // Whole again, the line has nothing to keep; short again later, it is still the shopper's choice.
    await setStock(keptPack.key, 10);
    expect(await read(owner)).toMatchObject({ stock_state: 'in_stock', kept: false });
    await setStock(keptPack.key, 2);
    expect(await read(owner)).toMatchObject({ kept: true });
    // Setting the same amount keeps the choice; another amount asks again.
    await callAs(t.app, owner, 'POST', `/api/cart?amount=6&type=cart&uuid=${uuid}`);
    expect(await read(owner)).toMatchObject({ kept: true });
    await callAs(t.app, owner, 'POST', `/api/cart?amount=5&type=cart&uuid=${uuid}`);
    expect(await read(owner)).toMatchObject({ amount: 5, stock_state: 'short', kept: false });
    // Kept again, then taken back.
    await keep(owner, 'true');
    expect((await keep(owner, 'false')).body.data).toEqual({ id: line?.id, kept: false });
    expect(await read(otherDevice)).toMatchObject({ kept: false });
    expect(await keep(owner, 'maybe')).toMatchObject({ status: 400 });
    expect(
      (await callAs(t.app, undefined, 'PUT', `/api/cart/${line?.id}/kept`, { kept: 'true' })).status,
    ).toBe(401);
  });

  it('a kept short line is ordered for what is left; the rest stays in the cart, sold out', async () => {
    const keptShort = packs[4];
    if (!keptShort) throw new Error('demo data');
    const other = await createShopper(t.database);
    const address = (await callAs(t.app, other, 'POST', '/api/address', ADDRESS)).body.data.uuid;
    await callAs(t.app, other, 'POST', `/api/cart?amount=6&uuid=${uuidFromKey(keptShort.key)}`);
    await setStock(keptShort.key, 3);
    const [line] = (await callAs(t.app, other, 'GET', '/api/cart')).body.data as CartItem[];
    expect(line).toMatchObject({ amount: 6, can_order: 3, stock_state: 'short' });
    const order = (num: number) =>
      callAs(t.app, other, 'POST', '/api/order', {
        uuid: address,
        coupon: '',
        'items[0][id]': line?.id ?? 0,
        'items[0][num]': num,
      });
    // The whole line is still refused, naming what is left.
    expect((await order(6)).body).toMatchObject({
      code: 409,
      message: `Only 3 left of ${keptShort.en_name}.`,
    });
    const placed = await order(line?.can_order ?? 0);
    expect(placed.status).toBe(200);
    const detail = (await callAs(t.app, other, 'GET', `/api/order/${placed.body.data}`)).body.data;
    expect(detail.item).toEqual([expect.objectContaining({ uuid: uuidFromKey(keptShort.key), num: 3 })]);
    const [rest] = (await callAs(t.app, other, 'GET', '/api/cart')).body.data as CartItem[];
    expect(rest).toMatchObject({ amount: 3, real_stock: 0, can_order: 0, stock_state: 'sold_out' });
  });
});
