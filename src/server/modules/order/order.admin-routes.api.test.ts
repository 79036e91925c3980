import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema';
import { OrderDetail, OrderPage, PackingSlips, RefundAnswer } from '#shared/schemas/admin/orders.zod';
import { Today } from '#shared/schemas/admin/today.zod';
import { can, type Permission } from '#shared/schemas/staff.rules';
import { ROUTE_RULES } from '../../../../tests/api/security/route-table';
import { expectAnswer } from '../../../../tests/helpers/answers';
import {
  cardForm,
  type LiveShop,
  orderRow,
  type PlacedOrder,
  payByCard,
  placeOrder,
} from '../payment/payment.fixture';
import { type AdminShop, startAdminShop } from './order.fixture';

/**
 * The console's order routes for every role: owner, manager and packer by their
 * permissions, a shopper's token and a visitor refused; what each one sees and may do.
 */
let shop: LiveShop;
let staff: AdminShop['staff'];
let call: AdminShop['call'];
beforeAll(async () => {
  ({ shop, staff, call } = await startAdminShop());
});
afterAll(async () => shop?.close());

async function paidOrder(i: number, num = 2): Promise<PlacedOrder> {
  const o = await placeOrder(shop.t, i, num);
  expect((await payByCard(shop.t, o.s.token, cardForm(o.orderNo))).body.data.status).toBe(2);
  return o;
}

const ADMIN_ORDER_ROUTES = Object.entries(ROUTE_RULES).filter(
  ([key]) => key.includes('/api/admin/orders') || key.endsWith('/api/admin/today'),
);

describe('the admin order routes by role', () => {
  it('are all classified, and refuse a visitor and a shopper’s token with 401', async () => {
    expect(ADMIN_ORDER_ROUTES.map(([key]) => key)).toHaveLength(9);
    const o = await placeOrder(shop.t, 0, 1);
    for (const [key] of ADMIN_ORDER_ROUTES) {
      const [method, path] = key.split(' ') as ['GET' | 'POST', string];
      const url = path.replace(':orderNo', o.orderNo);
      for (const token of [undefined, o.s.token]) {
        const res = await call(token, method, url, method === 'POST' ? {} : undefined, 'zh-CN');
        expect({ key, status: res.status }).toEqual({ key, status: 401 });
      }
    }
    expect((await orderRow(shop.t, o.orderNo)).status).toBe(1);
  });

  it('let each role through only with the permission the route needs', async () => {
    for (const role of ['owner', 'manager', 'packer'] as const) {
      for (const [key, rule] of ADMIN_ORDER_ROUTES) {
        const o = await paidOrder(1, 1);
        // Authorize.Net refunds part of a charge only once it has settled.
        shop.anet.settleAll();
        const [method, path] = key.split(' ') as ['GET' | 'POST', string];
        const url = path.replace(':orderNo', o.orderNo);
        const query = key.endsWith('/packing') ? `?orders=${o.orderNo}` : '';
        const payload = key.endsWith('/refund') ? { amount: '0.50', reason: 'bruised' } : {};
        const res = await call(
          staff[role].token,
          method,
          url + query,
          method === 'POST' ? payload : undefined,
        );
        const allowed = can(role, rule.permission as Permission);
        // An allowed action may still be refused by the order's state (complete before shipping): 409.
        const expected = allowed ? (key.endsWith('/complete') || key.endsWith('/cancel') ? 409 : 200) : 403;
        expect({ role, key, status: res.status }).toEqual({ role, key, status: expected });
      }
    }
  });
});

