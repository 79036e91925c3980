import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionSentence, changeSentences } from '#admin/features/audit/api/audit-sentences';
import { uuidFromKey } from '#server/db/seed';
import { parseCsv } from '#server/modules/import/csv';
import { shopDate } from '#server/shop-time';
import { formatCents } from '#shared/money';
import { AuditPage } from '#shared/schemas/admin/audit.zod';
import { OrderDetail, RefundAnswer } from '#shared/schemas/admin/orders.zod';
import { REPORT_EXPORTS, Report } from '#shared/schemas/admin/reports.zod';
import { SignInAnswer, TotpConfirmed } from '#shared/schemas/admin/staff.zod';
import { TaxSetup } from '#shared/schemas/admin/tax.zod';
import { Today } from '#shared/schemas/admin/today.zod';
import { stocked } from '../../src/server/modules/payment/payment.fixture';
import { SmtpCatcher } from '../fakes/smtp-catcher';
import { runShopCommandLine } from '../fault/shop-process';
import { expectAnswer } from '../helpers/answers';
import { codeAt } from '../helpers/rfc6238';
import { shopCommandIn } from '../helpers/shop-command';
import { ADDRESS, BILLING, callAs, createShopper, type Shopper } from '../helpers/shoppers';
import { callAdmin, createStaff, type TestStaff } from '../helpers/staff';
import { startTestApp, type TestApp } from '../helpers/test-app';

/*
 * The owner's books (docs/product.md: Tax, Reports, Alerts, Staff), walked once through HTTP as
 * the owner, two shoppers and the staff would:
 * tax classes and two areas; a grocery and a household line to each area (one order with a coupon,
 * one with a taxed delivery fee), paid by card (the sandbox); the tax per rate on the console's
 * order and in the paid mail (English and Chinese); a line refunded with its exact tax share; the
 * range report balancing with those orders and refunds, and its CSV files with it; a low-stock and
 * a new-paid-order alert once each; a lost authenticator recovered and reset from the command line;
 * the walk's audit lines as sentences in both languages. Runs on PGlite and, with
 * TEST_DATABASE_URL, on PostgreSQL.
 */

/**
 * Every rate an answer carries, in percent: the one place that knows the answers' rate field and
 * unit (parts per million: `rate_ppm` in the console's answers, `ratePpm` in the report's).
 */
const percentOf = (rate: number | { rate_ppm?: number; ratePpm?: number }) =>
  (typeof rate === 'number' ? rate : (rate.rate_ppm ?? rate.ratePpm ?? Number.NaN)) / 10_000;

/** The rates the owner enters, in percent as typed; the walk's expectations use only these. */
const RATES = {
  household: '7',
  bay: { zip: '94107', groceries: '1.5', household: '6.25' },
  metro: { zip: '10001', groceries: '2.25', household: '8.875' },
} as const;
/** Half-up tax of `cents` at a rate typed in percent with at most 4 decimals, in whole cents. */
const taxAt = (cents: number, percent: string) =>
  Math.floor((cents * Math.round(Number(percent) * 10_000) + 500_000) / 1_000_000);

const FEE_CENTS = 399;
const COUPON = { code: 'BOOKS10', percent: 10 };

const catcher = new SmtpCatcher();
let t: TestApp;
let owner: TestStaff;
let manager: TestStaff;
let packer: TestStaff;
let quiet: TestStaff;

beforeAll(async () => {
  const url = await catcher.start();
  t = await startTestApp({ SMTP_URL: url, PUBLIC_URL: 'https://shop.example' });
  const now = t.clock.now();
  owner = await createStaff(t.database, now, { role: 'owner', name: 'Olive Owner', language: 'en' });
  manager = await createStaff(t.database, now, { role: 'manager', name: 'Mei Manager', language: 'zh' });
  packer = await createStaff(t.database, now, { role: 'packer', name: 'Pat Packer', language: 'zh' });
  quiet = await createStaff(t.database, now, { role: 'manager', name: 'Quinn Quiet', language: 'en' });
});
afterAll(async () => {
  await t?.close();
  await catcher.stop();
});

