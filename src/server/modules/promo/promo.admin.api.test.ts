import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, couponRedemptions, coupons, products } from '#server/db/schema';
import { uuidFromKey } from '#server/db/seed';
import { shopWallTime } from '#server/shop-time';
import { Deleted } from '#shared/schemas/admin/common.zod';
import { Coupon, CouponList } from '#shared/schemas/admin/coupons.zod';
import { Promotion, PromotionList } from '#shared/schemas/admin/promotions.zod';
import { AvailableCoupons } from '#shared/schemas/coupon.zod';
import * as demo from '../../../../seed/catalogue/index';
import { expectAnswer } from '../../../../tests/helpers/answers';
import { parallel, tally } from '../../../../tests/helpers/parallel';
import { ADDRESS, callAs, createShopper, type Shopper } from '../../../../tests/helpers/shoppers';
import { callAdmin, createStaff, type TestStaff } from '../../../../tests/helpers/staff';
import { startTestApp, type TestApp } from '../../../../tests/helpers/test-app';

/**
 * The console's promotions and coupons on both databases: who may call, what
 * shoppers then see and pay, refusals in both languages, and coupon limits under parallel orders.
 */
let t: TestApp;
const staff = {} as Record<'owner' | 'manager' | 'packer', TestStaff>;
beforeAll(async () => {
  t = await startTestApp();
  for (const role of ['owner', 'manager', 'packer'] as const) {
    staff[role] = await createStaff(t.database, t.clock.now(), { role });
  }
});
afterAll(async () => t?.close());

const HOUR = 3_600_000;
/** The shop's wall clock `hours` from the test clock's now. */
const at = (hours: number) =>
  shopWallTime(new Date(t.clock.now().getTime() + hours * HOUR), t.config.shopTimeZone);

const onPromotion = new Set(demo.promotions.flatMap((x) => x.products.map((y) => y.product)));
const free = demo.products.filter(
  (p) => demo.isPack(p) && p.stock >= 60 && !onPromotion.has(p.key) && p.price_cents > 200,
);
const productNo = (i: number) => {
  const p = free[i];
  if (!p) throw new Error('the demo catalogue lacks stocked products');
  return p;
};
async function idOf(key: string): Promise<number> {
  const [row] = await t.database.db.select({ id: products.id }).from(products).where(eq(products.key, key));
  if (!row) throw new Error(`no product ${key}`);
  return row.id;
}

const admin = (
  who: TestStaff,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  // biome-ignore lint/suspicious/noExplicitAny: JSON bodies of any shape
  body?: any,
  lang = 'en',
) => callAdmin(t.app, who.token, method, url, body, { lang });

const promotionBody = (productId: number, price: string, extra: Record<string, unknown> = {}) => ({
  en_name: 'Weekend deals',
  zn_name: '周末特价',
  ad_img: '/media/ad/weekend-750.webp',
  starts_at: at(-1),
  ends_at: at(48),
  products: [{ id: productId, price }],
  ...extra,
});

const couponBody = (extra: Record<string, unknown> = {}) => ({
  code: 'spring5',
  kind: 'fixed',
  value: '5.00',
  min_spend: '',
  starts_at: at(-1),
  ends_at: at(24 * 30),
  usage_limit: '',
  per_shopper_limit: '',
  ...extra,
});

async function shopperWithLine(key: string, amount = 1) {
  const s = await createShopper(t.database, t.clock.now());
  const address = (await callAs(t.app, s, 'POST', '/api/address', ADDRESS)).body.data.uuid as string;
  await callAs(t.app, s, 'POST', `/api/cart?amount=${amount}&uuid=${uuidFromKey(key)}`);
  const [line] = (await callAs(t.app, s, 'GET', '/api/cart')).body.data;
  return { s, address, line: line.id as number };
}
const orderOne = (s: Shopper, address: string, line: number, coupon: string) =>
  callAs(t.app, s, 'POST', '/api/order', { uuid: address, coupon, 'items[0][id]': line, 'items[0][num]': 1 });

