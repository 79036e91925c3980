import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orders } from '#server/db/schema';
import { uuidFromKey } from '#server/db/seed';
import { centsToDecimalString, formatCents, taxOf } from '#shared/money';
import { DeliverySettings } from '#shared/schemas/admin/delivery.zod';
import type * as demo from '../../../../seed/catalogue/index';
import { expectAnswer } from '../../../../tests/helpers/answers';
import { ADDRESS, callAs, createShopper, type Shopper } from '../../../../tests/helpers/shoppers';
import { callAdmin, createStaff, type TestStaff } from '../../../../tests/helpers/staff';
import {
  cardForm,
  type LiveShop,
  payByCard,
  paymentsOf,
  startLiveShop,
  stocked,
} from '../payment/payment.fixture';

/** The delivery terms: the console's settings, the area, the minimum, the fee. */
let shop: LiveShop;
let owner: TestStaff;
let manager: TestStaff;
let packer: TestStaff;
beforeAll(async () => {
  shop = await startLiveShop();
  const now = shop.t.clock.now();
  owner = await createStaff(shop.t.database, now, { role: 'owner' });
  manager = await createStaff(shop.t.database, now, { role: 'manager' });
  packer = await createStaff(shop.t.database, now, { role: 'packer' });
});
afterAll(async () => shop?.close());

const OFF = { area: '', fee: '', free_over: '', minimum: '', tax_on_fee: '0' };
const setTerms = async (terms: Partial<typeof OFF>, who: TestStaff = owner) => {
  const res = await callAdmin(shop.t.app, who.token, 'POST', '/api/admin/delivery', { ...OFF, ...terms });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return expectAnswer(DeliverySettings, res);
};

const visitor = async (url: string, language = 'en') => {
  const res = await shop.t.app.inject({ method: 'GET', url, headers: { 'accept-language': language } });
  return { status: res.statusCode, body: res.json(), cache: res.headers['cache-control'] };
};

/** A product with no promotion and plenty of stock, and its price in cents. */
const product = stocked[0] as (typeof demo.products)[number];
const price = product.price_cents;

/** A shopper with an address at `zip` and `num` of the product in the cart. */
async function shopperWithCart(zip = ADDRESS.zip, num = 1) {
  const s = await createShopper(shop.t.database, shop.t.clock.now());
  const address = await callAs(shop.t.app, s, 'POST', '/api/address', { ...ADDRESS, zip });
  expect(address.status, JSON.stringify(address.body)).toBe(200);
  await callAs(shop.t.app, s, 'POST', `/api/cart?amount=${num}&uuid=${uuidFromKey(product.key)}&type=cart`);
  const [line] = (await callAs(shop.t.app, s, 'GET', '/api/cart')).body.data as { id: number }[];
  return { s, address: address.body.data.uuid as string, line: line?.id ?? 0, num };
}

async function order(c: { s: Shopper; address: string; line: number; num: number }, language = 'en') {
  const res = await shop.t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: { authorization: c.s.token, 'accept-language': language },
    payload: { uuid: c.address, coupon: '', items: [{ id: c.line, num: c.num }] },
  });
  return { status: res.statusCode, body: res.json() };
}