type Form = Record<string, string>;
const as = (who: TestStaff, method: 'GET' | 'POST' | 'DELETE', url: string, form?: Form, lang?: string) =>
  callAdmin(t.app, who.token, method, url, form, lang ? { lang } : {});
const drain = async () => {
  await t.app.mailOutbox.drain();
  await t.app.mailOutbox.drain();
};
const mailsTo = (email: string) => catcher.mails.filter((m) => m.to === email);
const cents = (dollars: number) => Math.round(dollars * 100);
const sum = <T>(rows: readonly T[], of: (row: T) => number) => rows.reduce((s, r) => s + of(r), 0);

/** The two products of the walk, as the console lists them. */
interface Item {
  id: number;
  uuid: string;
  enName: string;
  znName: string;
  priceCents: number;
  stock: number;
}
const items: { grocery?: Item; household?: Item } = {};
const item = (kind: 'grocery' | 'household'): Item => {
  const found = items[kind];
  if (!found) throw new Error(`the ${kind} product was not set up`);
  return found;
};

async function productOf(key: string): Promise<Item> {
  const uuid = uuidFromKey(key);
  for (let page = 1; page < 50; page++) {
    const res = await as(owner, 'GET', '/api/admin/products', { q: '', page: String(page), pageSize: '100' });
    expect(res.status).toBe(200);
    const list = res.body.data.items as {
      id: number;
      uuid: string;
      en_name: string;
      zn_name: string;
      price: number;
      real_stock: number;
    }[];
    const row = list.find((p) => p.uuid === uuid);
    if (row)
      return {
        id: row.id,
        uuid,
        enName: row.en_name,
        znName: row.zn_name,
        priceCents: cents(row.price),
        stock: row.real_stock,
      };
    if (list.length === 0) break;
  }
  throw new Error(`no product ${key}`);
}

/** One shopper's order of both products, as placed and paid in `lang`. */
interface Walked {
  shopper: Shopper;
  lang: 'en' | 'zh';
  orderNo: string;
  num: number;
  detail?: OrderDetail;
}
const walked: { bay?: Walked; metro?: Walked } = {};
const orderOf = (area: 'bay' | 'metro'): Walked => {
  const found = walked[area];
  if (!found) throw new Error(`no ${area} order`);
  return found;
};

