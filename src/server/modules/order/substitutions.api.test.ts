import { and, asc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, mailOutbox, orderEvents, orderLines, packingLines, products } from '#server/db/schema';
import { uuidFromKey } from '#server/db/seed';
import { PackingDay } from '#shared/schemas/admin/packing.zod';
import { expectAnswer } from '../../../../tests/helpers/answers';
import { callAs, callAsJson, createShopper, type Shopper } from '../../../../tests/helpers/shoppers';
import { PackingRefunds } from '../packing/packing.refunds';
import { expireProposals } from '../packing/substitution';
import {
  type LiveShop,
  orderRow,
  orderTheCart,
  paidAndSettled,
  paymentsOf,
  stocked,
} from '../payment/payment.fixture';
import { type AdminShop, refundDepsOf, startAdminShop } from './order.fixture';

/**
 * Substitutions with the shopper's consent (docs/product.md, Substitutions): the choice per line,
 * the packer's proposal within it, the shopper's answer until the deadline, and what the deadline
 * applies. A substitute costs the price list's price, never above the line unless approved.
 */
let shop: LiveShop;
let staff: AdminShop['staff'];
let call: AdminShop['call'];
let keys = 0;
const key = () => `subst-mark-${++keys}-${Date.now()}`;
let next = 30;

beforeAll(async () => {
  ({ shop, staff, call } = await startAdminShop());
});

/** One run of the deadline sweep, on the test's clock. */
const sweep = () =>
  expireProposals({ db: db(), clock: shop.t.clock, refunds: new PackingRefunds(refundDepsOf(shop)) });
afterAll(async () => shop?.close());

const db = () => shop.t.database.db;

/** A shopper's call with a JSON body, in `lang`. */
const as = (s: Shopper, method: 'GET' | 'POST' | 'PATCH', url: string, body?: object, lang = 'en') =>
  callAsJson(shop.t.app, s, method, url, body, lang);

async function product(uuid: string) {
  const [p] = await db().select().from(products).where(eq(products.uuid, uuid));
  if (!p) throw new Error(`no product ${uuid}`);
  return p;
}

/**
 * An ordered product at `lineCents` and, in its category, substitutes at the given prices (each
 * with 20 on the shelf), plus one product of another category.
 */
async function catalogue(substituteCents: number[], lineCents = 500) {
  const take = () => {
    const p = stocked[next++ % stocked.length];
    if (!p) throw new Error('the demo catalogue lacks stocked products');
    return uuidFromKey(p.key);
  };
  const ordered = take();
  const of = await product(ordered);
  await db().update(products).set({ priceCents: lineCents, realStock: 50 }).where(eq(products.uuid, ordered));
  const subs: string[] = [];
  for (const cents of substituteCents) {
    const uuid = take();
    await db()
      .update(products)
      .set({ priceCents: cents, categoryId: of.categoryId, realStock: 20, onSale: true })
      .where(eq(products.uuid, uuid));
    subs.push(uuid);
  }
  const [otherCategory] = await db()
    .select({ id: categories.id })
    .from(categories)
    .where(ne(categories.id, of.categoryId ?? 0))
    .limit(1);
  const foreign = take();
  await db()
    .update(products)
    .set({ ...(otherCategory ? { categoryId: otherCategory.id } : {}), realStock: 20, onSale: true })
    .where(eq(products.uuid, foreign));
  return { ordered, subs, foreign };
}

/** A new shopper with 2 of `uuid` in the cart, the line's choice set; answers them and the cart line. */
async function cartWith(uuid: string, choice: object) {
  const s = await createShopper(shop.t.database, shop.t.clock.now());
  await callAs(shop.t.app, s, 'POST', `/api/cart?amount=2&uuid=${uuid}`);
  const [line] = (await callAs(shop.t.app, s, 'GET', '/api/cart')).body.data as { id: number }[];
  if (!line) throw new Error('no cart line');
  const chosen = await as(s, 'PATCH', `/api/cart/${line.id}`, choice);
  expect(chosen.status).toBe(200);
  return { s, cartLine: line.id, chosen: chosen.body.data };
}

/** The shopper's cart (2 of one product) ordered and paid by card, settled: the order and its one line. */
async function ordered(s: Shopper) {
  const orderNo = await orderTheCart(shop.t, s, 2);
  await paidAndSettled(shop, s, orderNo);
  const order = await orderRow(shop.t, orderNo);
  const [line] = await db().select().from(orderLines).where(eq(orderLines.orderId, order.id));
  if (!line) throw new Error('no order line');
  return { orderNo, order, line };
}

