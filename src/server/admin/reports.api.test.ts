import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders, products } from '#server/db/schema';
import { uuidFromKey } from '#server/db/seed';
import { parseCsv, textOfCell } from '#server/modules/import/csv';
import { addDays, shopDate, shopWallTime } from '#server/shop-time';
import { REPORT_EXPORTS, Report } from '#shared/schemas/admin/reports.zod';
import { Today } from '#shared/schemas/admin/today.zod';
import { expectAnswer } from '../../../tests/helpers/answers';
import { createTeam, injectAsStaff } from '../../../tests/helpers/staff';
import { type AdminShop, startAdminShop } from '../modules/order/order.fixture';
import {
  cardForm,
  type LiveShop,
  type PlacedOrder,
  payByCard,
  placeOrder,
  stocked,
} from '../modules/payment/payment.fixture';

/*
 * The owner's books over a few orders: paid ones on the day they were paid, a refund on the day it
 * was made, an unpaid order never; the figures balance to the cent, the CSV files add up to them,
 * and Today's revenue is net of refunds. Runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
 */

let shop: LiveShop;
let staff: AdminShop['staff'];
let call: AdminShop['call'];
beforeAll(async () => {
  ({ shop, staff, call } = await startAdminShop());
});
afterAll(async () => shop?.close());

const DAY = 24 * 3600_000;
const zone = () => shop.t.config.shopTimeZone;
const today = () => shopDate(shop.t.clock.now(), zone());

async function paidOrder(i: number, num: number): Promise<PlacedOrder> {
  const o = await placeOrder(shop.t, i, num);
  expect((await payByCard(shop.t, o.s.token, cardForm(o.orderNo))).body.data.status).toBe(2);
  return o;
}

async function csvOf(kind: string, from: string, to: string) {
  const url = `/api/admin/reports/export?kind=${kind}&from=${from}&to=${to}`;
  const res = await injectAsStaff(shop.t.app, staff.manager.token, 'GET', url);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/csv');
  const [head, ...rows] = parseCsv(res.body).records.map((r) => r.fields);
  return { head: head ?? [], rows };
}

/** The cents a CSV column adds up to (its cells are dollars). */
const centsIn = (csv: { head: string[]; rows: string[][] }, column: string) => {
  const at = csv.head.indexOf(column);
  expect(at, column).toBeGreaterThanOrEqual(0);
  return csv.rows.reduce((sum, row) => sum + Math.round(Number(row[at]) * 100), 0);
};

/** New sessions for every role: a day on the clock ends the ones made at the start. */
async function signInAgain() {
  staff = await createTeam(shop.t.database, shop.t.clock.now());
}

const sum = <T>(rows: T[], of: (row: T) => number) => rows.reduce((s, r) => s + of(r), 0);

describe('the report’s range and who may read it', () => {
  const ask = (token: string | undefined, query: string, language = 'en') =>
    call(token, 'GET', `/api/admin/reports${query}`, undefined, language);

  it('refuses a backwards, too long or malformed range in the caller’s language', async () => {
    const owner = staff.owner.token;
    expect(await ask(owner, '?from=2026-01-10&to=2026-01-01')).toEqual({
      status: 400,
      body: {
        code: 400,
        message: "The report's first day comes after its last day. Please swap them.",
      },
    });
    expect((await ask(owner, '?from=2026-01-10&to=2026-01-01', 'zh-CN')).body.message).toBe(
      '报表的开始日期晚于结束日期，请调换一下。',
    );
    expect((await ask(owner, '?from=2024-01-01&to=2026-01-01')).body.message).toBe(
      'A report covers at most 731 days. Please choose a shorter range.',
    );
    // No range: the last seven days, today included, on the shop's clock.
    const latest = expectAnswer(Report, await ask(owner, ''));
    expect([latest.from, latest.to, latest.today]).toEqual([addDays(today(), -6), today(), today()]);
    expect(latest.byDay).toHaveLength(7);
    // 731 days, both ends included, is the longest allowed.
    expect((await ask(owner, '?from=2024-01-01&to=2025-12-31')).status).toBe(200);
    for (const query of [
      '?from=2026-02-30&to=2026-03-01',
      '?from=2026-1-1&to=2026-01-02',
      '?to=2026-01-02',
      '?from=2026-01-01&to[]=x',
    ]) {
      expect(await ask(owner, query), query).toEqual({
        status: 400,
        body: {
          code: 400,
          message: "Please choose the report's first and last days as real dates (YYYY-MM-DD).",
        },
      });
    }
    expect((await ask(owner, '?from=2026-02-30&to=2026-03-01', 'zh')).body.message).toContain('YYYY-MM-DD');
    const badKind = await call(
      owner,
      'GET',
      '/api/admin/reports/export?kind=everything&from=2026-01-01&to=2026-01-02',
    );
    expect(badKind.status).toBe(400);
    const backwardsCsv = await call(
      owner,
      'GET',
      '/api/admin/reports/export?kind=days&from=2026-01-02&to=2026-01-01',
    );
    expect(backwardsCsv.status).toBe(400);
  });

  it('lets owners and managers read and export it; a packer never, a visitor must sign in', async () => {
    const range = '?from=2026-01-01&to=2026-01-31';
    for (const url of [`/api/admin/reports${range}`, `/api/admin/reports/export${range}&kind=orders`]) {
      const as = async (token: string | undefined) =>
        (await injectAsStaff(shop.t.app, token, 'GET', url)).statusCode;
      expect([
        await as(staff.owner.token),
        await as(staff.manager.token),
        await as(staff.packer.token),
        await as(undefined),
      ]).toEqual([200, 200, 403, 401]);
    }
  });
});