describe('promotions in the console', () => {
  it('are for owners and managers: a packer gets 403 on every route', async () => {
    const id = await idOf(productNo(0).key);
    for (const [method, url, body] of [
      ['GET', '/api/admin/promotions'],
      ['GET', '/api/admin/promotions/1'],
      ['POST', '/api/admin/promotions', promotionBody(id, '0.50')],
      ['POST', '/api/admin/promotions/1', promotionBody(id, '0.50')],
      ['DELETE', '/api/admin/promotions/1'],
    ] as const) {
      expect((await admin(staff.packer, method, url, body)).status, `${method} ${url}`).toBe(403);
    }
    const promotions = await admin(staff.manager, 'GET', '/api/admin/promotions');
    expect(promotions.status).toBe(200);
    expectAnswer(PromotionList, promotions);
    const first = await admin(staff.owner, 'GET', '/api/admin/promotions/1');
    expect(first.status).toBe(200);
    expectAnswer(Promotion, first);
  });

  it('a created promotion prices the shopper’s cart and the storefront at once; deleting it gives the normal price back', async () => {
    const product = productNo(0);
    const id = await idOf(product.key);
    const promoPrice = ((product.price_cents - 100) / 100).toFixed(2);
    const created = await admin(
      staff.manager,
      'POST',
      '/api/admin/promotions',
      promotionBody(id, promoPrice),
    );
    expect(created.status).toBe(200);
    const promo = expectAnswer(Promotion, created);
    expect(promo).toMatchObject({ state: 'running', en_name: 'Weekend deals', starts_at: at(-1) });
    expect(promo.products).toEqual([
      expect.objectContaining({ id, price: product.price_cents / 100, promotion_price: Number(promoPrice) }),
    ]);

    const cards = await callAs(t.app, undefined, 'GET', `/api/index_product?promotion_plan=${promo.id}`);
    expect(cards.body.data.list[0]).toMatchObject({
      uuid: uuidFromKey(product.key),
      promotion_price: Number(promoPrice),
    });
    const { s } = await shopperWithLine(product.key);
    const cartPrice = async () => (await callAs(t.app, s, 'GET', '/api/cart')).body.data[0].price;
    expect(await cartPrice()).toBe(Number(promoPrice));

    const list = expectAnswer(PromotionList, await admin(staff.owner, 'GET', '/api/admin/promotions')).items;
    expect(list.find((p) => p.id === promo.id)).toMatchObject({
      state: 'running',
      product_count: 1,
    });

    const edited = await admin(staff.owner, 'POST', `/api/admin/promotions/${promo.id}`, {
      ...promotionBody(id, '1.00'),
      starts_at: at(2),
    });
    expect(expectAnswer(Promotion, edited)).toMatchObject({ state: 'scheduled', starts_at: at(2) });
    expect(await cartPrice()).toBe(product.price_cents / 100);

    await admin(staff.owner, 'POST', `/api/admin/promotions/${promo.id}`, promotionBody(id, '1.00'));
    expect(await cartPrice()).toBe(1);
    const deleted = await admin(staff.owner, 'DELETE', `/api/admin/promotions/${promo.id}`);
    expect(deleted.status).toBe(200);
    expectAnswer(Deleted, deleted);
    expect(await cartPrice()).toBe(product.price_cents / 100);
    expect((await admin(staff.owner, 'GET', `/api/admin/promotions/${promo.id}`)).status).toBe(404);
    const actions = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.targetId, String(promo.id)));
    expect(actions.map((a) => a.action).filter((a) => a.startsWith('promotion.'))).toEqual([
      'promotion.create',
      'promotion.update',
      'promotion.update',
      'promotion.delete',
    ]);
  });

  it('refuse a price at or above the product’s, an end before the start, and bad fields, in both languages', async () => {
    const product = productNo(1);
    const id = await idOf(product.key);
    const price = (product.price_cents / 100).toFixed(2);
    const cases: [Record<string, unknown>, RegExp, RegExp][] = [
      [promotionBody(id, price), /must be more than \$0\.00 and below its price/, /的促销价必须大于/],
      [promotionBody(id, '0'), /must be more than/, /促销价必须大于/],
      [
        promotionBody(id, '1.00', { ends_at: at(-2) }),
        /The end must be after the start\./,
        /结束时间必须晚于开始时间/,
      ],
      [
        promotionBody(id, '1.00', { starts_at: '2026-13-01T09:00' }),
        /start and the end as a date/,
        /开始和结束的日期/,
      ],
      [promotionBody(id, '1.00', { zn_name: ' ' }), /name in English and in Chinese/, /中英文名称/],
      [promotionBody(id, '1.00', { products: [] }), /at least one product/, /至少添加一件商品/],
      [promotionBody(2_000_000_000, '1.00'), /Product 2000000000 does not exist/, /商品 2000000000 不存在/],
      [promotionBody(id, 'abc'), /promotion price as an amount/, /促销价金额/],
    ];
    for (const [body, en, zh] of cases) {
      const a = await admin(staff.owner, 'POST', '/api/admin/promotions', body, 'en');
      const b = await admin(staff.owner, 'POST', '/api/admin/promotions', body, 'zh-CN');
      expect([a.status, a.body.message]).toEqual([400, expect.stringMatching(en)]);
      expect([b.status, b.body.message]).toEqual([400, expect.stringMatching(zh)]);
    }
  });
});