async function orderWith(uuid: string, choice: object) {
  const { s } = await cartWith(uuid, choice);
  return { s, ...(await ordered(s)) };
}

const mark = (orderNo: string, lineId: number, body: Record<string, unknown>, k = key()) =>
  call(staff.packer.token, 'POST', `/api/admin/packing/${orderNo}/lines/${lineId}`, { key: k, ...body });

const answer = (s: Shopper, orderNo: string, lineId: number, a: string, lang = 'en') =>
  as(s, 'POST', `/api/order/${orderNo}/lines/${lineId}/answer`, { answer: a }, lang);

const stockOf = async (uuid: string) => (await product(uuid)).realStock;

async function eventsOf(orderId: number) {
  const rows = await db()
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.id));
  return rows.map((r) => r.kind).filter((k) => k.startsWith('substitution_'));
}

/** The proposal mails queued for an order. */
const proposalMails = (orderId: number) =>
  db()
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.orderId, orderId), eq(mailOutbox.kind, 'substitution')));

async function refunded(orderNo: string) {
  const [payment] = await paymentsOf(shop.t, orderNo);
  return shop.anet.transactions.get(payment?.transactionId ?? '')?.refundedCents ?? 0;
}

describe('the shopper’s choice', () => {
  it('suggests same-category products on sale and in stock, and keeps a specific pick on the cart line', async () => {
    const c = await catalogue([450, 650]);
    const { s, cartLine, chosen } = await cartWith(c.ordered, {
      when_missing: 'replace',
      substitute: c.subs[0],
      ask_first: true,
    });
    expect(chosen).toMatchObject({
      when_missing: 'replace',
      substitute: { uuid: c.subs[0], price: 4.5 },
      ask_first: true,
    });
    const suggested = (await as(s, 'GET', `/api/substitutes?uuid=${c.ordered}`)).body.data as {
      uuid: string;
    }[];
    expect(suggested.map((p) => p.uuid)).toEqual(expect.arrayContaining([c.subs[0], c.subs[1]]));
    expect(suggested.map((p) => p.uuid)).not.toContain(c.foreign);
    const cart = (await as(s, 'GET', '/api/cart')).body.data as { substitution: unknown }[];
    expect(cart[0]?.substitution).toMatchObject({ substitute: { uuid: c.subs[0] }, ask_first: true });

    // Another category, off sale, out of stock: refused in the shopper's language, nothing changes.
    const other = await as(
      s,
      'PATCH',
      `/api/cart/${cartLine}`,
      { when_missing: 'replace', substitute: c.foreign },
      'zh',
    );
    expect(other.status).toBe(409);
    expect(other.body.message).toBe('替代品必须与被替换的商品属于同一类别。');
    const sub1 = c.subs[1] ?? '';
    await db().update(products).set({ onSale: false }).where(eq(products.uuid, sub1));
    expect(
      (await as(s, 'PATCH', `/api/cart/${cartLine}`, { when_missing: 'replace', substitute: sub1 })).body
        .message,
    ).toBe('This substitute is no longer for sale.');
    await db().update(products).set({ onSale: true, realStock: 0 }).where(eq(products.uuid, sub1));
    expect(
      (await as(s, 'PATCH', `/api/cart/${cartLine}`, { when_missing: 'replace', substitute: sub1 })).status,
    ).toBe(409);
    const after = (await as(s, 'GET', '/api/cart')).body.data as { substitution: unknown }[];
    expect(after[0]?.substitution).toMatchObject({ substitute: { uuid: c.subs[0] } });

    // Not a uuid (36 dashes): a 400, not a database error.
    const dashes = '-'.repeat(36);
    expect(
      (await as(s, 'PATCH', `/api/cart/${cartLine}`, { when_missing: 'replace', substitute: dashes })).status,
    ).toBe(400);
    expect((await as(s, 'GET', `/api/substitutes?uuid=${dashes}`)).status).toBe(400);

    // Someone else's cart line is not there for them.
    const stranger = await createShopper(shop.t.database, shop.t.clock.now());
    expect((await as(stranger, 'PATCH', `/api/cart/${cartLine}`, { when_missing: 'refund' })).status).toBe(
      404,
    );
  });

  it('comes into the order, changes on the order page until packing starts, then is refused', async () => {
    const c = await catalogue([450, 650]);
    const o = await orderWith(c.ordered, { when_missing: 'replace', substitute: c.subs[0], ask_first: true });
    expect(o.line).toMatchObject({ whenMissing: 'replace', substituteAsk: true });
    const page = (await as(o.s, 'GET', `/api/order/${o.orderNo}`)).body.data;
    expect(page.item[0]).toMatchObject({
      choice_open: true,
      substitution: { substitute: { uuid: c.subs[0] } },
    });
    const changed = await as(o.s, 'PATCH', `/api/order/${o.orderNo}/lines/${o.line.id}`, {
      when_missing: 'replace',
      substitute: c.subs[1],
      ask_first: false,
    });
    expect(changed.body.data).toMatchObject({ substitute: { uuid: c.subs[1] }, ask_first: false });
    const stranger = await createShopper(shop.t.database, shop.t.clock.now());
    expect(
      (await as(stranger, 'PATCH', `/api/order/${o.orderNo}/lines/${o.line.id}`, { when_missing: 'refund' }))
        .status,
    ).toBe(404);

    expect((await mark(o.orderNo, o.line.id, { state: 'picked' })).status).toBe(200);
    const late = await as(
      o.s,
      'PATCH',
      `/api/order/${o.orderNo}/lines/${o.line.id}`,
      { when_missing: 'refund' },
      'zh',
    );
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('此订单已开始打包，替换选择无法再更改。');
    expect((await as(o.s, 'GET', `/api/order/${o.orderNo}`)).body.data.item[0]).toMatchObject({
      choice_open: false,
      substitution: { substitute: { uuid: c.subs[1] } },
    });
  });
});