describe('the sales report', () => {
  let day1 = '';
  let day2 = '';
  let paid: PlacedOrder[] = [];
  let refundCents = 0;

  beforeAll(async () => {
    day1 = today();
    // A product whose name a spreadsheet would run as a formula: the CSV must keep it text.
    const formula = stocked[2];
    if (!formula) throw new Error('no third stocked product');
    await shop.t.database.db
      .update(products)
      .set({ enName: '=HYPERLINK("http://x.test","click")' })
      .where(eq(products.key, formula.key));
    paid = [await paidOrder(0, 2), await paidOrder(1, 3), await paidOrder(2, 1)];
    // Placed and never paid: never in the books.
    await placeOrder(shop.t, 3, 1);
    shop.anet.settleAll();
    const part = await call(staff.manager.token, 'POST', `/api/admin/orders/${paid[0]?.orderNo}/refund`, {
      amount: '1.25',
      reason: 'one was bruised',
    });
    expect(part.status).toBe(200);
    refundCents += 125;
  });

  it('balances to the cent with the orders and refunds of the day', async () => {
    const rows = await shop.t.database.db
      .select()
      .from(orders)
      .where(
        inArray(
          orders.orderNo,
          paid.map((o) => o.orderNo),
        ),
      );
    const report = expectAnswer(
      Report,
      await call(staff.owner.token, 'GET', `/api/admin/reports?from=${day1}&to=${day1}`),
    );
    const t = report.totals;
    expect(t).toEqual({
      orders: 3,
      grossCents: sum(rows, (o) => o.subtotalCents),
      discountCents: sum(rows, (o) => o.discountCents),
      feeCents: sum(rows, (o) => o.deliveryFeeCents),
      taxCents: sum(rows, (o) => o.taxCents),
      collectedCents: sum(paid, (o) => o.totalCents),
      refunds: 1,
      refundCents: 125,
      netCents: sum(paid, (o) => o.totalCents) - 125,
    });
    expect(t.grossCents - t.discountCents + t.feeCents + t.taxCents).toBe(t.collectedCents);
    expect(report.byDay).toEqual([{ date: day1, ...t }]);
    expect(report.byMethod).toEqual([
      {
        method: 'creditcard',
        orders: 3,
        collectedCents: t.collectedCents,
        refunds: 1,
        refundCents: 125,
        netCents: t.netCents,
      },
    ]);
    expect(report.taxByRate).toEqual([
      { ratePpm: 45_000, taxableCents: expect.any(Number), taxCents: t.taxCents },
    ]);
    expect(sum(report.byProduct, (p) => p.grossCents)).toBe(t.grossCents);
    expect(sum(report.byCategory, (c) => c.grossCents)).toBe(t.grossCents);
    expect(sum(report.byProduct, (p) => p.quantity)).toBe(6);
    expect(report.byProduct.map((p) => p.uuid).sort()).toEqual(
      [0, 1, 2].map((i) => uuidFromKey(stocked[i]?.key ?? '')).sort(),
    );
    // Today, the first day: three paid, the partial refund taken off the revenue.
    const first = expectAnswer(Today, await call(staff.owner.token, 'GET', '/api/admin/today'));
    expect(first.paid_today?.count).toBe(3);
    expect(first.paid_today?.refunded).toBe(1.25);
    expect(Math.round((first.paid_today?.revenue ?? 0) * 100)).toBe(sum(paid, (o) => o.totalCents) - 125);
  });

  it('books a refund on the day it is made, and the range adds up day by day', async () => {
    shop.t.clock.advance(DAY);
    await signInAgain();
    day2 = today();
    const whole = await call(staff.owner.token, 'POST', `/api/admin/orders/${paid[1]?.orderNo}/refund`, {
      reason: 'customer left',
    });
    expect(whole.status).toBe(200);
    const wholeCents = paid[1]?.totalCents ?? 0;
    refundCents += wholeCents;
    const report = expectAnswer(
      Report,
      await call(staff.manager.token, 'GET', `/api/admin/reports?from=${day1}&to=${day2}`),
    );
    expect(report.byDay.map((d) => [d.date, d.orders, d.refundCents])).toEqual([
      [day1, 3, 125],
      [day2, 0, wholeCents],
    ]);
    expect(report.byDay[1]?.netCents).toBe(-wholeCents);
    const t = report.totals;
    expect(t.refundCents).toBe(refundCents);
    expect(t.collectedCents - t.refundCents).toBe(t.netCents);
    for (const key of [
      'orders',
      'grossCents',
      'discountCents',
      'feeCents',
      'taxCents',
      'collectedCents',
      'refunds',
      'refundCents',
      'netCents',
    ] as const) {
      expect(
        sum(report.byDay, (d) => d[key]),
        key,
      ).toBe(t[key]);
    }
    // The second day alone: the refund, and nothing sold.
    const second = expectAnswer(
      Report,
      await call(staff.manager.token, 'GET', `/api/admin/reports?from=${day2}&to=${day2}`),
    );
    expect(second.totals).toMatchObject({
      orders: 0,
      collectedCents: 0,
      refundCents: wholeCents,
      netCents: -wholeCents,
    });
    expect(second.byProduct).toEqual([]);
  });

  it('exports each table and the orders and refunds behind it, adding up to the report', async () => {
    const report = expectAnswer(
      Report,
      await call(staff.owner.token, 'GET', `/api/admin/reports?from=${day1}&to=${day2}`),
    );
    const t = report.totals;
    const days = await csvOf('days', day1, day2);
    expect(days.rows).toHaveLength(2);
    for (const [column, cents] of [
      ['gross', t.grossCents],
      ['discounts', t.discountCents],
      ['delivery_fees', t.feeCents],
      ['tax', t.taxCents],
      ['collected', t.collectedCents],
      ['refunded', t.refundCents],
      ['net', t.netCents],
    ] as const) {
      expect(centsIn(days, column), column).toBe(cents);
    }
    const methods = await csvOf('methods', day1, day2);
    expect(centsIn(methods, 'net')).toBe(t.netCents);
    const taxes = await csvOf('taxes', day1, day2);
    expect(taxes.rows[0]?.[0]).toBe('4.5');
    expect(centsIn(taxes, 'tax')).toBe(t.taxCents);
    const byProduct = await csvOf('products', day1, day2);
    expect(centsIn(byProduct, 'gross')).toBe(t.grossCents);
    // The formula-looking name is written as text, and reads back as the name.
    const formula = byProduct.rows.find((r) => r[1]?.includes('HYPERLINK'));
    expect(formula?.[1]).toBe(`'=HYPERLINK("http://x.test","click")`);
    expect(textOfCell(formula?.[1] ?? '')).toBe('=HYPERLINK("http://x.test","click")');
    expect(centsIn(await csvOf('categories', day1, day2), 'gross')).toBe(t.grossCents);
    const orderRows = await csvOf('orders', day1, day2);
    expect(orderRows.rows.map((r) => r[0]).sort()).toEqual(paid.map((o) => o.orderNo).sort());
    expect(centsIn(orderRows, 'collected')).toBe(t.collectedCents);
    expect(
      centsIn(orderRows, 'gross') -
        centsIn(orderRows, 'discount') +
        centsIn(orderRows, 'delivery_fee') +
        centsIn(orderRows, 'tax'),
    ).toBe(t.collectedCents);
    const refundRows = await csvOf('refunds', day1, day2);
    expect(refundRows.rows).toHaveLength(2);
    expect(centsIn(refundRows, 'refunded')).toBe(t.refundCents);
    expect(REPORT_EXPORTS).toHaveLength(7);
  });

  it('shows Today net of the refunds made today, whichever day their orders were paid', async () => {
    const home = expectAnswer(Today, await call(staff.owner.token, 'GET', '/api/admin/today'));
    // Today is the second day: nothing paid, one whole refund of a first-day order.
    expect(home.paid_today).toEqual({
      count: 0,
      revenue: -(paid[1]?.totalCents ?? 0) / 100,
      refunded: (paid[1]?.totalCents ?? 0) / 100,
    });
  });
});

