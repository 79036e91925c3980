import { eq, min } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, mailOutbox, packingLines, products, refunds } from '#server/db/schema';
import { uuidFromKey } from '#server/db/seed';
import { orderMail } from '#server/mail/order-mail';
import type { OrderMailExtra } from '#server/mail/outbox';
import { OrderDetail } from '#shared/schemas/admin/orders.zod';
import { MarkAnswer, PackingDay, ReplacementCandidates } from '#shared/schemas/admin/packing.zod';
import { expectAnswer } from '../../../../tests/helpers/answers';
import { callAs } from '../../../../tests/helpers/shoppers';
import { allowBestMatch } from '../../../../tests/helpers/substitutes';
import { PackingRefunds } from '../packing/packing.refunds';
import {
  cardForm,
  type LiveShop,
  orderRow,
  type PlacedOrder,
  paidAndSettled,
  payByCard,
  paymentsOf,
  placeOrder,
  placeOrderOf,
  stocked,
} from '../payment/payment.fixture';
import { type AdminShop, refundDepsOf, startAdminShop } from './order.fixture';

/**
 * The packer marks lines picked, short or replaced; a short line (or a
 * cheaper replacement) is refunded through the gateway that took the money, exactly once, and the
 * shopper is told in one mail when the order is packed.
 */
let shop: LiveShop;
let worker: PackingRefunds;
let staff: AdminShop['staff'];
let call: AdminShop['call'];
let keys = 0;
const key = () => `test-mark-${++keys}-${Date.now()}`;

beforeAll(async () => {
  ({ shop, staff, call } = await startAdminShop());
  worker = new PackingRefunds(refundDepsOf(shop));
});
afterAll(async () => shop?.close());

async function paidByCard(i: number, num = 3): Promise<PlacedOrder> {
  const o = await placeOrder(shop.t, i, num);
  await paidAndSettled(shop, o.s, o.orderNo);
  return o;
}

async function paidByWallet(i: number, vendor: 'wechatpay' | 'alipay', num = 3): Promise<PlacedOrder> {
  const o = await placeOrder(shop.t, i, num);
  const started = await shop.t.app.inject({
    method: 'POST',
    url: '/api/yuansfer/pay',
    headers: { authorization: o.s.token },
    payload: { vendor, reference: o.orderNo, terminal: 'ONLINE' },
  });
  expect(started.statusCode).toBe(200);
  expect((await shop.yuansfer.pay(`${o.orderNo}-1`)).delivered).toBe(true);
  expect((await orderRow(shop.t, o.orderNo)).status).toBe(2);
  return o;
}

/** A new shopper's order of one each of two stocked products. */
async function twoLineOrder(i: number): Promise<PlacedOrder> {
  const { s, orderNo } = await placeOrderOf(
    shop.t,
    [stocked[i], stocked[i + 1]].map((p) => p?.key ?? ''),
  );
  return { s, orderNo, totalCents: (await orderRow(shop.t, orderNo)).totalCents, productKey: '', num: 1 };
}

async function linesOf(orderNo: string) {
  const detail = await call(staff.manager.token, 'GET', `/api/admin/orders/${orderNo}`);
  return expectAnswer(OrderDetail, detail).lines;
}

/** A mark; a replacement is one the shopper allowed (best match, same category: allowBestMatch). */
const mark = async (
  orderNo: string,
  lineId: number,
  body: Record<string, unknown>,
  token = staff.packer.token,
) => {
  if (body.state === 'replaced' && typeof body.product === 'string')
    await allowBestMatch(shop.t.database.db, lineId, body.product);
  return call(token, 'POST', `/api/admin/packing/${orderNo}/lines/${lineId}`, { key: key(), ...body });
};

/** The line money's share of what was paid, as the shop computes it (tax shared alike). */
async function shareOf(orderNo: string, cents: number) {
  const o = await orderRow(shop.t, orderNo);
  return Math.round((cents * o.totalCents) / o.subtotalCents);
}