describe('each choice at packing, not asked first', () => {
  it('"don’t replace": no substitute can be marked; short refunds the line', async () => {
    const c = await catalogue([450]);
    const o = await orderWith(c.ordered, { when_missing: 'refund' });
    const refused = await mark(o.orderNo, o.line.id, { state: 'replaced', product: c.subs[0] });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('The shopper chose not to replace this item: mark it short instead.');
    const short = await mark(o.orderNo, o.line.id, { state: 'short', short: 2 });
    expect(short.body.data.mark).toMatchObject({ state: 'short', refund_state: 'sent' });
    expect(await refunded(o.orderNo)).toBe(Math.round(short.body.data.mark.refund * 100));
  });

  it('"specific": only that product, its stock taken, charged at most the line', async () => {
    const c = await catalogue([700, 450]);
    const [chosen = '', other = ''] = c.subs;
    const o = await orderWith(c.ordered, { when_missing: 'replace', substitute: chosen });
    const wrong = await mark(o.orderNo, o.line.id, { state: 'replaced', product: other });
    expect(wrong.status).toBe(409);
    const before = await stockOf(chosen);
    const right = await mark(o.orderNo, o.line.id, { state: 'replaced', product: chosen });
    expect(right.body.data.mark).toMatchObject({
      state: 'replaced',
      replacement: { uuid: chosen, price: 7, charged: 5 },
      refund: 0,
      proposal: null,
    });
    expect(await stockOf(chosen)).toBe(before - 2);
    expect(await refunded(o.orderNo)).toBe(0);
  });

  it('"specific" out of stock: best match only if the shopper allowed it', async () => {
    const c = await catalogue([450, 400]);
    const [chosen = '', other = ''] = c.subs;
    const strict = await orderWith(c.ordered, {
      when_missing: 'replace',
      substitute: chosen,
      fallback: false,
    });
    const loose = await orderWith(c.ordered, { when_missing: 'replace', substitute: chosen, fallback: true });
    await db().update(products).set({ realStock: 0 }).where(eq(products.uuid, chosen));
    expect((await mark(strict.orderNo, strict.line.id, { state: 'replaced', product: other })).status).toBe(
      409,
    );
    expect((await mark(strict.orderNo, strict.line.id, { state: 'replaced', product: chosen })).status).toBe(
      409,
    );
    const fell = await mark(loose.orderNo, loose.line.id, { state: 'replaced', product: other });
    expect(fell.body.data.mark).toMatchObject({
      state: 'replaced',
      replacement: { uuid: other, charged: 4 },
    });
  });

  it('"best match": the packer’s pick within the category, on sale and in stock', async () => {
    const c = await catalogue([450, 480]);
    const [sub = '', off = ''] = c.subs;
    const o = await orderWith(c.ordered, { when_missing: 'replace' });
    const foreign = await call(
      staff.packer.token,
      'POST',
      `/api/admin/packing/${o.orderNo}/lines/${o.line.id}`,
      { key: key(), state: 'replaced', product: c.foreign },
      'zh',
    );
    expect(foreign.status).toBe(409);
    expect(foreign.body.message).toBe('替代品必须与被替换的商品属于同一类别。');
    await db().update(products).set({ onSale: false }).where(eq(products.uuid, off));
    expect((await mark(o.orderNo, o.line.id, { state: 'replaced', product: off })).status).toBe(409);
    expect((await mark(o.orderNo, o.line.id, { state: 'replaced', product: '-'.repeat(36) })).status).toBe(
      400,
    );
    const ok = await mark(o.orderNo, o.line.id, { state: 'replaced', product: sub, price: '0.01' });
    expect(ok.body.data.mark).toMatchObject({ replacement: { uuid: sub, price: 4.5, charged: 4.5 } });
    expect(await refunded(o.orderNo)).toBe(Math.round(ok.body.data.mark.refund * 100));
    expect(ok.body.data.mark.refund).toBeGreaterThan(0);
  });
});

