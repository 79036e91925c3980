import { eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderLines, orderTaxes, products, taxAreaRates } from '#server/db/schema';
import { uuidFromKey } from '#server/db/seed';
import { TaxSetup } from '#shared/schemas/admin/tax.zod';
import { OrderDetail } from '#shared/schemas/order';
import { linePaidOf } from '#shared/tax';
import { expectAnswer } from '../../../../tests/helpers/answers';
import { ADDRESS, callAs, createShopper } from '../../../../tests/helpers/shoppers';
import { type AdminShop, startAdminShop } from '../order/order.fixture';
import { cardForm, type LiveShop, orderRow, payByCard, stocked } from '../payment/payment.fixture';

/**
 * Tax by kind and place (docs/product.md, Tax): an owner sets class and area rates, orders are
 * taxed per rate where they are delivered, and a refund of a line gives back its exact share.
 */
let shop: LiveShop;
let staff: AdminShop['staff'];
let call: AdminShop['call'];
beforeAll(async () => {
  ({ shop, staff, call } = await startAdminShop());
});
afterAll(async () => shop?.close());

const grocery = stocked[30];
const detergent = stocked[31];

/** A paid order of one grocery and one household line, delivered to `zip`. */
async function orderTo(zip: string, num = 1) {
  if (!grocery || !detergent) throw new Error('the demo catalogue lacks stocked products');
  const s = await createShopper(shop.t.database, shop.t.clock.now());
  const address = (await callAs(shop.t.app, s, 'POST', '/api/address', { ...ADDRESS, zip })).body.data;
  for (const p of [grocery, detergent]) {
    await callAs(shop.t.app, s, 'POST', `/api/cart?amount=${num}&uuid=${uuidFromKey(p.key)}`);
  }
  const cart = (await callAs(shop.t.app, s, 'GET', '/api/cart')).body.data as { id: number }[];
  const form: Record<string, string | number> = { uuid: address.uuid, coupon: '' };
  cart.forEach((line, n) => {
    form[`items[${n}][id]`] = line.id;
    form[`items[${n}][num]`] = num;
  });
  const placed = await callAs(shop.t.app, s, 'POST', '/api/order', form);
  expect(placed.status).toBe(200);
  const orderNo = placed.body.data as string;
  expect((await payByCard(shop.t, s.token, cardForm(orderNo))).body.data.status).toBe(2);
  const order = await orderRow(shop.t, orderNo);
  const rates = await shop.t.database.db
    .select()
    .from(orderTaxes)
    .where(eq(orderTaxes.orderId, order.id))
    .orderBy(orderTaxes.ratePpm);
  const lines = await shop.t.database.db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(orderLines.id);
  return { s, orderNo, order, rates, lines };
}