async function shopperCall(s: Shopper, lang: string, method: 'GET' | 'POST', url: string, form?: object) {
  const res = await t.app.inject({
    method,
    url,
    headers: { authorization: s.token, 'accept-language': lang },
    ...(form ? { payload: form as Form } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

/** A new shopper in `lang` orders `num` of each product to `zip` (with `coupon`) and pays by card. */
async function orderAndPay(zip: string, lang: 'en' | 'zh', num: number, coupon = ''): Promise<Walked> {
  const shopper = await createShopper(t.database, t.clock.now());
  const address = await shopperCall(shopper, lang, 'POST', '/api/address', { ...ADDRESS, zip });
  expect(address.status).toBe(200);
  for (const p of [item('grocery'), item('household')]) {
    const added = await callAs(t.app, shopper, 'POST', `/api/cart?amount=${num}&uuid=${p.uuid}`);
    expect(added.status).toBe(200);
  }
  const cart = (await callAs(t.app, shopper, 'GET', '/api/cart')).body.data as { id: number }[];
  expect(cart).toHaveLength(2);
  const form: Record<string, string | number> = { uuid: address.body.data.uuid, coupon };
  cart.forEach((line, n) => {
    form[`items[${n}][id]`] = line.id;
    form[`items[${n}][num]`] = num;
  });
  const placed = await shopperCall(shopper, lang, 'POST', '/api/order', form);
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  const orderNo = placed.body.data as string;
  const card = { order: orderNo, card: '4111 1111 1111 1111', date: '12/30', code: '123', ...BILLING };
  // Pay pressed twice at once: one charge, one paid order, one alert.
  const paid = await Promise.all(
    [0, 1].map(() => shopperCall(shopper, lang, 'POST', '/api/authorize/pay', card)),
  );
  expect(paid.filter((p) => p.status === 200 && p.body.data?.status === 2).length).toBeGreaterThanOrEqual(1);
  const order = await shopperCall(shopper, lang, 'GET', `/api/order/${orderNo}`);
  expect(order.body.data.status).toBe(2);
  return { shopper, lang, orderNo, num };
}

const consoleOrder = async (orderNo: string) =>
  expectAnswer(OrderDetail, await as(owner, 'GET', `/api/admin/orders/${orderNo}`));

describe('the owner’s books, done when', () => {
  it('the owner sets tax classes and two areas by ZIP prefix; a rate above 100 % changes nothing', async () => {
    const tooHigh = await as(owner, 'POST', '/api/admin/tax/classes/household', {
      en_name: 'Household',
      zn_name: '家居用品',
      rate: '100.01',
    });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.message).toContain('0 to 100');
    const tooHighZh = await as(
      owner,
      'POST',
      '/api/admin/tax/classes/household',
      { en_name: 'Household', zn_name: '家居用品', rate: '101' },
      'zh-CN',
    );
    expect(tooHighZh.body.message).toContain('税率');
    const household = await as(owner, 'POST', '/api/admin/tax/classes/household', {
      en_name: 'Household',
      zn_name: '家居用品',
      rate: RATES.household,
    });
    expect(household.status).toBe(200);
    for (const [name, area] of [
      ['Bay', RATES.bay],
      ['Metro', RATES.metro],
    ] as const) {
      const saved = await as(owner, 'POST', '/api/admin/tax/areas', {
        name,
        zips: area.zip.slice(0, 3),
        'rates[0][class]': 'groceries',
        'rates[0][rate]': area.groceries,
        'rates[1][class]': 'household',
        'rates[1][rate]': area === RATES.metro ? '8.5' : area.household,
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    // Metro's household rate was typed wrong (8.5 for 8.875) and is corrected: the whole area again.
    const metro = expectAnswer(TaxSetup, await as(owner, 'GET', '/api/admin/tax')).areas.find(
      (a) => a.name === 'Metro',
    );
    const corrected = await as(owner, 'POST', `/api/admin/tax/areas/${metro?.id}`, {
      name: 'Metro',
      zips: '100',
      'rates[0][class]': 'groceries',
      'rates[0][rate]': RATES.metro.groceries,
      'rates[1][class]': 'household',
      'rates[1][rate]': RATES.metro.household,
    });
    expect(corrected.status).toBe(200);
    const overlap = await as(owner, 'POST', '/api/admin/tax/areas', {
      name: 'Overlap',
      zips: '941',
      'rates[0][class]': 'groceries',
      'rates[0][rate]': '3',
    });
    expect(overlap.status).toBe(409);
    // A manager sees the setup.
    const setup = expectAnswer(TaxSetup, await as(manager, 'GET', '/api/admin/tax'));
    expect(setup.classes.map((c) => [c.code, percentOf(c)])).toContainEqual(['household', 7]);
    const ratesOf = (rates: Record<string, number>) =>
      Object.fromEntries(Object.entries(rates).map(([code, rate]) => [code, percentOf(rate)]));
    expect(setup.areas.map((a) => [a.name, a.zips, ratesOf(a.rates)])).toEqual([
      ['Bay', ['941'], { groceries: 1.5, household: 6.25 }],
      ['Metro', ['100'], { groceries: 2.25, household: 8.875 }],
    ]);
    // A manager may not change it.
    const refused = await as(manager, 'POST', '/api/admin/tax/classes/household', {
      en_name: 'Household',
      zn_name: '家居用品',
      rate: '1',
    });
    expect(refused.status).toBe(403);
  });

  it('puts a product in the household class, sets a low-stock level, a coupon and a taxed delivery fee', async () => {
    const [grocery, household] = [stocked[10], stocked[11]];
    if (!grocery || !household) throw new Error('the demo catalogue lacks stocked products');
    items.grocery = await productOf(grocery.key);
    items.household = await productOf(household.key);
    const classed = await as(owner, 'POST', `/api/admin/products/${item('household').id}`, {
      tax_class: 'household',
    });
    expect(classed.status).toBe(200);
    // Low once the first order has taken its ten.
    const threshold = await as(owner, 'POST', `/api/admin/products/${item('household').id}/threshold`, {
      threshold: String(item('household').stock - 10),
    });
    expect(threshold.status).toBe(200);
    const coupon = await as(owner, 'POST', '/api/admin/coupons', {
      code: COUPON.code,
      kind: 'percent',
      value: String(COUPON.percent),
      min_spend: '',
      starts_at: '2026-01-01T00:00',
      ends_at: '2099-01-01T00:00',
      active: 'true',
    });
    expect(coupon.status, JSON.stringify(coupon.body)).toBe(200);
    // The fee is charged under a threshold the small order stays below and the big one passes.
    const small = item('grocery').priceCents + item('household').priceCents;
    const terms = (await as(owner, 'GET', '/api/admin/delivery')).body.data as { area: string[] };
    const delivery = await as(owner, 'POST', '/api/admin/delivery', {
      area: terms.area.join(','),
      fee: (FEE_CENTS / 100).toFixed(2),
      free_over: ((small + 100) / 100).toFixed(2),
      minimum: '',
      tax_on_fee: 'true',
    });
    expect(delivery.status, JSON.stringify(delivery.body)).toBe(200);
  });

  it('staff choose their alerts, each in their own language', async () => {
    for (const [who, alerts, language] of [
      [owner, 'orderPaid,lowStock', 'en'],
      [manager, 'lowStock', 'zh'],
      [packer, 'orderPaid', 'zh'],
      [quiet, '', 'en'],
    ] as const) {
      const res = await as(who, 'POST', '/api/admin/me/alerts', { alerts, language });
      expect(res.status).toBe(200);
    }
  });

  it('two shoppers order a grocery and a household line to the two areas and pay', async () => {
    walked.bay = await orderAndPay(RATES.bay.zip, 'en', 10, COUPON.code);
    // The first order left the household product at its low-stock level: the sweep mails it.
    expect(await t.app.lowStockSweep()).toBeGreaterThanOrEqual(1);
    walked.metro = await orderAndPay(RATES.metro.zip, 'zh', 1);
    await drain();
  });

  it('each order shows the right tax per rate on the console’s order', async () => {
    const g = item('grocery').priceCents;
    const h = item('household').priceCents;
    // Bay: ten of each, 10 % off every line (exact: whole dimes), over the free-delivery threshold.
    const bay = await consoleOrder(orderOf('bay').orderNo);
    const [bg, bh] = [g * 10 * 0.9, h * 10 * 0.9];
    const bayTaxes = [
      [Number(RATES.bay.groceries), bg, taxAt(bg, RATES.bay.groceries)],
      [Number(RATES.bay.household), bh, taxAt(bh, RATES.bay.household)],
    ];
    expect(bay.taxes.map((r) => [percentOf(r), cents(r.taxable), cents(r.tax)])).toEqual(bayTaxes);
    expect([cents(bay.subtotal), cents(bay.discount), cents(bay.delivery_fee)]).toEqual([
      (g + h) * 10,
      g + h,
      0,
    ]);
    expect(cents(bay.tax)).toBe(sum(bayTaxes, (r) => r[2] ?? 0));
    expect(cents(bay.total_price)).toBe(bg + bh + cents(bay.tax));
    orderOf('bay').detail = bay;
    // Pay was pressed twice at once: paid once.
    expect(bay.timeline.filter((e) => e.kind === 'paid')).toHaveLength(1);

    // Metro: one of each, no coupon, the fee taxed at the area's groceries rate.
    const metro = await consoleOrder(orderOf('metro').orderNo);
    const metroTaxes = [
      [Number(RATES.metro.groceries), g + FEE_CENTS, taxAt(g + FEE_CENTS, RATES.metro.groceries)],
      [Number(RATES.metro.household), h, taxAt(h, RATES.metro.household)],
    ];
    expect(metro.taxes.map((r) => [percentOf(r), cents(r.taxable), cents(r.tax)])).toEqual(metroTaxes);
    expect([cents(metro.discount), cents(metro.delivery_fee)]).toEqual([0, FEE_CENTS]);
    expect(cents(metro.total_price)).toBe(g + h + FEE_CENTS + sum(metroTaxes, (r) => r[2] ?? 0));
    orderOf('metro').detail = metro;
  });

  it('and in the paid mail, in the shopper’s language', async () => {
    for (const [area, label] of [
      ['bay', (rate: string) => `Tax ${rate} %: `],
      ['metro', (rate: string) => `税费 ${rate}%`],
    ] as const) {
      const o = orderOf(area);
      const paid = mailsTo(o.shopper.email).filter((m) => m.subject.includes(o.orderNo));
      const receipt = paid.find((m) => m.subject.includes(area === 'bay' ? 'receipt' : '收据'));
      expect(receipt, `${area}: ${paid.map((m) => m.subject).join(' | ')}`).toBeDefined();
      const lines = receipt?.text.split('\n') ?? [];
      for (const r of o.detail?.taxes ?? []) {
        const rate = String(percentOf(r));
        const line = lines.find((l) => l.includes(label(rate)));
        expect(line, `${area} ${rate}`).toContain(formatCents(cents(r.tax)));
      }
      expect(receipt?.text).toContain(formatCents(cents(o.detail?.total_price ?? 0)));
    }
  });

  it('refunding a line gives back exactly its goods after the coupon and its tax share', async () => {
    const o = orderOf('bay');
    const line = o.detail?.lines.find((l) => l.uuid === item('household').uuid);
    if (!line) throw new Error('no household line');
    const res = await as(owner, 'POST', `/api/admin/orders/${o.orderNo}/refund`, {
      lines: [{ id: line.id, qty: line.num }],
      reason: 'the box arrived crushed',
    } as unknown as Form);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const answer = expectAnswer(RefundAnswer, res);
    // The household rate's tax was this line's alone: all of it comes back, with the line's goods.
    const goods = item('household').priceCents * 10 * 0.9;
    expect(cents(answer.refunded)).toBe(goods + taxAt(goods, RATES.bay.household));
    expect(answer.whole).toBe(false);
    expect(answer.order.status).toBe(2);
    expect(cents(answer.order.refunded)).toBe(cents(answer.refunded));
    o.detail = answer.order;
  });

  it('the range report balances to the cent with the orders and the refund', async () => {
    const day = shopDate(t.clock.now(), t.config.shopTimeZone);
    const report = expectAnswer(
      Report,
      await as(manager, 'GET', '/api/admin/reports', { from: day, to: day }),
    );
    const orders = [orderOf('bay'), orderOf('metro')].map((o) => o.detail as OrderDetail);
    const refunded = sum(orders, (o) => cents(o.refunded));
    const collected = sum(orders, (o) => cents(o.total_price));
    const totals = {
      orders: 2,
      grossCents: sum(orders, (o) => cents(o.subtotal)),
      discountCents: sum(orders, (o) => cents(o.discount)),
      feeCents: FEE_CENTS,
      taxCents: sum(orders, (o) => cents(o.tax)),
      collectedCents: collected,
      refunds: 1,
      refundCents: refunded,
      netCents: collected - refunded,
    };
    expect(report.totals).toEqual(totals);
    const t0 = report.totals;
    expect(t0.grossCents - t0.discountCents + t0.feeCents + t0.taxCents).toBe(t0.collectedCents);
    expect(report.byDay).toEqual([{ date: day, ...totals }]);
    expect(report.byMethod).toEqual([
      {
        method: 'creditcard',
        orders: 2,
        collectedCents: collected,
        refunds: 1,
        refundCents: refunded,
        netCents: collected - refunded,
      },
    ]);
    // Tax by rate: the four rates of the two areas, each as the orders charged it.
    const charged = orders
      .flatMap((o) => o.taxes)
      .map((r) => ({ rate: percentOf(r), taxableCents: cents(r.taxable), taxCents: cents(r.tax) }))
      .sort((a, b) => a.rate - b.rate);
    expect(
      report.taxByRate.map((r) => ({
        rate: percentOf(r),
        taxableCents: r.taxableCents,
        taxCents: r.taxCents,
      })),
    ).toEqual(charged);
    expect(sum(report.taxByRate, (r) => r.taxCents)).toBe(t0.taxCents);
    expect(sum(report.byProduct, (p) => p.grossCents)).toBe(t0.grossCents);
    expect(sum(report.byProduct, (p) => p.quantity)).toBe(22);
    expect(report.byProduct.map((p) => p.uuid).sort()).toEqual(
      [item('grocery').uuid, item('household').uuid].sort(),
    );
    expect(sum(report.byCategory, (c) => c.grossCents)).toBe(t0.grossCents);
    expect(sum(report.byCategory, (c) => c.quantity)).toBe(22);

    // Today: what was paid less what was refunded.
    const today = expectAnswer(Today, await as(owner, 'GET', '/api/admin/today'));
    expect(today.paid_today).toEqual({
      count: 2,
      revenue: (collected - refunded) / 100,
      refunded: refunded / 100,
    });

    // Each CSV export adds up to the report.
    const csv = async (kind: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/reports/export?kind=${kind}&from=${day}&to=${day}`,
        headers: { authorization: `Bearer ${owner.token}` },
      });
      expect(res.statusCode).toBe(200);
      const [head = [], ...rows] = parseCsv(res.body).records.map((r) => r.fields);
      return (column: string) => {
        const at = head.indexOf(column);
        expect(at, `${kind}: ${column}`).toBeGreaterThanOrEqual(0);
        return sum(rows, (row) => cents(Number(row[at])));
      };
    };
    const days = await csv('days');
    for (const [column, value] of [
      ['gross', t0.grossCents],
      ['discounts', t0.discountCents],
      ['delivery_fees', t0.feeCents],
      ['tax', t0.taxCents],
      ['collected', t0.collectedCents],
      ['refunded', t0.refundCents],
      ['net', t0.netCents],
    ] as const)
      expect(days(column), `days: ${column}`).toBe(value);
    const methods = await csv('methods');
    expect([methods('collected'), methods('refunded'), methods('net')]).toEqual([
      t0.collectedCents,
      t0.refundCents,
      t0.netCents,
    ]);
    const taxes = await csv('taxes');
    expect([taxes('taxable'), taxes('tax')]).toEqual([sum(charged, (r) => r.taxableCents), t0.taxCents]);
    expect((await csv('products'))('gross')).toBe(t0.grossCents);
    expect((await csv('categories'))('gross')).toBe(t0.grossCents);
    const orderRows = await csv('orders');
    expect([
      orderRows('gross'),
      orderRows('discount'),
      orderRows('delivery_fee'),
      orderRows('tax'),
      orderRows('collected'),
    ]).toEqual([t0.grossCents, t0.discountCents, t0.feeCents, t0.taxCents, t0.collectedCents]);
    expect((await csv('refunds'))('refunded')).toBe(t0.refundCents);
    expect(REPORT_EXPORTS).toHaveLength(7);
  });

  it('queues a new-paid-order and a low-stock alert once each, to those who chose them, in their language', async () => {
    // The household product is lower still after the second order, and swept again: no new mail.
    await t.app.lowStockSweep();
    await drain();
    const h = item('household');
    const lowMails = (email: string, line: string) => mailsTo(email).filter((m) => m.text.includes(line));
    expect(lowMails(owner.email, `${h.enName}: `).map((m) => m.subject)).toEqual([
      expect.stringMatching(/^Low stock: /),
    ]);
    expect(lowMails(manager.email, `${h.znName}：`).map((m) => m.subject)).toEqual([
      expect.stringMatching(/^库存不足/),
    ]);
    for (const o of [orderOf('bay'), orderOf('metro')]) {
      const about = (email: string) => mailsTo(email).filter((m) => m.subject.includes(o.orderNo));
      expect(about(owner.email).map((m) => m.subject)).toEqual([`New paid order ${o.orderNo}`]);
      expect(about(packer.email).map((m) => m.subject)).toEqual([`新的已付款订单 ${o.orderNo}`]);
      expect(about(manager.email)).toEqual([]);
    }
    expect(mailsTo(quiet.email)).toEqual([]);
  });

  it('recovers a lost authenticator with a recovery code, and resets it from the command line', async () => {
    const who = await createStaff(t.database, t.clock.now(), {
      role: 'owner',
      name: 'Rui Recover',
      totp: false,
    });
    const signIn = (code?: string, lang?: string) =>
      callAdmin(
        t.app,
        undefined,
        'POST',
        '/api/admin/sign-in',
        { email: who.email, password: who.password, ...(code ? { code } : {}) },
        lang ? { lang } : {},
      );
    const first = await signIn();
    const session = first.token ?? '';
    const { secret } = (await callAdmin(t.app, session, 'POST', '/api/admin/totp/start', {})).body.data;
    const confirmed = await callAdmin(t.app, session, 'POST', '/api/admin/totp/confirm', {
      code: codeAt(secret, t.clock.now()),
    });
    const { recoveryCodes } = expectAnswer(TotpConfirmed, confirmed);
    expect(recoveryCodes).toHaveLength(10);
    t.clock.advance(30_000);

    // The phone is lost: the password and a recovery code sign in, once.
    const [code = ''] = recoveryCodes;
    const recovered = await signIn(code);
    expect(recovered.status).toBe(200);
    expectAnswer(SignInAnswer, recovered);
    const recoveredSession = recovered.token ?? '';
    expect((await callAdmin(t.app, recoveredSession, 'GET', '/api/admin/me')).status).toBe(200);
    for (const [lang, message] of [
      ['en', 'This recovery code has already been used. Each code works once: enter another one.'],
      ['zh-CN', '此恢复码已经用过。每个恢复码只能用一次，请换一个。'],
    ] as const) {
      const again = await signIn(code, lang);
      expect(again.status).toBe(401);
      expect(again.body.message).toBe(message);
    }

    // `npm run shop -- staff reset-2fa EMAIL`: the real command line against the same PostgreSQL;
    // an in-memory PGlite lives only in this process, so there its function runs instead.
    const run =
      t.config.database.kind === 'postgres'
        ? await runShopCommandLine({ DATABASE_URL: t.config.database.url, DATA_DIR: t.config.dataDir }, [
            'staff',
            'reset-2fa',
            who.email,
          ])
        : await inProcessShopCommand('staff', 'reset-2fa', who.email);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`${who.email}: two-factor sign-in reset`);
    for (const s of [session, recoveredSession])
      expect((await callAdmin(t.app, s, 'GET', '/api/admin/me')).status).toBe(401);
    const back = await signIn();
    expect(back.status).toBe(200);
    expect(expectAnswer(SignInAnswer, back).staff).toMatchObject({ totpEnabled: false, totpRequired: true });
  });

  it('the walk’s audit lines read as sentences in English and in Chinese, naming their targets', async () => {
    const page = expectAnswer(
      AuditPage,
      await as(owner, 'GET', '/api/admin/audit', { page: '1', page_size: '200' }),
    );
    const actions = new Set(page.list.map((e) => e.action));
    for (const action of [
      'tax.class.update',
      'tax.area.create',
      'product.update',
      'stock.threshold',
      'coupon.create',
      'delivery.update',
      'order.refund',
      'staff.totp.enable',
      'staff.totp.reset',
    ])
      expect(actions, action).toContain(action);
    for (const language of ['en', 'zh'] as const) {
      const { t, missing } = await reader(language);
      for (const entry of page.list) {
        const sentence = actionSentence(entry, t);
        expect(sentence, `${language} ${entry.action}`).not.toBe(entry.action);
        expect(sentence).not.toMatch(/[a-z]+\.[a-z]+|\{\{/);
        // Each changed field by its name in the reader's language, each value as a reader writes it.
        for (const change of changeSentences(entry, { t, when: (iso) => iso }))
          expect(change, `${language} ${entry.action}`).not.toMatch(/[a-z]_[a-z]|[{}[\]"]/);
        expect(missing, `${language} ${entry.action}: texts the console lacks`).toEqual([]);
        if (entry.targetId !== null && !['settings', 'delivery'].includes(entry.targetType))
          expect(entry.targetName, `${entry.action} ${entry.targetType}:${entry.targetId}`).toBeTruthy();
      }
      const said = (action: string) =>
        page.list
          .filter((e) => e.action === action)
          .map((e) => [actionSentence(e, t), ...changeSentences(e, { t, when: (iso) => iso })]);
      expect(said('tax.class.update')).toEqual([
        language === 'en'
          ? ['Changed a tax class', 'Changed the rate from 4.5 % to 7 %']
          : ['修改了税类', '将税率从 4.5% 改为 7%'],
      ]);
      expect(said('tax.area.update')).toEqual([
        language === 'en'
          ? [
              'Changed a tax area',
              'Changed the rates by class from groceries 2.25 %, household 8.5 % to groceries 2.25 %, household 8.875 %',
            ]
          : [
              '修改了税区',
              '将各税类税率从 groceries 2.25%, household 8.5% 改为 groceries 2.25%, household 8.875%',
            ],
      ]);
      expect(said('product.update')).toEqual([
        language === 'en'
          ? ['Changed a product', 'Changed the tax class from groceries to household']
          : ['修改了商品', '将税类从 groceries 改为 household'],
      ]);
      const refund = page.list.find((e) => e.action === 'order.refund');
      const amount = formatCents(cents(orderOf('bay').detail?.refunded ?? 0));
      expect(actionSentence(refund ?? { action: '', before: null, after: null }, t)).toBe(
        language === 'en' ? `${amount} refunded` : `退款 ${amount}`,
      );
    }
    const area = page.list.find((e) => e.action === 'tax.area.create' && e.targetName === 'Bay');
    expect(area, 'the Bay area by name').toBeDefined();
  });
});

/**
 * The console's reader of the audit log in `language`, with the texts the console ships; `missing`
 * collects each text it had to fall back from (a field named by its code, an action by its code).
 */
async function reader(language: 'en' | 'zh') {
  const i18n = i18next.createInstance();
  const missing: string[] = [];
  const texts = JSON.parse(
    readFileSync(join(import.meta.dirname, `../../public/locales/${language}/admin.json`), 'utf8'),
  );
  await i18n.init({
    lng: language,
    resources: { [language]: { translation: texts } },
    interpolation: { escapeValue: false },
    saveMissing: true,
    missingKeyHandler: (_languages, _namespace, key) => void missing.push(key),
  });
  return { t: i18n.t.bind(i18n), missing };
}
/** `npm run shop -- ARGS` run in this process, on the test's database and clock. */
const inProcessShopCommand = (...argv: string[]) => shopCommandIn(t, ...argv);