describe('what staff do with orders', () => {
  it('packs, ships and completes through the console, each step audited and on the timeline', async () => {
    const o = await paidOrder(2);
    const packer = staff.packer.token;
    const base = `/api/admin/orders/${o.orderNo}`;
    expect(expectAnswer(OrderDetail, await call(packer, 'POST', `${base}/pack`))).toMatchObject({
      status: 2,
    });
    const shipped = await call(packer, 'POST', `${base}/ship`, { carrier: 'USPS', tracking: '9400' });
    expect(expectAnswer(OrderDetail, shipped)).toMatchObject({
      status: 3,
      carrier: 'USPS',
      tracking: '9400',
    });
    const completed = await call(staff.manager.token, 'POST', `${base}/complete`);
    expect(completed.status).toBe(200);
    expectAnswer(OrderDetail, completed);
    const timeline = expectAnswer(OrderDetail, await call(staff.owner.token, 'GET', base)).timeline;
    expect(timeline.find((e) => e.kind === 'packed')).toMatchObject({
      staff_name: expect.stringMatching(/^packer/),
    });
    expect(timeline.filter((e) => e.staff_id !== null).map((e) => [e.kind, e.staff_id])).toEqual([
      ['packed', staff.packer.id],
      ['shipped', staff.packer.id],
      ['completed', staff.manager.id],
    ]);
    const audit = await shop.t.database.db.select().from(auditLog).where(eq(auditLog.targetId, o.orderNo));
    expect(audit.map((a) => [a.action, a.staffId])).toEqual([
      ['order.pack', staff.packer.id],
      ['order.ship', staff.packer.id],
      ['order.complete', staff.manager.id],
    ]);
    expect(audit[1]).toMatchObject({ before: { status: 2 }, after: { status: 3, carrier: 'USPS' } });
  });

  it('refuses an action the order’s state does not allow, in the caller’s language, and bad input naming the field', async () => {
    const o = await paidOrder(3);
    const base = `/api/admin/orders/${o.orderNo}`;
    await call(staff.manager.token, 'POST', `${base}/ship`);
    const cancel = await call(staff.manager.token, 'POST', `${base}/cancel`, {}, 'zh-CN');
    expect(cancel).toEqual({
      status: 409,
      body: { code: 409, message: '已发货的订单不能取消：只有待付款的订单可以取消。' },
    });
    const noReason = await call(staff.manager.token, 'POST', `${base}/refund`, { amount: '1' });
    expect(noReason).toEqual({
      status: 400,
      body: { code: 400, message: 'Please give a reason for the refund.' },
    });
    const badAmount = await call(staff.manager.token, 'POST', `${base}/refund`, {
      amount: '-1',
      reason: 'x',
    });
    expect(badAmount.status).toBe(400);
    expect(badAmount.body.message).toContain('amount');
    const badStatus = await call(staff.manager.token, 'GET', '/api/admin/orders?status=lost');
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.message).toContain('status');
    expect((await call(staff.manager.token, 'GET', '/api/admin/orders/12345678')).status).toBe(404);
  });

  it('refunds part of an order for a manager, never for a packer, and the rest moves it to refunded', async () => {
    const o = await paidOrder(4, 3);
    shop.anet.settleAll();
    const base = `/api/admin/orders/${o.orderNo}`;
    expect((await call(staff.packer.token, 'POST', `${base}/refund`, { reason: 'x' })).status).toBe(403);
    const detail = (await call(staff.manager.token, 'GET', base)).body.data;
    const line = detail.lines[0];
    const part = await call(staff.manager.token, 'POST', `${base}/refund`, {
      lines: [{ id: line.id, qty: 1 }],
      reason: 'one was bruised',
    });
    expect(part.status).toBe(200);
    expect(expectAnswer(RefundAnswer, part)).toMatchObject({ whole: false, order: { status: 2 } });
    expect(part.body.data.refunded).toBeCloseTo(o.totalCents / 3 / 100, 2);
    const rest = await call(staff.owner.token, 'POST', `${base}/refund`, { reason: 'customer left' });
    expect(rest.body.data).toMatchObject({ whole: true, order: { status: 6 } });
    const again = await call(staff.owner.token, 'POST', `${base}/refund`, { amount: '1', reason: 'x' });
    expect(again).toEqual({ status: 409, body: { code: 409, message: 'This order has been refunded.' } });
    const audit = await shop.t.database.db.select().from(auditLog).where(eq(auditLog.targetId, o.orderNo));
    expect(audit.map((a) => [a.action, a.staffId])).toEqual([
      ['order.refund', staff.manager.id],
      ['order.refund', staff.owner.id],
    ]);
  });

  it('shows a packer the lines and address but not the shopper, in lists, details and packing slips', async () => {
    const o = await paidOrder(5);
    const packer = staff.packer.token;
    const list = await call(packer, 'GET', `/api/admin/orders?q=${o.orderNo}`);
    expect(expectAnswer(OrderPage, list)).toMatchObject({ total: 1, page: 1 });
    expect(list.body.data.list[0]).not.toHaveProperty('email');
    const detail = expectAnswer(OrderDetail, await call(packer, 'GET', `/api/admin/orders/${o.orderNo}`));
    expect(detail).not.toHaveProperty('customer');
    expect(detail.address).not.toHaveProperty('phone');
    expect(detail.lines[0]).toMatchObject({ num: 2 });
    const managerView = expectAnswer(
      OrderDetail,
      await call(staff.manager.token, 'GET', `/api/admin/orders/${o.orderNo}`),
    );
    expect(managerView.customer).toMatchObject({ email: o.s.email });
    const slips = await call(packer, 'GET', `/api/admin/orders/packing?orders=${o.orderNo},12345678`);
    expect(expectAnswer(PackingSlips, slips).missing).toEqual(['12345678']);
    expect(slips.body.data.orders[0].lines[0]).toMatchObject({
      en_name: expect.any(String),
      zn_name: expect.any(String),
    });
    expect((await call(packer, 'GET', '/api/admin/orders/packing?orders=abc')).status).toBe(400);
    const home = await call(packer, 'GET', '/api/admin/today');
    expect(home.status).toBe(200);
    expectAnswer(Today, home);
    // A packer does not see the shop's takings; a manager does.
    expect(home.body.data).not.toHaveProperty('paid_today');
    expect(home.body.data).not.toHaveProperty('paid_same_day_last_week');
    const managerHome = await call(staff.manager.token, 'GET', '/api/admin/today');
    expect(expectAnswer(Today, managerHome).paid_today).toMatchObject({ count: expect.any(Number) });
    // Oldest paid first, at most 20: this one is among those waiting.
    expect(home.body.data.to_pack.total).toBeGreaterThanOrEqual(home.body.data.to_pack.list.length);
    const waiting = await call(packer, 'GET', `/api/admin/orders?stage=packing&q=${o.orderNo}`);
    expect(waiting.body.data.total).toBe(1);
  });
});