describe('tax classes and areas', () => {
  it('an owner sets them; a manager sees them; bad rates, unknown classes and taken prefixes are refused', async () => {
    const setup = expectAnswer(TaxSetup, await call(staff.manager.token, 'GET', '/api/admin/tax'));
    expect(setup.classes.map((c) => [c.code, c.rate_ppm])).toEqual([
      ['groceries', 45_000],
      ['prepared_food', 45_000],
      ['household', 45_000],
      ['none', 0],
    ]);
    const household = { en_name: 'Household', zn_name: '家居用品', rate: '6' };
    expect(
      (await call(staff.manager.token, 'POST', '/api/admin/tax/classes/household', household)).status,
    ).toBe(403);
    expect(
      await call(staff.owner.token, 'POST', '/api/admin/tax/classes/household', {
        ...household,
        rate: '100.5',
      }),
    ).toMatchObject({ status: 400, body: { message: expect.stringContaining('0 to 100') } });
    expect(
      await call(
        staff.owner.token,
        'POST',
        '/api/admin/tax/classes/household',
        { ...household, rate: '-1' },
        'zh',
      ),
    ).toMatchObject({ status: 400, body: { message: expect.stringContaining('税率') } });
    const saved = await call(staff.owner.token, 'POST', '/api/admin/tax/classes/household', household);
    expect(expectAnswer(TaxSetup, saved).classes.find((c) => c.code === 'household')?.rate_ppm).toBe(60_000);

    const bay = {
      name: 'Bay',
      zips: '941',
      'rates[0][class]': 'household',
      'rates[0][rate]': '9.25',
      'rates[1][class]': 'groceries',
      'rates[1][rate]': '1',
    };
    expect((await call(staff.owner.token, 'POST', '/api/admin/tax/areas', bay)).status).toBe(200);
    const metro = {
      name: 'Metro',
      zips: '100, 101',
      'rates[0][class]': 'household',
      'rates[0][rate]': '8.875',
    };
    expect((await call(staff.owner.token, 'POST', '/api/admin/tax/areas', metro)).status).toBe(200);
    expect(
      await call(staff.owner.token, 'POST', '/api/admin/tax/areas', { ...metro, name: 'Other', zips: '101' }),
    ).toMatchObject({
      status: 409,
      body: { message: expect.stringContaining('101 is already in the tax area Metro') },
    });
    expect(
      await call(staff.owner.token, 'POST', '/api/admin/tax/areas', {
        name: 'Other',
        zips: '200',
        'rates[0][class]': 'wine',
        'rates[0][rate]': '5',
      }),
    ).toMatchObject({ status: 409, body: { message: 'There is no tax class wine.' } });
    const after = expectAnswer(TaxSetup, await call(staff.owner.token, 'GET', '/api/admin/tax'));
    expect(after.areas.map((a) => [a.name, a.zips, a.rates])).toEqual([
      ['Bay', ['941'], { groceries: 10_000, household: 92_500 }],
      ['Metro', ['100', '101'], { household: 88_750 }],
    ]);
  });

  it('taxes each line at its class’s rate where the order goes, rounded once per rate', async () => {
    if (!grocery || !detergent) throw new Error('the demo catalogue lacks stocked products');
    const db = shop.t.database.db;
    const detergentId = (await db.select().from(products).where(eq(products.key, detergent.key)))[0]?.id;
    const classed = await call(staff.manager.token, 'POST', `/api/admin/products/${detergentId}`, {
      tax_class: 'household',
    });
    expect(classed.status).toBe(200);
    expect(
      await call(staff.manager.token, 'POST', `/api/admin/products/${detergentId}`, { tax_class: 'wine' }),
    ).toMatchObject({ status: 400, body: { message: 'There is no tax class wine.' } });

    const bay = await orderTo('94107', 3);
    const metro = await orderTo('10001', 3);
    const nowhere = await orderTo('95001', 3);
    const goods = (key: string, o: typeof bay) =>
      (o.lines.find((l) => l.productUuid === uuidFromKey(key))?.priceCents ?? 0) * 3;
    const half = (cents: number, ppm: number) => Math.floor((cents * ppm + 500_000) / 1_000_000);
    for (const [o, groceriesPpm, householdPpm] of [
      [bay, 10_000, 92_500],
      [metro, 45_000, 88_750],
      [nowhere, 45_000, 60_000],
    ] as const) {
      const g = goods(grocery.key, o);
      const h = goods(detergent.key, o);
      expect(o.rates.map((r) => [r.ratePpm, r.taxableCents, r.taxCents])).toEqual(
        [
          [groceriesPpm, g, half(g, groceriesPpm)],
          [householdPpm, h, half(h, householdPpm)],
        ].sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0)),
      );
      expect(o.order.taxCents).toBe(half(g, groceriesPpm) + half(h, householdPpm));
      expect(o.order.totalCents).toBe(g + h + o.order.taxCents);
      expect(o.lines.reduce((a, l) => a + l.taxCents, 0)).toBe(o.order.taxCents);
    }
    // The shopper's order page shows the same figure, and it rate by rate (docs/api.md, order).
    const detail = expectAnswer(
      OrderDetail,
      await callAs(shop.t.app, metro.s, 'GET', `/api/order/${metro.orderNo}`),
    );
    expect(Math.round(detail.tax * 100)).toBe(metro.order.taxCents);
    expect(detail.taxes).toEqual(
      metro.rates.map((r) => ({
        rate: r.ratePpm === 45_000 ? '4.5' : '8.875',
        taxable: r.taxableCents / 100,
        tax: r.taxCents / 100,
      })),
    );
    expect(detail.taxes.map((r) => r.rate)).toEqual(['4.5', '8.875']);
    await db.update(products).set({ taxClass: 'groceries' }).where(eq(products.key, detergent.key));
  });

  it('a partial refund of a line gives back its share, and the pieces add up to the line', async () => {
    if (!detergent) throw new Error('the demo catalogue lacks stocked products');
    const o = await orderTo('10002', 3);
    shop.anet.settleAll();
    const line = o.lines.find((l) => l.productUuid === uuidFromKey(detergent.key));
    if (!line) throw new Error('no household line');
    const paid = linePaidOf({ goodsCents: line.priceCents * line.num, ...line });
    const given: number[] = [];
    for (const qty of [1, 2]) {
      const res = await call(staff.manager.token, 'POST', `/api/admin/orders/${o.orderNo}/refund`, {
        lines: [{ id: line.id, qty }],
        reason: 'dented',
      });
      expect(res.status).toBe(200);
      given.push(Math.round(res.body.data.refunded * 100));
    }
    expect(given[0]).toBe(Math.floor((paid + 1) / 3));
    expect(given.reduce((a, b) => a + b, 0)).toBe(paid);
  });

  it('an owner deletes a class nobody is in, with its area rates; never groceries nor one in use', async () => {
    const db = shop.t.database.db;
    const wine = { code: 'wine', en_name: 'Wine', zn_name: '葡萄酒', rate: '8.875' };
    const added = await call(staff.owner.token, 'POST', '/api/admin/tax/classes', wine);
    expect(expectAnswer(TaxSetup, added).classes.find((c) => c.code === 'wine')).toMatchObject({
      rate_ppm: 88_750,
      products: 0,
    });
    // Percent with more than 4 decimals cannot be a rate.
    expect(
      await call(staff.owner.token, 'POST', '/api/admin/tax/classes/wine', { ...wine, rate: '8.87501' }),
    ).toMatchObject({ status: 400, body: { message: expect.stringContaining('at most 4 decimals') } });
    const area = await call(staff.owner.token, 'POST', '/api/admin/tax/areas', {
      name: 'Vineyards',
      zips: '954',
      'rates[0][class]': 'wine',
      'rates[0][rate]': '6.625',
      'rates[1][class]': 'household',
      'rates[1][rate]': '7',
    });
    expect(expectAnswer(TaxSetup, area).areas.find((a) => a.name === 'Vineyards')?.rates).toEqual({
      wine: 66_250,
      household: 70_000,
    });
    const [bottle, archived] = await db.select().from(products).where(isNull(products.archivedAt)).limit(2);
    if (!bottle || !archived) throw new Error('the demo catalogue lacks products');
    expect(
      (await call(staff.manager.token, 'POST', `/api/admin/products/${bottle.id}`, { tax_class: 'wine' }))
        .status,
    ).toBe(200);
    await db
      .update(products)
      .set({ taxClass: 'wine', archivedAt: shop.t.clock.now() })
      .where(eq(products.id, archived.id));

    expect((await call(staff.manager.token, 'DELETE', '/api/admin/tax/classes/wine')).status).toBe(403);
    expect(await call(staff.owner.token, 'DELETE', '/api/admin/tax/classes/wine')).toMatchObject({
      status: 409,
      body: {
        message:
          'Products still in the tax class wine (published or not): 1. Move them to another class first.',
      },
    });
    expect(
      await call(staff.owner.token, 'DELETE', '/api/admin/tax/classes/wine', undefined, 'zh'),
    ).toMatchObject({
      status: 409,
      body: { message: expect.stringContaining('还有 1 件商品') },
    });
    expect(await call(staff.owner.token, 'DELETE', '/api/admin/tax/classes/groceries')).toMatchObject({
      status: 409,
      body: { message: expect.stringContaining('The tax class groceries cannot be deleted') },
    });
    expect(await call(staff.owner.token, 'DELETE', '/api/admin/tax/classes/beer')).toMatchObject({
      status: 404,
      body: { message: 'There is no tax class beer.' },
    });
    // Refused: nothing changed.
    const kept = expectAnswer(TaxSetup, await call(staff.owner.token, 'GET', '/api/admin/tax'));
    expect(kept.classes.find((c) => c.code === 'wine')?.products).toBe(1);
    expect(kept.classes.find((c) => c.code === 'groceries')).toBeDefined();

    await call(staff.manager.token, 'POST', `/api/admin/products/${bottle.id}`, { tax_class: 'household' });
    const deleted = await call(staff.owner.token, 'DELETE', '/api/admin/tax/classes/wine');
    const after = expectAnswer(TaxSetup, deleted);
    expect(after.classes.map((c) => c.code)).toEqual(['groceries', 'prepared_food', 'household', 'none']);
    expect(after.areas.find((a) => a.name === 'Vineyards')?.rates).toEqual({ household: 70_000 });
    expect(await db.select().from(taxAreaRates).where(eq(taxAreaRates.classCode, 'wine'))).toEqual([]);
    // The archived product, which nobody can edit, went to groceries; the live one kept its class.
    const [moved] = await db.select().from(products).where(eq(products.id, archived.id));
    expect(moved?.taxClass).toBe('groceries');
    const [line] = await db.select().from(auditLog).where(eq(auditLog.action, 'tax.class.delete'));
    expect(line).toMatchObject({
      targetType: 'tax_class',
      targetId: 'wine',
      targetLabel: { en: 'Wine', zh: '葡萄酒' },
      before: { en_name: 'Wine', zn_name: '葡萄酒', rate_ppm: 88_750 },
    });
    await db
      .update(products)
      .set({ taxClass: archived.taxClass, archivedAt: null })
      .where(eq(products.id, archived.id));
    await db.update(products).set({ taxClass: bottle.taxClass }).where(eq(products.id, bottle.id));
  });
});
