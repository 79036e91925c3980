import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders, products } from '#server/db/schema';
import { AdminOrderListInput } from '#shared/schemas/order-admin.zod';
import { callAs } from '../../../../tests/helpers/shoppers';
import { adminOrderDetail } from '../../admin/views/order-detail';
import { listAdminOrders } from '../../admin/views/order-list';
import { packingSlips } from '../../admin/views/packing-slips';
import { today } from '../../admin/views/today';
import {
  cardForm,
  type LiveShop,
  orderRow,
  type PlacedOrder,
  payByCard,
  placeOrder,
  startLiveShop,
} from '../payment/payment.fixture';
import { type RefundDeps, refundOrder } from '../payment/payment.refund';
import { runOrderAction } from './order.actions';
import { expireOverdueOrders } from './order.expiry';
import { refundDepsOf, refusal } from './order.fixture';
import type { OrderAction } from './order.machine';

let shop: LiveShop;
let deps: RefundDeps;
const ZONE = 'America/Los_Angeles';
const manager = { packer: false, timeZone: ZONE };
const packer = { packer: true, timeZone: ZONE };

beforeAll(async () => {
  shop = await startLiveShop();
  deps = refundDepsOf(shop);
});
afterAll(async () => shop?.close());

const db = () => shop.t.database.db;
const act = (orderNo: string, action: OrderAction, extra: { carrier?: string; tracking?: string } = {}) =>
  runOrderAction(db(), { orderNo, action, staffId: 7, ...extra }, shop.t.clock);

async function paidOrder(i: number, num = 2): Promise<PlacedOrder> {
  const o = await placeOrder(shop.t, i, num);
  const paid = await payByCard(shop.t, o.s.token, cardForm(o.orderNo));
  expect(paid.body.data.status).toBe(2);
  return o;
}

/** The order's changes on its timeline (its mails left out: the test below looks at those). */
const kinds = async (orderNo: string) =>
  ((await adminOrderDetail(db(), orderNo, manager)).timeline as { kind: string }[])
    .map((e) => e.kind)
    .filter((kind) => kind !== 'mail');

describe('the order state machine', () => {
  it('walks an order from placed to completed, each step on its timeline with who did it', async () => {
    const o = await paidOrder(0);
    await act(o.orderNo, 'pack');
    // Packed is the shop's business: the shopper still sees "processing".
    expect((await callAs(shop.t.app, o.s, 'GET', `/api/order/${o.orderNo}`)).body.data.status).toBe(2);
    await act(o.orderNo, 'ship', { carrier: 'UPS', tracking: '1Z999' });
    await act(o.orderNo, 'complete');
    expect(await kinds(o.orderNo)).toEqual(['placed', 'payment', 'paid', 'packed', 'shipped', 'completed']);
    const detail = await adminOrderDetail(db(), o.orderNo, manager);
    const timeline = detail.timeline as {
      kind: string;
      staff_id: number | null;
      details: Record<string, unknown>;
    }[];
    expect(timeline.find((e) => e.kind === 'shipped')).toMatchObject({
      staff_id: 7,
      details: { carrier: 'UPS', tracking: '1Z999' },
    });
    expect(timeline.find((e) => e.kind === 'payment')?.details).toMatchObject({
      method: 'creditcard',
      status: 'succeeded',
      card_last4: '1111',
    });
    expect(detail).toMatchObject({ status: 4, carrier: 'UPS', tracking: '1Z999' });
  });

  it('shows each mail to the shopper after the change it tells of, with how its delivery went', async () => {
    const o = await paidOrder(5);
    await act(o.orderNo, 'ship', { carrier: 'UPS' });
    const mailsOf = async () =>
      (
        (await adminOrderDetail(db(), o.orderNo, manager)).timeline as {
          kind: string;
          details: { mail?: string; state?: string };
        }[]
      ).map((e) => (e.kind === 'mail' ? `mail:${e.details.mail}:${e.details.state}` : e.kind));
    expect(await mailsOf()).toEqual([
      'placed',
      'mail:placed:queued',
      'payment',
      'paid',
      'mail:paid:queued',
      'shipped',
      'mail:shipped:queued',
    ]);
    await shop.t.app.mailOutbox.drain();
    expect((await mailsOf()).filter((e) => e.startsWith('mail:'))).toEqual([
      'mail:placed:sent',
      'mail:paid:sent',
      'mail:shipped:sent',
    ]);
  });

  it('refuses what the state does not allow, saying why in the caller’s language', async () => {
    const o = await paidOrder(1);
    expect(await refusal(act(o.orderNo, 'cancel'))).toBe(
      'A processing order cannot be cancelled: only an order waiting for payment can.',
    );
    await act(o.orderNo, 'ship');
    expect(await refusal(act(o.orderNo, 'cancel'), 'zh')).toBe(
      '已发货的订单不能取消：只有待付款的订单可以取消。',
    );
    expect(await refusal(act(o.orderNo, 'pack'))).toBe(
      'A shipped order cannot be packed: only a paid order that has not shipped can.',
    );
    const p = await paidOrder(2);
    await act(p.orderNo, 'pack');
    expect(await refusal(act(p.orderNo, 'pack'))).toBe('This order has already been packed.');
    expect(await refusal(act('99999999', 'ship'))).toBe('This order does not exist.');
  });

  it('lets only one of two staff members move an order at once', async () => {
    const o = await paidOrder(3);
    const results = await Promise.allSettled([act(o.orderNo, 'ship'), act(o.orderNo, 'ship')]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await kinds(o.orderNo)).filter((k) => k === 'shipped')).toHaveLength(1);
  });

  it('records cancelling (stock back) and expiry on the timeline, without a staff member for expiry', async () => {
    const a = await placeOrder(shop.t, 4, 3);
    const stockOf = async () =>
      (await db().select({ s: products.realStock }).from(products).where(eq(products.key, a.productKey)))[0]
        ?.s;
    const before = await stockOf();
    await act(a.orderNo, 'cancel');
    expect(await stockOf()).toBe((before ?? 0) + 3);
    const b = await placeOrder(shop.t, 4, 1);
    shop.t.clock.advance(11 * 60_000);
    await expireOverdueOrders({ db: db(), clock: shop.t.clock, catalogue: shop.t.app.catalogue });
    expect(await kinds(a.orderNo)).toEqual(['placed', 'cancelled']);
    const rows = await db()
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, (await orderRow(shop.t, b.orderNo)).id));
    expect(rows.map((r) => [r.kind, r.staffId])).toEqual([
      ['placed', null],
      ['expired', null],
    ]);
    expect((await orderRow(shop.t, b.orderNo)).status).toBe(5);
  });
});