describe('the console sets the terms', () => {
  it('owners and managers may read and save them; packers, shoppers and visitors may not', async () => {
    expect((await callAdmin(shop.t.app, manager.token, 'GET', '/api/admin/delivery')).status).toBe(200);
    await setTerms({ fee: '1' }, manager);
    for (const method of ['GET', 'POST'] as const) {
      const asPacker = await callAdmin(shop.t.app, packer.token, method, '/api/admin/delivery', OFF);
      expect(asPacker.status).toBe(403);
      expect((await callAdmin(shop.t.app, undefined, method, '/api/admin/delivery', OFF)).status).toBe(401);
    }
    const s = await createShopper(shop.t.database, shop.t.clock.now());
    expect((await callAs(shop.t.app, s, 'POST', '/api/admin/delivery', OFF)).status).toBe(401);
  });

  it('cleans the area (sorted, without duplicates) and takes amounts in dollars, empty as off', async () => {
    const saved = await setTerms({
      area: '94107, 941\n94107 ;100',
      fee: '4.99',
      free_over: '35',
      minimum: '',
      tax_on_fee: '1',
    });
    expect(saved).toMatchObject({
      area: ['100', '941', '94107'],
      fee: 4.99,
      free_over: 35,
      minimum: 0,
      tax_on_fee: true,
      has_area: true,
    });
    const read = await callAdmin(shop.t.app, owner.token, 'GET', '/api/admin/delivery');
    expect(expectAnswer(DeliverySettings, read)).toEqual(saved);
  });

  it.each([
    [{ area: '9410a' }, 'Each ZIP code or prefix must be 1 to 5 digits'],
    [{ area: '941071' }, 'Each ZIP code or prefix must be 1 to 5 digits'],
    [{ area: '94-107' }, 'Each ZIP code or prefix must be 1 to 5 digits'],
    [{ fee: '-1' }, 'Please enter an amount in dollars'],
    [{ free_over: '4.999' }, 'Please enter an amount in dollars'],
    [{ minimum: '10000.01' }, 'Please enter an amount in dollars'],
    [{ tax_on_fee: 'maybe' }, 'tax_on_fee'],
  ])('refuses %j with a message and changes nothing', async (bad, message) => {
    const before = (await callAdmin(shop.t.app, owner.token, 'GET', '/api/admin/delivery')).body.data;
    const res = await callAdmin(shop.t.app, owner.token, 'POST', '/api/admin/delivery', { ...OFF, ...bad });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect((await callAdmin(shop.t.app, owner.token, 'GET', '/api/admin/delivery')).body.data).toEqual(
      before,
    );
  });

  it('refuses more than 2,000 entries, in Chinese too', async () => {
    const many = Array.from({ length: 2001 }, (_, i) => String(10000 + i)).join(' ');
    const res = await callAdmin(
      shop.t.app,
      owner.token,
      'POST',
      '/api/admin/delivery',
      { ...OFF, area: many },
      {
        lang: 'zh-CN',
      },
    );
    expect(res).toMatchObject({ status: 400, body: { message: '配送范围最多可列出 2,000 个邮编或前缀。' } });
    const fits = Array.from({ length: 2000 }, (_, i) => String(10000 + i)).join('\n');
    expect((await setTerms({ area: fits })).area).toHaveLength(2000);
  });

  it('records each change in the audit log, before → after', async () => {
    await setTerms({ area: '941', fee: '2.50' });
    const staffId = manager.id;
    await setTerms({ area: '941 100', fee: '3', minimum: '20' }, manager);
    const [entry] = await shop.t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.staffId, staffId))
      .orderBy(auditLog.id)
      .then((rows) => rows.slice(-1));
    expect(entry).toMatchObject({
      action: 'delivery.update',
      targetType: 'delivery',
      targetId: 'terms',
      before: { area: ['941'], fee_cents: 250, free_over_cents: 0, minimum_cents: 0, tax_on_fee: false },
      after: {
        area: ['100', '941'],
        fee_cents: 300,
        free_over_cents: 0,
        minimum_cents: 2000,
        tax_on_fee: false,
      },
    });
  });
});

describe('what a visitor reads', () => {
  it('the terms, without the area itself, publicly cacheable; a change shows at once', async () => {
    await setTerms({ area: '941', fee: '4.99', free_over: '35', minimum: '10' });
    const terms = await visitor('/api/delivery');
    expect(terms).toMatchObject({
      status: 200,
      body: { data: { fee: 4.99, free_over: 35, minimum: 10, tax_on_fee: false, has_area: true } },
      cache: expect.stringMatching(/^public, max-age=\d+$/),
    });
    await setTerms({});
    expect((await visitor('/api/delivery')).body.data).toEqual({
      fee: 0,
      free_over: 0,
      minimum: 0,
      tax_on_fee: false,
      has_area: false,
    });
  });

  it('whether the shop delivers to a ZIP: by prefix, ZIP+4 too; anywhere when no area is set', async () => {
    await setTerms({ area: '941 10013' });
    const answer = async (zip: string) => (await visitor(`/api/delivery/check?zip=${zip}`)).body.data;
    const check = async (zip: string) => {
      const { zip: asked, delivers } = await answer(zip);
      return { zip: asked, delivers };
    };
    // The rates there come with it (docs/product.md, Tax): a new shop's, the spec's 4.5 %.
    expect(await answer('94107')).toMatchObject({
      tax_rates: { groceries: 45_000, prepared_food: 45_000, household: 45_000, none: 0 },
      fee_tax_rate_ppm: 45_000,
    });
    expect(await check('94107')).toEqual({ zip: '94107', delivers: true });
    expect(await check('94107-1234')).toEqual({ zip: '94107', delivers: true });
    expect(await check('10013')).toEqual({ zip: '10013', delivers: true });
    expect(await check('10014')).toEqual({ zip: '10014', delivers: false });
    expect(await check('94612')).toEqual({ zip: '94612', delivers: false });
    await setTerms({});
    expect(await check('94612')).toEqual({ zip: '94612', delivers: true });
  });

  it('refuses a ZIP that is not one, in the visitor’s language', async () => {
    expect(await visitor('/api/delivery/check?zip=941')).toMatchObject({
      status: 400,
      body: { message: 'Please enter a 5-digit ZIP code, like 94105 or 94105-1234.' },
    });
    expect((await visitor('/api/delivery/check?zip=abcde', 'zh')).status).toBe(400);
    expect((await visitor('/api/delivery/check')).status).toBe(400);
  });
});