describe('products in the report', () => {
  it('names each product as it was sold, whatever it is called now', async () => {
    shop.t.clock.advance(DAY);
    await signInAgain();
    const day = today();
    const product = stocked[4];
    if (!product) throw new Error('no fifth stocked product');
    const rename = (enName: string, znName: string) =>
      shop.t.database.db.update(products).set({ enName, znName }).where(eq(products.key, product.key));
    await rename('Fuji Apples', '富士苹果');
    const first = await paidOrder(4, 1);
    await rename('Fuji Apples, large', '大富士苹果');
    const second = await paidOrder(4, 2);
    // Renamed after both orders: the books keep the names the shoppers bought under.
    await rename('Apples (renamed)', '苹果（改名）');
    const lines = await shop.t.database.db
      .select({ orderNo: orders.orderNo, enName: orderLines.enName })
      .from(orderLines)
      .innerJoin(orders, eq(orders.id, orderLines.orderId))
      .where(inArray(orders.orderNo, [first.orderNo, second.orderNo]));
    expect(Object.fromEntries(lines.map((l) => [l.orderNo, l.enName]))).toEqual({
      [first.orderNo]: 'Fuji Apples',
      [second.orderNo]: 'Fuji Apples, large',
    });
    const uuid = uuidFromKey(product.key);
    const sold = (from: string) =>
      call(staff.owner.token, 'GET', `/api/admin/reports?from=${from}&to=${day}`).then((answer) =>
        expectAnswer(Report, answer).byProduct.filter((p) => p.uuid === uuid),
      );
    // Both orders' lines in one row, under the newest name they were sold under.
    expect(await sold(day)).toEqual([
      {
        uuid,
        enName: 'Fuji Apples, large',
        znName: '大富士苹果',
        quantity: 3,
        grossCents: expect.any(Number),
      },
    ]);
    const csv = await csvOf('products', day, day);
    expect(csv.rows.filter((r) => r[0] === uuid).map((r) => [r[1], r[2], r[3]])).toEqual([
      ['Fuji Apples, large', '大富士苹果', '3'],
    ]);
  });
});