describe('coupons in the console', () => {
  it('are for owners and managers only', async () => {
    for (const [method, url, body] of [
      ['GET', '/api/admin/coupons'],
      ['GET', '/api/admin/coupons/1'],
      ['POST', '/api/admin/coupons', couponBody({ code: 'PACKER1' })],
      ['POST', '/api/admin/coupons/1', couponBody({ code: 'PACKER1' })],
      ['DELETE', '/api/admin/coupons/1'],
    ] as const) {
      expect((await admin(staff.packer, method, url, body)).status, `${method} ${url}`).toBe(403);
    }
    const coupons = await admin(staff.manager, 'GET', '/api/admin/coupons');
    expect(coupons.status).toBe(200);
    expectAnswer(CouponList, coupons);
  });

  it('refuse a taken code (any case), a percent of 0 or 101, an end before the start, in both languages', async () => {
    const created = await admin(staff.owner, 'POST', '/api/admin/coupons', couponBody({ code: 'twice' }));
    expect(expectAnswer(Coupon, created)).toMatchObject({
      code: 'TWICE',
      value: 5,
      uses: 0,
      state: 'running',
    });
    expectAnswer(Coupon, await admin(staff.manager, 'GET', `/api/admin/coupons/${created.body.data.id}`));
    const cases: [Record<string, unknown>, number, RegExp, RegExp][] = [
      [
        couponBody({ code: 'Twice' }),
        409,
        /Another coupon already has the code TWICE/,
        /已有另一张优惠券使用优惠码 TWICE/,
      ],
      [couponBody({ code: 'welcome10' }), 409, /already has the code WELCOME10/, /WELCOME10/],
      [couponBody({ code: 'P0', kind: 'percent', value: '10' }), 400, /3 to 32 letters/, /3 到 32 个/],
      [couponBody({ code: 'PCT0', kind: 'percent', value: '0' }), 400, /from 1 to 100/, /1 到 100/],
      [couponBody({ code: 'PCT101', kind: 'percent', value: '101' }), 400, /from 1 to 100/, /1 到 100/],
      [couponBody({ code: 'FIX0', value: '0' }), 400, /amount above 0/, /大于 0/],
      [
        couponBody({ code: 'LATE', ends_at: at(-5) }),
        400,
        /The end must be after the start/,
        /结束时间必须晚于/,
      ],
      [couponBody({ code: 'LIM0', usage_limit: '0' }), 400, /whole number from 1/, /不小于 1/],
    ];
    for (const [body, status, en, zh] of cases) {
      const a = await admin(staff.owner, 'POST', '/api/admin/coupons', body, 'en');
      const b = await admin(staff.owner, 'POST', '/api/admin/coupons', body, 'zh-CN');
      expect([a.status, a.body.message]).toEqual([status, expect.stringMatching(en)]);
      expect([b.status, b.body.message]).toEqual([status, expect.stringMatching(zh)]);
    }
    const renamed = await admin(
      staff.owner,
      'POST',
      `/api/admin/coupons/${created.body.data.id}`,
      couponBody({ code: 'WELCOME10' }),
    );
    expect(renamed.status).toBe(409);
  });

  it('show their uses; a used one cannot be deleted, a disabled one is refused at checkout, an unused one is deleted', async () => {
    const product = productNo(2);
    const c = (await admin(staff.owner, 'POST', '/api/admin/coupons', couponBody({ code: 'USEME' }))).body
      .data;
    const a = await shopperWithLine(product.key);
    const first = await orderOne(a.s, a.address, a.line, 'useme');
    expect([first.status, first.body.message]).toEqual([200, expect.anything()]);
    const listed = expectAnswer(CouponList, await admin(staff.owner, 'GET', '/api/admin/coupons')).items;
    expect(listed.find((x) => x.id === c.id)).toMatchObject({ uses: 1, code: 'USEME' });
    const refused = await admin(staff.owner, 'DELETE', `/api/admin/coupons/${c.id}`, undefined, 'zh-CN');
    expect([refused.status, refused.body.message]).toEqual([
      409,
      expect.stringMatching(/不能删除，请改为停用/),
    ]);

    const off = await admin(
      staff.owner,
      'POST',
      `/api/admin/coupons/${c.id}`,
      couponBody({ code: 'USEME', active: false }),
    );
    expect(expectAnswer(Coupon, off)).toMatchObject({ active: false, state: 'disabled' });
    const b = await shopperWithLine(product.key);
    const answer = await orderOne(b.s, b.address, b.line, 'USEME');
    expect([answer.status, answer.body.message]).toEqual([
      400,
      'The coupon USEME is not valid at this time.',
    ]);

    const unused = (await admin(staff.owner, 'POST', '/api/admin/coupons', couponBody({ code: 'NOTUSED' })))
      .body.data;
    const unusedGone = await admin(staff.owner, 'DELETE', `/api/admin/coupons/${unused.id}`);
    expect(unusedGone.status).toBe(200);
    expectAnswer(Deleted, unusedGone);
    expect(await t.database.db.select().from(coupons).where(eq(coupons.id, unused.id))).toEqual([]);
  });

  it('are listed to shoppers only once the owner shows them; a private code still works when typed; audited', async () => {
    const product = productNo(3);
    const listed = async (s: Shopper) =>
      AvailableCoupons.parse((await callAs(t.app, s, 'GET', '/api/coupons')).body.data).items.map(
        (c) => c.code,
      );
    const created = await admin(staff.owner, 'POST', '/api/admin/coupons', couponBody({ code: 'quiet3' }));
    const c = expectAnswer(Coupon, created);
    expect(c).toMatchObject({ code: 'QUIET3', public: false });
    const a = await shopperWithLine(product.key);
    expect(await listed(a.s)).not.toContain('QUIET3');
    const typed = await callAs(t.app, a.s, 'GET', `/api/cart/coupon?code=quiet3&uuid=${a.address}`);
    expect([typed.status, typed.body.data?.code]).toEqual([200, 'QUIET3']);
    expect(typed.body.data.discount).toBeGreaterThan(0);

    const shown = await admin(
      staff.manager,
      'POST',
      `/api/admin/coupons/${c.id}`,
      couponBody({ code: 'QUIET3', public: true }),
    );
    expect(expectAnswer(Coupon, shown)).toMatchObject({ public: true });
    expect(await listed(a.s)).toContain('QUIET3');
    expect(await listed(await createShopper(t.database, t.clock.now()))).toContain('QUIET3');
    await admin(
      staff.owner,
      'POST',
      `/api/admin/coupons/${c.id}`,
      couponBody({ code: 'QUIET3', public: 'false' }),
    );
    expect(await listed(a.s)).not.toContain('QUIET3');
    // Still the shopper's to use, though no longer listed.
    expect((await orderOne(a.s, a.address, a.line, 'QUIET3')).status).toBe(200);

    const rows = await t.database.db
      .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.targetId, String(c.id)));
    const flags = rows
      .filter((r) => r.action.startsWith('coupon.'))
      .map((r) => [
        r.action,
        (r.before as { public?: boolean } | null)?.public ?? null,
        (r.after as { public?: boolean } | null)?.public ?? null,
      ]);
    expect(flags).toEqual([
      ['coupon.create', null, false],
      ['coupon.update', false, true],
      ['coupon.update', true, false],
    ]);
    const refused = await admin(
      staff.owner,
      'POST',
      '/api/admin/coupons',
      couponBody({ code: 'ODD1', public: 'maybe' }),
    );
    expect(refused.status).toBe(400);
  });

  it('give a use back when the order expires unpaid', async () => {
    const product = productNo(2);
    const c = (
      await admin(
        staff.owner,
        'POST',
        '/api/admin/coupons',
        couponBody({ code: 'ONCEONLY', usage_limit: '1' }),
      )
    ).body.data;
    const a = await shopperWithLine(product.key);
    expect((await orderOne(a.s, a.address, a.line, 'ONCEONLY')).status).toBe(200);
    const b = await shopperWithLine(product.key);
    const second = await callAs(t.app, b.s, 'POST', '/api/order', {
      uuid: b.address,
      coupon: 'onceonly',
      'items[0][id]': b.line,
      'items[0][num]': 1,
    });
    expect([second.status, second.body.message]).toEqual([400, 'The coupon ONCEONLY has been used up.']);
    t.clock.advance(11 * 60_000);
    const listed = (await admin(staff.owner, 'GET', '/api/admin/coupons')).body.data.items;
    expect(listed.find((x: { id: number }) => x.id === c.id)).toMatchObject({ uses: 0 });
    expect((await orderOne(b.s, b.address, b.line, 'ONCEONLY')).status).toBe(200);
  });
});