describe('a short line', () => {
  it('is refunded once by card, and a double submit of the same mark refunds nothing more', async () => {
    const o = await paidByCard(0);
    const [line] = await linesOf(o.orderNo);
    if (!line) throw new Error('no line');
    const body = { state: 'short', short: '1', key: key() };
    const first = await call(
      staff.packer.token,
      'POST',
      `/api/admin/packing/${o.orderNo}/lines/${line.id}`,
      body,
    );
    const expected = await shareOf(o.orderNo, Math.round(line.price * 100));
    expect(first.status).toBe(200);
    expect(expectAnswer(MarkAnswer, first)).toMatchObject({
      done: true,
      mark: { state: 'short', short_num: 1, refund: expected / 100, refund_state: 'sent' },
    });
    const [again, third] = await Promise.all([
      call(staff.packer.token, 'POST', `/api/admin/packing/${o.orderNo}/lines/${line.id}`, body),
      call(staff.packer.token, 'POST', `/api/admin/packing/${o.orderNo}/lines/${line.id}`, body),
    ]);
    expect(again.body.data.done).toBe(false);
    expect(third.body.data.done).toBe(false);
    await worker.runOnce();
    const [payment] = await paymentsOf(shop.t, o.orderNo);
    expect(shop.anet.transactions.get(payment?.transactionId ?? '')?.refundedCents).toBe(expected);
    const rows = await shop.t.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.paymentId, payment?.id ?? 0));
    expect(rows.map((r) => [r.status, r.amountCents])).toEqual([['succeeded', expected]]);
    // A new mark on a line whose refund went out is refused, in the caller's language.
    const changed = await mark(o.orderNo, line.id, { state: 'picked' }, staff.packer.token);
    expect(changed).toMatchObject({ status: 409 });
    const zh = await call(
      staff.packer.token,
      'POST',
      `/api/admin/packing/${o.orderNo}/lines/${line.id}`,
      { state: 'picked', key: key() },
      'zh',
    );
    expect(zh.body.message).toBe('这一行的退款已在处理中，标记不能再更改。');
    // The order stays paid; the shopper's order shows the line short and refunded.
    expect((await orderRow(shop.t, o.orderNo)).status).toBe(2);
    const seen = await callAs(shop.t.app, o.s, 'GET', `/api/order/${o.orderNo}`);
    expect(seen.body.data.item[0].packing).toEqual({
      state: 'short',
      short_num: 1,
      replacement: null,
      refund: expected / 100,
      refunded: true,
    });
  });

  for (const vendor of ['wechatpay', 'alipay'] as const) {
    it(`is refunded once through Yuansfer for ${vendor}`, async () => {
      const o = await paidByWallet(1, vendor);
      const [line] = await linesOf(o.orderNo);
      if (!line) throw new Error('no line');
      const answer = await mark(o.orderNo, line.id, { state: 'short', short: '2' });
      const expected = await shareOf(o.orderNo, Math.round(line.price * 100) * 2);
      expect(answer.body.data.mark).toMatchObject({ refund: expected / 100, refund_state: 'sent' });
      await worker.runOnce();
      expect(shop.yuansfer.transactions.get(`${o.orderNo}-1`)?.refundedCents).toBe(expected);
    });
  }

  it('waits for a card charge to settle: refused before, sent by the worker after', async () => {
    const o = await placeOrder(shop.t, 2, 2);
    expect((await payByCard(shop.t, o.s.token, cardForm(o.orderNo))).body.data.status).toBe(2);
    const [line] = await linesOf(o.orderNo);
    if (!line) throw new Error('no line');
    const answer = await mark(o.orderNo, line.id, { state: 'short', short: '1' });
    expect(answer.body.data.mark.refund_state).toBe('queued');
    shop.anet.settleAll();
    shop.t.clock.advance(61_000);
    await worker.runOnce();
    const [row] = await shop.t.database.db
      .select()
      .from(packingLines)
      .where(eq(packingLines.orderLineId, line.id));
    expect(row?.refundState).toBe('sent');
    const [payment] = await paymentsOf(shop.t, o.orderNo);
    expect(shop.anet.transactions.get(payment?.transactionId ?? '')?.refundedCents).toBe(row?.refundCents);
  });

  it('refuses bad counts and unknown lines, changing nothing', async () => {
    const o = await paidByCard(3, 2);
    const [line] = await linesOf(o.orderNo);
    if (!line) throw new Error('no line');
    expect((await mark(o.orderNo, line.id, { state: 'short', short: '3' })).body.message).toBe(
      'Between 1 and 2 can be missing from this line.',
    );
    expect((await mark(o.orderNo, line.id, { state: 'short' })).body.message).toBe(
      'Please say how many are missing.',
    );
    expect((await mark(o.orderNo, 999_999, { state: 'picked' })).status).toBe(404);
    expect((await mark(o.orderNo, line.id, { state: 'short', short: '1', key: 'no' })).status).toBe(400);
    expect(await linesOf(o.orderNo)).toMatchObject([{ packing: null }]);
  });
});

describe('every line short', () => {
  it('refunds all of it, moves the order to refunded and tells the shopper at once', async () => {
    const o = await paidByCard(10, 2);
    const [line] = await linesOf(o.orderNo);
    if (!line) throw new Error('no line');
    const answer = await mark(o.orderNo, line.id, { state: 'short', short: '2' });
    expect(answer.body.data.mark).toMatchObject({ refund: o.totalCents / 100, refund_state: 'sent' });
    const order = await orderRow(shop.t, o.orderNo);
    expect(order.status).toBe(6);
    expect((await paymentsOf(shop.t, o.orderNo))[0]?.status).toBe('refunded');
    const mails = await shop.t.database.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, order.id));
    expect(mails.map((m) => m.kind)).toContain('packed');
    expect(mails.map((m) => m.kind)).not.toContain('refunded');
  });
});