describe('partial refunds', () => {
  const refund = (orderNo: string, r: Partial<Parameters<typeof refundOrder>[2]> = {}) =>
    refundOrder(deps, orderNo, { reason: 'bruised', staffId: 7, ...r });

  it('refunds an amount, then lines, then the rest: the status changes only when all is back', async () => {
    const o = await paidOrder(5, 4);
    shop.anet.settleAll();
    const first = await refund(o.orderNo, { amountCents: 100 });
    expect(first).toMatchObject({ amountCents: 100, refundedCents: 100, whole: false });
    expect((await orderRow(shop.t, o.orderNo)).status).toBe(2);
    const detail = await adminOrderDetail(db(), o.orderNo, manager);
    const line = (detail.lines as { id: number; price: number }[])[0];
    const second = await refund(o.orderNo, { lines: [{ id: line?.id ?? 0, qty: 1 }] });
    // A quarter of the lines: a quarter of the total (tax included).
    expect(second.amountCents).toBe(Math.round(o.totalCents / 4));
    expect(await refusal(refund(o.orderNo, { amountCents: o.totalCents }))).toMatch(
      /^The refund must be more than 0 and at most \$\d+\.\d\d, what is left of the payment\.$/,
    );
    expect(await refusal(refund(o.orderNo, { lines: [{ id: line?.id ?? 0, qty: 4 }] }))).toMatch(
      /would be refunded than was bought/,
    );
    const rest = await refund(o.orderNo);
    expect(rest).toMatchObject({ whole: true, refundedCents: o.totalCents });
    expect((await orderRow(shop.t, o.orderNo)).status).toBe(6);
    const charge = [...shop.anet.transactions.values()].find(
      (t) => t.invoiceNumber === o.orderNo.slice(0, 20),
    );
    expect(charge?.refundedCents).toBe(o.totalCents);
    const after = await adminOrderDetail(db(), o.orderNo, manager);
    expect(after.refunded).toBe(o.totalCents / 100);
    expect((after.lines as { refunded_num: number }[])[0]?.refunded_num).toBe(1);
    const refunds = (after.timeline as { kind: string; details: Record<string, unknown> }[]).filter(
      (e) => e.kind === 'refunded',
    );
    expect(refunds.map((e) => e.details.whole)).toEqual([false, false, true]);
    expect(refunds[0]?.details).toMatchObject({ amount: 1, reason: 'bruised' });
  });

  it('never gives back more than was paid when two refunds run at once', async () => {
    const o = await paidOrder(6, 2);
    shop.anet.settleAll();
    const half = Math.ceil(o.totalCents / 2) + 1;
    const results = await Promise.allSettled([
      refund(o.orderNo, { amountCents: half }),
      refund(o.orderNo, { amountCents: half }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect((await orderRow(shop.t, o.orderNo)).status).toBe(2);
  });

  it('refunds part of a wallet payment through Yuansfer', async () => {
    const o = await placeOrder(shop.t, 7, 2);
    await shop.t.app.inject({
      method: 'POST',
      url: '/api/yuansfer/pay',
      headers: { authorization: o.s.token },
      payload: { vendor: 'wechatpay', reference: o.orderNo, terminal: 'ONLINE' },
    });
    expect((await shop.yuansfer.pay(`${o.orderNo}-1`)).delivered).toBe(true);
    await refund(o.orderNo, { amountCents: 150 });
    expect(shop.yuansfer.transactions.get(`${o.orderNo}-1`)?.refundedCents).toBe(150);
    expect((await orderRow(shop.t, o.orderNo)).status).toBe(2);
  });
});

describe('what the console reads', () => {
  it('lists with filters and search, paged, and leaves the shopper out for packers', async () => {
    const o = await paidOrder(8);
    const parse = (q: Record<string, string>) => AdminOrderListInput.parse(q);
    const byNumber = await listAdminOrders(db(), parse({ q: o.orderNo }), manager);
    expect(byNumber.list.map((r) => r.order_no)).toEqual([o.orderNo]);
    expect(byNumber.list[0]).toMatchObject({
      status: 2,
      packed: false,
      method: 'creditcard',
      email: o.s.email,
    });
    expect((await listAdminOrders(db(), parse({ q: o.s.email.toUpperCase() }), manager)).total).toBe(1);
    expect((await listAdminOrders(db(), parse({ q: o.s.email }), packer)).total).toBe(0);
    expect((await listAdminOrders(db(), parse({ q: o.orderNo }), packer)).list[0]).not.toHaveProperty(
      'email',
    );
    const packing = await listAdminOrders(db(), parse({ stage: 'packing', page_size: '1' }), manager);
    expect(packing.page_size).toBe(1);
    expect(packing.list).toHaveLength(1);
    expect(packing.total).toBeGreaterThan(1);
    expect((await listAdminOrders(db(), parse({ method: 'alipay', q: o.orderNo }), manager)).total).toBe(0);
    // The test clock is 2026-01-15 around noon UTC: the 15th in Los Angeles.
    const day = (from: string, to: string) =>
      listAdminOrders(db(), parse({ from, to, q: o.orderNo }), manager);
    expect((await day('2026-01-15', '2026-01-15')).total).toBe(1);
    expect((await day('2026-01-16', '2026-01-20')).total).toBe(0);
    expect((await listAdminOrders(db(), parse({ status: 'shipped', q: o.orderNo }), manager)).total).toBe(0);
  });

  it('omits the customer and phone from a packer’s order and packing slips, with both names of each line', async () => {
    const o = await paidOrder(9);
    const seen = await adminOrderDetail(db(), o.orderNo, packer);
    expect(seen).not.toHaveProperty('customer');
    expect(seen.address).not.toHaveProperty('phone');
    expect(await adminOrderDetail(db(), o.orderNo, manager)).toMatchObject({
      customer: { email: o.s.email },
    });
    const slips = await packingSlips(db(), [o.orderNo, '12345678'], packer);
    expect(slips.missing).toEqual(['12345678']);
    const [slip] = slips.orders;
    expect(slip?.lines[0]).toMatchObject({
      num: 2,
      en_name: expect.any(String),
      zn_name: expect.any(String),
    });
    expect(slip?.address).not.toHaveProperty('phone');
  });

  it('shows Today: to pack, about to expire, paid today against last week, low stock', async () => {
    const now = shop.t.clock.now();
    const before = await today(db(), now, ZONE, { sales: true });
    const fresh = await placeOrder(shop.t, 10, 1);
    const paid = await paidOrder(11, 1);
    await db().update(products).set({ realStock: 3 }).where(eq(products.key, paid.productKey));
    const [lastWeek] = await db()
      .update(orders)
      .set({ paidAt: new Date(now.getTime() - 7 * 24 * 3600_000 - 60_000) })
      .where(eq(orders.orderNo, fresh.orderNo))
      .returning();
    expect(lastWeek).toBeDefined();
    const after = await today(db(), shop.t.clock.now(), ZONE, { sales: true });
    expect(after.to_pack.total).toBe(before.to_pack.total + 1);
    expect(after.to_pack.list.map((r) => r.order_no)).toContain(paid.orderNo);
    expect(after.expiring.list.map((r) => r.order_no)).toContain(fresh.orderNo);
    expect(after.paid_today?.count).toBe((before.paid_today?.count ?? 0) + 1);
    expect(after.paid_today?.revenue).toBeCloseTo(
      (before.paid_today?.revenue ?? 0) + paid.totalCents / 100,
      2,
    );
    expect(after.paid_same_day_last_week?.count).toBe((before.paid_same_day_last_week?.count ?? 0) + 1);
    expect(after.low_stock.list.find((p) => p.stock === 3)).toMatchObject({ threshold: 10 });
    expect(after.date).toBe('2026-01-15');
  });
});