describe('a long orders file', () => {
  it('lists every paid order of the range once, in the order they were paid, across its batches', async () => {
    // 2,500 orders paid on one past day (more than a batch), some at the same microsecond.
    const { db } = shop.t.database;
    await db.execute(sql`
      insert into users (uuid, email, name, password_hash, created_at)
      values (gen_random_uuid(), 'long.file@example.com', 'Long', 'x', now())`);
    await db.execute(sql`
      insert into orders (order_no, user_id, status, total_count, subtotal_cents, tax_cents, total_cents,
        ship_name, ship_surname, ship_phone, ship_address, ship_area, ship_city, ship_province, ship_zip,
        created_at, expires_at, updated_at, paid_at)
      select 'L' || lpad(g::text, 6, '0'), (select id from users where email = 'long.file@example.com'),
        2, 1, 100 + g, 0, 100 + g, 'Long', 'File', '5550100', '1 Main St', 'Area', 'City', 'CA', '94000',
        t, t, t, t
      from (select g, timestamptz '2025-03-10 12:00:00Z' - (g / 2) * interval '1.000001 second' as t
            from generate_series(1, 2500) g) x`);
    const file = await csvOf('orders', '2025-03-10', '2025-03-10');
    const numbers = file.rows.map((r) => r[0]);
    expect(numbers).toHaveLength(2500);
    expect(new Set(numbers).size).toBe(2500);
    // Paid earliest first: the higher numbers were paid earlier, a pair to each instant.
    const expected = Array.from({ length: 2500 }, (_, i) => 2500 - i);
    const byPaid = [...expected].sort((a, b) => Math.floor(b / 2) - Math.floor(a / 2) || a - b);
    expect(numbers).toEqual(byPaid.map((g) => `L${String(g).padStart(6, '0')}`));
    expect(centsIn(file, 'collected')).toBe(sum(expected, (g) => 100 + g));
    // Times on the shop's wall clock, as the console shows them (the first paid 1,250 s earlier).
    const wall = (instant: string) => shopWallTime(new Date(instant), zone()).replace('T', ' ');
    expect([file.rows[0]?.[1], file.rows.at(-1)?.[1]]).toEqual([
      wall('2025-03-10T11:39:10Z'),
      wall('2025-03-10T12:00:00Z'),
    ]);
  });
});