describe('a replaced line', () => {
  it('refunds the difference when the replacement costs less, and charges nothing more when it costs more', async () => {
    const o = await paidByCard(4, 2);
    const [line] = await linesOf(o.orderNo);
    if (!line) throw new Error('no line');
    const other = stocked.find((p) => uuidFromKey(p.key) !== (line as unknown as { uuid: string }).uuid);
    const product = uuidFromKey(other?.key ?? '');
    // The replacement's price comes from the price list.
    const cheaper = Math.round(line.price * 100) - 50;
    const setPrice = (cents: number) =>
      shop.t.database.db.update(products).set({ priceCents: cents }).where(eq(products.uuid, product));
    await setPrice(cheaper);
    const answer = await mark(o.orderNo, line.id, { state: 'replaced', product });
    const expected = await shareOf(o.orderNo, 50 * 2);
    expect(answer.body.data.mark).toMatchObject({
      state: 'replaced',
      replacement: { uuid: product, charged: cheaper / 100 },
      refund: expected / 100,
      refund_state: 'sent',
    });
    const [payment] = await paymentsOf(shop.t, o.orderNo);
    expect(shop.anet.transactions.get(payment?.transactionId ?? '')?.refundedCents).toBe(expected);

    const dear = await paidByCard(5, 2);
    const [dearLine] = await linesOf(dear.orderNo);
    if (!dearLine) throw new Error('no line');
    await setPrice(99_900);
    const more = await mark(dear.orderNo, dearLine.id, { state: 'replaced', product });
    expect(more.body.data.mark).toMatchObject({
      replacement: { price: 999, charged: dearLine.price },
      refund: 0,
      refund_state: 'none',
    });
    const [dearPayment] = await paymentsOf(shop.t, dear.orderNo);
    expect(shop.anet.transactions.get(dearPayment?.transactionId ?? '')?.refundedCents).toBe(0);
    expect(dearPayment?.amountCents).toBe(dear.totalCents);
  });
});

describe('packing an order', () => {
  it('needs every line marked once one is, then mails the shopper what changed, in their language', async () => {
    const o = await placeOrder(shop.t, 6, 2);
    expect((await payByCard(shop.t, o.s.token, cardForm(o.orderNo))).body.data.status).toBe(2);
    shop.anet.settleAll();
    const [line] = await linesOf(o.orderNo);
    if (!line) throw new Error('no line');
    await mark(o.orderNo, line.id, { state: 'short', short: '1' });
    const packed = await call(staff.packer.token, 'POST', `/api/admin/orders/${o.orderNo}/pack`);
    expect(packed.status).toBe(200);
    const order = await orderRow(shop.t, o.orderNo);
    const mails = await shop.t.database.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, order.id));
    const changes = mails.find((m) => m.kind === 'packed');
    expect(changes).toBeDefined();
    const extra = changes?.payload as OrderMailExtra;
    const data = {
      kind: 'packed' as const,
      to: 'shopper@example.com',
      orderNo: o.orderNo,
      lines: [],
      subtotalCents: order.subtotalCents,
      discountCents: 0,
      taxCents: order.taxCents,
      totalCents: order.totalCents,
      address: { name: '', surname: '', phone: '', address: '', area: '', city: '', province: '', zip: '' },
      extra,
    };
    const settings = { shopName: 'Fresh Market', shopNameZh: '鲜果市场', publicUrl: 'http://shop.test' };
    const amount = `$${((extra.amountCents ?? 0) / 100).toFixed(2)}`;
    const en = orderMail({ ...data, language: 'en' }, settings);
    expect(en.subject).toBe(`Fresh Market: changes to order ${o.orderNo}`);
    expect(en.text).toContain(`of 2 missing (refund ${amount})`);
    expect(en.text).toContain(`In all, ${amount} is refunded to your card **** 1111.`);
    const zh = orderMail({ ...data, language: 'zh' }, settings);
    expect(zh.subject).toBe(`鲜果市场：订单 ${o.orderNo} 有变动`);
    expect(zh.text).toContain(`共 2 件，缺少 1 件 (退款 ${amount})`);
    expect(zh.text).toContain(`共计 ${amount} 将退还至您的银行卡 **** 1111。`);
  });

  it('is refused while some lines are not marked', async () => {
    const o = await twoLineOrder(7);
    expect((await payByCard(shop.t, o.s.token, cardForm(o.orderNo))).body.data.status).toBe(2);
    const lines = await linesOf(o.orderNo);
    expect(lines.length).toBe(2);
    await mark(o.orderNo, lines[0]?.id ?? 0, { state: 'picked' });
    const refused = await call(staff.packer.token, 'POST', `/api/admin/orders/${o.orderNo}/pack`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('1 line(s) of this order are not marked yet');
    await mark(o.orderNo, lines[1]?.id ?? 0, { state: 'picked' });
    expect((await call(staff.packer.token, 'POST', `/api/admin/orders/${o.orderNo}/pack`)).status).toBe(200);
    // All picked: nothing changed, no mail about it.
    const order = await orderRow(shop.t, o.orderNo);
    const mails = await shop.t.database.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, order.id));
    expect(mails.map((m) => m.kind)).not.toContain('packed');
  });
});

