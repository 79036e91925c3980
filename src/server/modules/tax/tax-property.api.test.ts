import { asc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders, orderTaxes, products, refunds } from '#server/db/schema';
import { uuidFromKey } from '#server/db/seed';
import { linePaidOf, rateTaxOf, unitsShareOf } from '#shared/tax';
import { weighedGoods } from '../../../../seed/catalogue';
import { ADDRESS, callAs, createShopper } from '../../../../tests/helpers/shoppers';
import { type AdminShop, startAdminShop } from '../order/order.fixture';
import { cardForm, type LiveShop, payByCard, stocked } from '../payment/payment.fixture';

/**
 * The rule that every order adds up to the cent (docs/product.md, Tax), over random orders
 * placed, paid and refunded through the real routes on this run's database (PGlite, or
 * PostgreSQL with TEST_DATABASE_URL): lines, coupon, rates by class and place, a taxed delivery
 * fee, and refunds of lines in pieces and then of all that is left.
 */
let shop: LiveShop;
let staff: AdminShop['staff'];
let call: AdminShop['call'];

/** Class rates and area rates in parts per million, as the owner sets them below in percent. */
const CLASS_PPM: Record<string, number> = {
  groceries: 45_000,
  prepared_food: 66_250,
  household: 88_750,
  none: 0,
};
const AREAS = [
  { name: 'Bay', prefix: '941', zip: '94107', ppm: { groceries: 10_000, household: 92_500 } },
  { name: 'Metro', prefix: '100', zip: '10001', ppm: { household: 71_250 } },
] as const;
/** A ZIP in no area: each class's own rate. */
const ELSEWHERE = '60601';
const FEE_CENTS = 399;
const FREE_OVER_CENTS = 6_000;
const COUPON = 'PROP15';

// Packs only: a weighed order is held and charged after packing (docs/product.md, Sold by weight),
// which tests/api/grocery-done-when.api.test.ts walks.
const goods = stocked.filter((p) => !(p.key in weighedGoods)).slice(40, 46);
const CLASS_OF = ['groceries', 'household', 'prepared_food', 'none', 'groceries', 'household'];

const rateFor = (zip: string, taxClass: string): number => {
  const area = AREAS.find((a) => zip.startsWith(a.prefix));
  const own = area ? (area.ppm as Record<string, number>)[taxClass] : undefined;
  return own ?? CLASS_PPM[taxClass] ?? Number.NaN;
};

beforeAll(async () => {
  ({ shop, staff, call } = await startAdminShop());
  const owner = staff.owner.token;
  const percent = (ppm: number) => String(ppm / 10_000);
  for (const [code, ppm] of Object.entries(CLASS_PPM)) {
    const current = await call(owner, 'GET', '/api/admin/tax');
    const cls = (current.body.data.classes as { code: string; en_name: string; zn_name: string }[]).find(
      (c) => c.code === code,
    );
    if (!cls) throw new Error(`no class ${code}`);
    const saved = await call(owner, 'POST', `/api/admin/tax/classes/${code}`, {
      en_name: cls.en_name,
      zn_name: cls.zn_name,
      rate: percent(ppm),
    });
    expect(saved.status).toBe(200);
  }
  for (const area of AREAS) {
    const form: Record<string, string> = { name: area.name, zips: area.prefix };
    Object.entries(area.ppm).forEach(([code, ppm], i) => {
      form[`rates[${i}][class]`] = code;
      form[`rates[${i}][rate]`] = percent(ppm);
    });
    expect((await call(owner, 'POST', '/api/admin/tax/areas', form)).status).toBe(200);
  }
  const db = shop.t.database.db;
  for (const [i, p] of goods.entries())
    await db
      .update(products)
      .set({ taxClass: CLASS_OF[i] ?? 'groceries' })
      .where(eq(products.key, p.key));
  const coupon = await call(owner, 'POST', '/api/admin/coupons', {
    code: COUPON,
    kind: 'percent',
    value: '15',
    min_spend: '',
    starts_at: '2026-01-01T00:00',
    ends_at: '2099-01-01T00:00',
    active: 'true',
  });
  expect(coupon.status).toBe(200);
  const terms = (await call(owner, 'GET', '/api/admin/delivery')).body.data as { area: string[] };
  const delivery = await call(owner, 'POST', '/api/admin/delivery', {
    // Delivered to the tax areas' ZIPs and to one outside them.
    area: [...terms.area, ELSEWHERE].join(','),
    fee: (FEE_CENTS / 100).toFixed(2),
    free_over: (FREE_OVER_CENTS / 100).toFixed(2),
    minimum: '',
    tax_on_fee: 'true',
  });
  expect(delivery.status).toBe(200);
});
afterAll(async () => shop?.close());

const anOrder = fc.record({
  lines: fc.uniqueArray(
    fc.record({ product: fc.nat(goods.length - 1), num: fc.integer({ min: 1, max: 6 }) }),
    {
      minLength: 1,
      maxLength: 4,
      selector: (l) => l.product,
    },
  ),
  zip: fc.constantFrom(AREAS[0].zip, AREAS[1].zip, ELSEWHERE),
  coupon: fc.boolean(),
  /** Refunds of lines before the rest: which line (by index, wrapped) and how many of it. */
  refunds: fc.array(fc.record({ line: fc.nat(), qty: fc.integer({ min: 1, max: 6 }) }), { maxLength: 3 }),
});