describe('coupon limits under parallel orders', () => {
  it('a total limit of 5: exactly 5 of 50 shoppers’ parallel orders use it, the rest are told in their language', {
    timeout: 300_000,
  }, async () => {
    const product = productNo(3);
    const c = (
      await admin(staff.owner, 'POST', '/api/admin/coupons', couponBody({ code: 'FIRST5', usage_limit: '5' }))
    ).body.data;
    const buyers: Awaited<ReturnType<typeof shopperWithLine>>[] = [];
    for (let i = 0; i < 50; i++) buyers.push(await shopperWithLine(product.key));
    const results = await parallel(50, (i) => {
      const b = buyers[i];
      if (!b) throw new Error('no buyer');
      return t.app
        .inject({
          method: 'POST',
          url: '/api/order',
          headers: { authorization: b.s.token, 'accept-language': i % 2 ? 'zh-CN' : 'en' },
          payload: { uuid: b.address, coupon: 'first5', items: [{ id: b.line, num: 1 }] },
        })
        .then((r) => ({ status: r.statusCode, message: r.json().message as string, zh: i % 2 === 1 }));
    });
    expect(tally(results)).toEqual({ 200: 5, 400: 45 });
    for (const r of results.filter((x) => x.status === 400)) {
      expect(r.message).toBe(
        r.zh ? '优惠券 FIRST5 的使用次数已用完。' : 'The coupon FIRST5 has been used up.',
      );
    }
    const used = await t.database.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, c.id));
    expect(used).toHaveLength(5);
  });

  it('a per-shopper limit of 2: one shopper’s 20 parallel orders use it exactly twice', {
    timeout: 300_000,
  }, async () => {
    const product = productNo(4);
    const c = (
      await admin(
        staff.owner,
        'POST',
        '/api/admin/coupons',
        couponBody({ code: 'TWOEACH', per_shopper_limit: '2' }),
      )
    ).body.data;
    const { s, address, line } = await shopperWithLine(product.key, 20);
    const results = await parallel(20, () => orderOne(s, address, line, 'TWOEACH'));
    expect(tally(results)).toEqual({ 200: 2, 400: 18 });
    expect(results.find((r) => r.status === 400)?.body.message).toBe(
      'You have already used the coupon TWOEACH.',
    );
    const used = await t.database.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, c.id));
    expect(used).toHaveLength(2);
  });
});