describe('the packing routes by role', () => {
  it('let packers, managers and owners mark; refuse a shopper’s token and a visitor', async () => {
    const o = await paidByCard(9, 1);
    const [line] = await linesOf(o.orderNo);
    if (!line) throw new Error('no line');
    const url = `/api/admin/packing/${o.orderNo}/lines/${line.id}`;
    expect((await call(undefined, 'POST', url, { state: 'picked', key: key() })).status).toBe(401);
    expect((await call(o.s.token, 'POST', url, { state: 'picked', key: key() })).status).toBe(401);
    for (const role of ['packer', 'manager', 'owner'] as const) {
      expect((await call(staff[role].token, 'POST', url, { state: 'picked', key: key() })).status).toBe(200);
    }
    const day = await call(staff.packer.token, 'GET', '/api/admin/packing');
    expect(day.status).toBe(200);
    const unslotted = expectAnswer(PackingDay, day).no_slot;
    expect(unslotted.find((x) => x.order_no === o.orderNo)?.lines[0]?.mark).toMatchObject({
      state: 'picked',
    });
    const found = await call(staff.packer.token, 'GET', '/api/admin/packing/products?q=a');
    expect(found.status).toBe(200);
    expect(expectAnswer(ReplacementCandidates, found).length).toBeGreaterThan(0);
  });
});

describe('the packing day for picking by scan', () => {
  it("gives each line its product's codes, in aisle order, with the shop's unit; staff only", async () => {
    const first = stocked[11];
    const second = stocked.slice(12).find((p) => p.category !== first?.category);
    if (!first || !second) throw new Error('the demo catalogue is too small');
    const { s, orderNo } = await placeOrderOf(shop.t, [first.key, second.key]);
    expect((await payByCard(shop.t, s.token, cardForm(orderNo))).body.data.status).toBe(2);
    const db = shop.t.database.db;
    const codesOf = async (key: string) =>
      (await db.select().from(products).where(eq(products.key, key)))[0] ?? null;
    const [before1, before2] = [await codesOf(first.key), await codesOf(second.key)];
    await db.update(products).set({ barcode: '4006381333931' }).where(eq(products.key, first.key));
    await db.update(products).set({ scaleItemCode: '07311' }).where(eq(products.key, second.key));
    // The second product's aisle comes first: its category sorts before every other.
    const [secondCategory] = await db
      .select({ id: categories.id, sort: categories.sort })
      .from(categories)
      .innerJoin(products, eq(products.categoryId, categories.id))
      .where(eq(products.key, second.key));
    const [{ lowest } = { lowest: 0 }] = await db.select({ lowest: min(categories.sort) }).from(categories);
    if (!secondCategory) throw new Error('no category');
    await db
      .update(categories)
      .set({ sort: (lowest ?? 0) - 1 })
      .where(eq(categories.id, secondCategory.id));
    try {
      expect((await call(undefined, 'GET', '/api/admin/packing')).status).toBe(401);
      expect((await call(s.token, 'GET', '/api/admin/packing')).status).toBe(401);
      for (const role of ['packer', 'manager', 'owner'] as const) {
        const day = expectAnswer(PackingDay, await call(staff[role].token, 'GET', '/api/admin/packing'));
        expect(day.weight_unit).toBe('lb');
        const lines = day.no_slot.find((x) => x.order_no === orderNo)?.lines ?? [];
        expect(lines.map((l) => l.key)).toEqual([second.key, first.key]);
        expect(lines[0]?.scale_item_code).toBe('07311');
        expect(lines[1]?.barcode).toBe('4006381333931');
      }
    } finally {
      await db
        .update(categories)
        .set({ sort: secondCategory.sort })
        .where(eq(categories.id, secondCategory.id));
      await db
        .update(products)
        .set({ barcode: before1?.barcode ?? null })
        .where(eq(products.key, first.key));
      await db
        .update(products)
        .set({ scaleItemCode: before2?.scaleItemCode ?? null })
        .where(eq(products.key, second.key));
    }
  });
});