describe('asked first', () => {
  async function proposed(subCents: number) {
    const c = await catalogue([subCents]);
    const sub = c.subs[0] ?? '';
    const o = await orderWith(c.ordered, { when_missing: 'replace', ask_first: true });
    const stock = await stockOf(sub);
    const p = await mark(o.orderNo, o.line.id, { state: 'replaced', product: sub });
    expect(p.status).toBe(200);
    return { ...o, sub, stock, proposal: p.body.data.mark };
  }

  it('proposes: the shopper is told at once, nothing is taken, the order cannot be packed yet', async () => {
    const o = await proposed(650);
    expect(o.proposal).toMatchObject({ state: 'proposed', proposal: { status: 'pending' }, refund: 0 });
    expect(await stockOf(o.sub)).toBe(o.stock);
    expect(await eventsOf(o.order.id)).toEqual(['substitution_proposed']);
    expect(await proposalMails(o.order.id)).toHaveLength(1);
    const page = (await as(o.s, 'GET', `/api/order/${o.orderNo}`)).body.data;
    expect(page.item[0].proposal).toMatchObject({
      status: 'pending',
      uuid: o.sub,
      price: 6.5,
      charged: null,
    });
    expect(page.item[0].price).toBe(5);
    const pack = await call(staff.packer.token, 'POST', `/api/admin/orders/${o.orderNo}/pack`);
    expect(pack.status).toBe(409);
    // A packer cannot overrule the pending proposal, and sees it waiting on the packing page.
    expect((await mark(o.orderNo, o.line.id, { state: 'short', short: 2 })).status).toBe(409);
    const day = expectAnswer(PackingDay, await call(staff.packer.token, 'GET', '/api/admin/packing'));
    const bench = day.no_slot.find((x) => x.order_no === o.orderNo)?.lines[0];
    expect(bench).toMatchObject({
      when_missing: 'replace',
      substitute: null,
      ask_first: true,
      mark: { state: 'proposed', proposal: { status: 'pending' } },
    });
  });

  it('approved: replaced at the dearer price the proposal showed, stock taken, then packed', async () => {
    const o = await proposed(650);
    const stranger = await createShopper(shop.t.database, shop.t.clock.now());
    expect((await answer(stranger, o.orderNo, o.line.id, 'approve')).status).toBe(404);
    const ok = await answer(o.s, o.orderNo, o.line.id, 'approve');
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ status: 'approved', charged: 6.5, refund: 0 });
    expect(await stockOf(o.sub)).toBe(o.stock - 2);
    expect(await refunded(o.orderNo)).toBe(0);
    expect((await answer(o.s, o.orderNo, o.line.id, 'decline')).status).toBe(409);
    expect(await eventsOf(o.order.id)).toEqual(['substitution_proposed', 'substitution_approved']);
    expect((await call(staff.packer.token, 'POST', `/api/admin/orders/${o.orderNo}/pack`)).status).toBe(200);
  });

  it('declined: short, the whole line refunded, no stock taken', async () => {
    const o = await proposed(450);
    const no = await answer(o.s, o.orderNo, o.line.id, 'decline');
    expect(no.body.data).toMatchObject({ status: 'declined', charged: null });
    const [row] = await db().select().from(packingLines).where(eq(packingLines.orderLineId, o.line.id));
    expect(row).toMatchObject({ state: 'short', shortQty: 2, refundState: 'sent' });
    expect(await refunded(o.orderNo)).toBe(row?.refundCents);
    expect(row?.refundCents).toBeGreaterThan(0);
    expect(await stockOf(o.sub)).toBe(o.stock);
    // The shopper's timeline says how many are missing ("2 missing"), not "0 missing".
    const events = (await as(o.s, 'GET', `/api/order/${o.orderNo}/events`)).body.data;
    const declined = events.events.find((e: { kind: string }) => e.kind === 'substitution_declined');
    expect(declined.details).toMatchObject({ state: 'short', short: 2 });
  });

  it('no answer by the deadline: the sweep applies the choice, never above the line’s price', async () => {
    const o = await proposed(650);
    const statusNow = async () =>
      (await db().select().from(packingLines).where(eq(packingLines.orderLineId, o.line.id)))[0]
        ?.proposalStatus;
    shop.t.clock.advance(29 * 60_000);
    await sweep();
    expect(await statusNow()).toBe('pending');
    shop.t.clock.advance(60_000);
    expect(await sweep()).toBeGreaterThanOrEqual(1);
    const [row] = await db().select().from(packingLines).where(eq(packingLines.orderLineId, o.line.id));
    expect(row).toMatchObject({ state: 'replaced', proposalStatus: 'expired', chargedPriceCents: 500 });
    expect(await stockOf(o.sub)).toBe(o.stock - 2);
    const late = await answer(o.s, o.orderNo, o.line.id, 'approve', 'zh');
    expect(late.status).toBe(409);
    expect(await eventsOf(o.order.id)).toEqual(['substitution_proposed', 'substitution_expired']);
  });

  it('an answer after the deadline is refused, and the line’s choice applied lazily', async () => {
    const o = await proposed(450);
    shop.t.clock.advance(31 * 60_000);
    const late = await answer(o.s, o.orderNo, o.line.id, 'decline');
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(
      'The time to answer has passed, so your choice for this item was applied.',
    );
    const page = (await as(o.s, 'GET', `/api/order/${o.orderNo}`)).body.data;
    expect(page.item[0].proposal).toMatchObject({ status: 'expired', charged: 4.5 });
    expect(await stockOf(o.sub)).toBe(o.stock - 2);
  });

  it('an approval racing the deadline sweep and the order page settles once', async () => {
    const o = await proposed(450);
    shop.t.clock.advance(30 * 60_000);
    await Promise.allSettled([
      answer(o.s, o.orderNo, o.line.id, 'approve'),
      sweep(),
      as(o.s, 'GET', `/api/order/${o.orderNo}`),
    ]);
    expect(await eventsOf(o.order.id)).toEqual(['substitution_proposed', 'substitution_expired']);
    expect(await stockOf(o.sub)).toBe(o.stock - 2);
  });

  it('an approval racing nothing but a second answer: one outcome', async () => {
    const o = await proposed(450);
    const both = await Promise.all([
      answer(o.s, o.orderNo, o.line.id, 'approve'),
      answer(o.s, o.orderNo, o.line.id, 'decline'),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await eventsOf(o.order.id)).length).toBe(2);
  });

  it('two packers proposing at once: one proposal, one mail', async () => {
    const c = await catalogue([450, 460]);
    const o = await orderWith(c.ordered, { when_missing: 'replace', ask_first: true });
    const both = await Promise.all([
      mark(o.orderNo, o.line.id, { state: 'replaced', product: c.subs[0] }),
      mark(o.orderNo, o.line.id, { state: 'replaced', product: c.subs[1] }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await eventsOf(o.order.id)).toEqual(['substitution_proposed']);
    expect(await proposalMails(o.order.id)).toHaveLength(1);
  });
});

describe('stock of a substitute', () => {
  it('goes back on the shelf when a replacement is marked again with another product', async () => {
    // Dearer than the line: nothing is refunded, so the mark may change.
    const c = await catalogue([600, 650]);
    const [a = '', b = ''] = c.subs;
    const o = await orderWith(c.ordered, { when_missing: 'replace' });
    const [stockA, stockB] = [await stockOf(a), await stockOf(b)];
    expect((await mark(o.orderNo, o.line.id, { state: 'replaced', product: a })).status).toBe(200);
    expect(await stockOf(a)).toBe(stockA - 2);
    expect((await mark(o.orderNo, o.line.id, { state: 'replaced', product: b })).status).toBe(200);
    expect([await stockOf(a), await stockOf(b)]).toEqual([stockA, stockB - 2]);
    // Out of stock when marked: refused, nothing taken.
    await db().update(products).set({ realStock: 1 }).where(eq(products.uuid, a));
    expect((await mark(o.orderNo, o.line.id, { state: 'replaced', product: a })).status).toBe(409);
    expect([await stockOf(a), await stockOf(b)]).toEqual([1, stockB - 2]);
  });
});