describe('placing an order under the terms', () => {
  it('refuses an address outside the area (which can still be saved), in English and Chinese', async () => {
    await setTerms({ area: '941' });
    const c = await shopperWithCart('94612');
    const ordersBefore = await shop.t.database.db.select().from(orders).where(eq(orders.userId, c.s.id));
    expect(await order(c)).toEqual({
      status: 409,
      body: {
        code: 409,
        message: "We don't deliver to 94612 yet. Please choose an address in our delivery area.",
      },
    });
    expect((await order(c, 'zh-CN')).body.message).toBe('我们暂时还不配送到 94612。请选择配送范围内的地址。');
    expect(await shop.t.database.db.select().from(orders).where(eq(orders.userId, c.s.id))).toEqual(
      ordersBefore,
    );
    // The line stays in the cart for an address inside the area.
    const inside = await callAs(shop.t.app, c.s, 'POST', '/api/address', { ...ADDRESS, zip: '94107-1234' });
    expect((await order({ ...c, address: inside.body.data.uuid })).status).toBe(200);
  });

  it('refuses an order under the minimum (goods before a coupon) and takes one at it', async () => {
    await setTerms({ minimum: centsToDecimalString(price * 2) });
    const under = await shopperWithCart(ADDRESS.zip, 1);
    const min = formatCents(price * 2);
    expect(await order(under)).toEqual({
      status: 409,
      body: { code: 409, message: `Orders start at ${min}. Please add a little more to your order.` },
    });
    expect((await order(under, 'zh')).body.message).toBe(`订单满 ${min} 起送，请再添加一些商品。`);
    expect((await order(await shopperWithCart(ADDRESS.zip, 2))).status).toBe(200);
  });

  it.each([
    ['one cent under the threshold: the fee is charged', 1, 499],
    ['exactly at the threshold: free', 0, 0],
    ['one cent over the threshold: free', -1, 0],
  ])('%s', async (_name, gap, fee) => {
    const goods = price * 3;
    await setTerms({ fee: '4.99', free_over: centsToDecimalString(goods + gap) });
    const c = await shopperWithCart(ADDRESS.zip, 3);
    const placed = await order(c);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const detail = (await callAs(shop.t.app, c.s, 'GET', `/api/order/${placed.body.data}`)).body.data;
    const tax = taxOf(goods);
    expect(detail).toMatchObject({
      subtotal: goods / 100,
      discount: 0,
      tax: tax / 100,
      delivery_fee: fee / 100,
      total_price: (goods + tax + fee) / 100,
    });
    const console = await callAdmin(shop.t.app, owner.token, 'GET', `/api/admin/orders/${placed.body.data}`);
    expect(console.body.data).toMatchObject({
      delivery_fee: fee / 100,
      total_price: (goods + tax + fee) / 100,
    });
  });

  it('taxes the fee when the shop says so, and the card is charged the total with the fee', async () => {
    await setTerms({ fee: '4.99', tax_on_fee: '1' });
    const c = await shopperWithCart(ADDRESS.zip, 1);
    const placed = await order(c);
    const orderNo = placed.body.data as string;
    const tax = taxOf(price + 499);
    const [row] = await shop.t.database.db.select().from(orders).where(eq(orders.orderNo, orderNo));
    expect(row).toMatchObject({ deliveryFeeCents: 499, taxCents: tax, totalCents: price + tax + 499 });
    const paid = await payByCard(shop.t, c.s.token, cardForm(orderNo));
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    const [payment] = await paymentsOf(shop.t, orderNo);
    expect(payment).toMatchObject({ status: 'succeeded', amountCents: price + tax + 499 });
  });

  it('keeps the spec’s totals when nothing is set: no fee, total = subtotal + 4.5 % tax', async () => {
    await setTerms({});
    const c = await shopperWithCart('10001', 2);
    const placed = await order(c);
    const detail = (await callAs(shop.t.app, c.s, 'GET', `/api/order/${placed.body.data}`)).body.data;
    const tax = taxOf(price * 2);
    expect(detail).toMatchObject({ delivery_fee: 0, tax: tax / 100, total_price: (price * 2 + tax) / 100 });
  });
});