type AnOrder = typeof anOrder extends fc.Arbitrary<infer T> ? T : never;

async function placeAndPay(order: AnOrder): Promise<string> {
  const t = shop.t;
  const s = await createShopper(t.database, t.clock.now());
  const address = (await callAs(t.app, s, 'POST', '/api/address', { ...ADDRESS, zip: order.zip })).body.data;
  for (const line of order.lines) {
    const p = goods[line.product];
    if (!p) throw new Error('no product');
    await callAs(t.app, s, 'POST', `/api/cart?amount=${line.num}&uuid=${uuidFromKey(p.key)}`);
  }
  const cart = (await callAs(t.app, s, 'GET', '/api/cart')).body.data as { id: number; amount: number }[];
  const form: Record<string, string | number> = { uuid: address.uuid, coupon: order.coupon ? COUPON : '' };
  cart.forEach((line, n) => {
    form[`items[${n}][id]`] = line.id;
    form[`items[${n}][num]`] = line.amount;
  });
  const placed = await callAs(t.app, s, 'POST', '/api/order', form);
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const orderNo = placed.body.data as string;
  expect((await payByCard(t, s.token, cardForm(orderNo))).body.data.status).toBe(2);
  return orderNo;
}

describe('every order adds up to the cent', () => {
  it('lines, coupon, tax by rate, fee, total and refunds, over random orders', async () => {
    const db = shop.t.database.db;
    await fc.assert(
      fc.asyncProperty(anOrder, async (order) => {
        const orderNo = await placeAndPay(order);
        const [o] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
        if (!o) throw new Error('no order');
        const lines = await db
          .select()
          .from(orderLines)
          .where(eq(orderLines.orderId, o.id))
          .orderBy(asc(orderLines.id));
        const taxes = await db.select().from(orderTaxes).where(eq(orderTaxes.orderId, o.id));
        const sum = <T>(xs: T[], f: (x: T) => number) => xs.reduce((a, x) => a + f(x), 0);

        // Each line is taxed at its class's rate where it goes.
        for (const line of lines) {
          const i = goods.findIndex((p) => uuidFromKey(p.key) === line.productUuid);
          expect(line.taxRatePpm).toBe(rateFor(order.zip, CLASS_OF[i] ?? 'groceries'));
        }
        // Goods, coupon, fee and total.
        expect(o.subtotalCents).toBe(sum(lines, (l) => l.priceCents * l.num));
        expect(o.discountCents).toBe(sum(lines, (l) => l.discountCents));
        expect(o.discountCents > 0).toBe(order.coupon);
        const goodsCents = o.subtotalCents - o.discountCents;
        expect(o.deliveryFeeCents).toBe(goodsCents >= FREE_OVER_CENTS ? 0 : FEE_CENTS);
        expect(o.totalCents).toBe(goodsCents + o.taxCents + o.deliveryFeeCents);
        // Tax: one rounding per rate, on what that rate applies to (the fee at groceries' rate).
        expect(o.taxCents).toBe(sum(taxes, (r) => r.taxCents));
        const feeRate = rateFor(order.zip, 'groceries');
        for (const r of taxes) {
          const at = lines.filter((l) => l.taxRatePpm === r.ratePpm);
          const fee = r.ratePpm === feeRate ? o.deliveryFeeCents : 0;
          expect(r.taxableCents).toBe(sum(at, (l) => l.priceCents * l.num - l.discountCents) + fee);
          expect(r.taxCents).toBe(rateTaxOf(r.taxableCents, r.ratePpm));
          expect(sum(at, (l) => l.taxCents)).toBeLessThanOrEqual(r.taxCents);
        }
        const rated = new Set(taxes.map((r) => r.ratePpm));
        expect(lines.every((l) => rated.has(l.taxRatePpm))).toBe(true);

        // Refunds of lines give back each piece's share; then all that is left gives the rest.
        shop.anet.settleAll();
        const taken = new Map<number, number>();
        let given = 0;
        for (const ask of order.refunds) {
          const line = lines[ask.line % lines.length];
          if (!line) throw new Error('no line');
          const before = taken.get(line.id) ?? 0;
          const qty = Math.min(ask.qty, line.num - before);
          if (qty <= 0) continue;
          const res = await call(staff.manager.token, 'POST', `/api/admin/orders/${orderNo}/refund`, {
            lines: [{ id: line.id, qty }],
            reason: 'property',
          });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
          const paid = linePaidOf({ goodsCents: line.priceCents * line.num, ...line });
          const cents = Math.round(res.body.data.refunded * 100);
          expect(cents).toBe(unitsShareOf(paid, line.num, before, qty));
          taken.set(line.id, before + qty);
          given += cents;
        }
        const rest = await call(staff.manager.token, 'POST', `/api/admin/orders/${orderNo}/refund`, {
          reason: 'property, the rest',
        });
        expect(rest.status, JSON.stringify(rest.body)).toBe(200);
        expect(rest.body.data.whole).toBe(true);
        given += Math.round(rest.body.data.refunded * 100);
        expect(given).toBe(o.totalCents);
        const settled = await db.select().from(refunds).where(eq(refunds.orderId, o.id));
        expect(sum(settled, (r) => (r.status === 'succeeded' ? r.amountCents : 0))).toBe(o.totalCents);
      }),
      { numRuns: 12, seed: 3303 },
    );
  }, 180_000);
});
