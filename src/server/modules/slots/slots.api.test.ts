import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLog, deliverySlots, orders, products } from '#server/db/schema';
import { uuidFromKey } from '#server/db/seed';
import { OrderDetail } from '#shared/schemas/admin/orders.zod';
import { SlotSettings } from '#shared/schemas/admin/slots.zod';
import { ORDER_STATUS } from '#shared/schemas/order';
import * as demo from '../../../../seed/catalogue/index';
import { expectAnswer } from '../../../../tests/helpers/answers';
import { parallel, tally } from '../../../../tests/helpers/parallel';
import { ADDRESS, callAs, createShopper, type Shopper } from '../../../../tests/helpers/shoppers';
import { callAdmin, createStaff, type TestStaff } from '../../../../tests/helpers/staff';
import { startTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { expireOverdueOrders } from '../order/order.expiry';

/**
 * Delivery slots on both databases: the shopper's list, the console's settings,
 * a place held with the order (exactly capacity orders under 200 at once), refusals that change
 * nothing, and the place given back once when the order is cancelled or expires.
 */
let t: TestApp;
const staff = {} as Record<'owner' | 'manager' | 'packer', TestStaff>;
const product = demo.products.find((p) => demo.isPack(p) && p.stock > 0);
if (!product) throw new Error('no stocked product');
const productUuid = uuidFromKey(product.key);

/** Wednesday 25 Nov 2026, 08:00 in Los Angeles (the test shop's zone). */
const WEDNESDAY_8AM = new Date('2026-11-25T16:00:00Z');
/** Thursday 26 Nov, 10:00–12:00 PST. */
const THURSDAY_10 = '2026-11-26T18:00:00.000Z';

const WEEK = [2, 3, 4, 5, 6, 0].flatMap((weekday) =>
  ['10:00-12:00', '14:00-16:00', '18:00-20:00'].map((w) => {
    const [start, end] = w.split('-');
    return { weekday, start, end };
  }),
);
const settings = (extra: Record<string, unknown> = {}) => ({
  offered: true,
  required: false,
  capacity: 20,
  cutoff_hours: 12,
  days_ahead: 7,
  windows: WEEK,
  closed_dates: [],
  ...extra,
});

async function configure(extra: Record<string, unknown> = {}) {
  const res = await callAdmin(
    t.app,
    staff.manager.token,
    'POST',
    '/api/admin/delivery/slots',
    settings(extra) as unknown as Record<string, string>,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return expectAnswer(SlotSettings, res);
}

async function stockLeft(): Promise<number> {
  const [row] = await t.database.db
    .select({ stock: products.realStock })
    .from(products)
    .where(eq(products.key, product?.key ?? ''));
  return row?.stock ?? -1;
}

async function heldIn(start: string): Promise<number> {
  const [row] = await t.database.db
    .select({ held: deliverySlots.held })
    .from(deliverySlots)
    .where(eq(deliverySlots.startsAt, new Date(start)));
  return row?.held ?? 0;
}

interface Buyer {
  s: Shopper;
  address: string;
  line: number;
}

async function buyer(amount = 1): Promise<Buyer> {
  const s = await createShopper(t.database);
  const address = (await callAs(t.app, s, 'POST', '/api/address', ADDRESS)).body.data.uuid;
  await callAs(t.app, s, 'POST', `/api/cart?amount=${amount}&uuid=${productUuid}`);
  const [line] = (await callAs(t.app, s, 'GET', '/api/cart')).body.data;
  return { s, address, line: line.id as number };
}

const order = (b: Buyer, slot?: string, lang?: string) =>
  t.app
    .inject({
      method: 'POST',
      url: '/api/order',
      headers: { authorization: b.s.token, ...(lang ? { 'accept-language': lang } : {}) },
      payload: { uuid: b.address, coupon: '', items: [{ id: b.line, num: 1 }], ...(slot ? { slot } : {}) },
    })
    .then((res) => ({ status: res.statusCode, body: JSON.parse(res.body) }));

beforeAll(async () => {
  t = await startTestApp({ PENDING_ORDERS_MAX: '10', SHOP_TIME_ZONE: 'America/Los_Angeles' });
  t.clock.set(WEDNESDAY_8AM);
  for (const role of ['owner', 'manager', 'packer'] as const) {
    staff[role] = await createStaff(t.database, t.clock.now(), { role });
  }
  await t.database.db
    .update(products)
    .set({ realStock: 100_000 })
    .where(eq(products.key, product?.key ?? ''));
});
afterAll(async () => t?.close());
beforeEach(async () => {
  t.clock.set(WEDNESDAY_8AM);
  await t.database.db.execute(sql`delete from ${deliverySlots}`);
  await t.database.db.update(orders).set({ status: 5 }).where(eq(orders.status, 1));
});

describe('GET /api/delivery/slots', () => {
  it("lists the demo's week to anyone, with the shop's zone", async () => {
    const res = await callAs(t.app, undefined, 'GET', '/api/delivery/slots');
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({ time_zone: 'America/Los_Angeles', offered: true, required: false });
    expect(data.slots).toHaveLength(18);
    expect(data.slots[0]).toEqual({
      starts_at: '2026-11-25T18:00:00.000Z',
      ends_at: '2026-11-25T20:00:00.000Z',
      date: '2026-11-25',
      // 10:00 today closed at 22:00 yesterday.
      state: 'closed',
    });
    expect(data.slots.find((s: { starts_at: string }) => s.starts_at === THURSDAY_10).state).toBe('open');
  });

  it('says full once capacity orders hold a window, and leaves out closed dates', async () => {
    await configure({ capacity: 1, closed_dates: ['2026-11-27'] });
    expect((await order(await buyer(), THURSDAY_10)).status).toBe(200);
    const { slots } = (await callAs(t.app, undefined, 'GET', '/api/delivery/slots')).body.data;
    expect(slots.find((s: { starts_at: string }) => s.starts_at === THURSDAY_10).state).toBe('full');
    expect(slots.some((s: { date: string }) => s.date === '2026-11-27')).toBe(false);
    await configure();
  });
});

describe('the console settings', () => {
  it('owners and managers change them (audited), packers read them', async () => {
    const read = await callAdmin(t.app, staff.packer.token, 'GET', '/api/admin/delivery/slots');
    expect(read.status).toBe(200);
    expect(expectAnswer(SlotSettings, read)).toMatchObject({
      capacity: 20,
      cutoff_hours: 12,
      days_ahead: 7,
      offered: true,
    });
    expect(read.body.data.windows[0]).toEqual({ weekday: 0, start: '10:00', end: '12:00' });
    const body = settings({ capacity: 5 }) as unknown as Record<string, string>;
    expect(
      (await callAdmin(t.app, staff.packer.token, 'POST', '/api/admin/delivery/slots', body)).status,
    ).toBe(403);
    const saved = await callAdmin(t.app, staff.owner.token, 'POST', '/api/admin/delivery/slots', body);
    expect(saved.status).toBe(200);
    expect(expectAnswer(SlotSettings, saved).capacity).toBe(5);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'delivery.slots.update'))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(entry).toMatchObject({ staffId: staff.owner.id, targetType: 'delivery', targetId: 'slots' });
    expect(entry?.before).toMatchObject({ capacity: 20 });
    expect(entry?.after).toMatchObject({ capacity: 5 });
    await configure();
  });

  it('refuses bad settings in the caller language and changes nothing', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ capacity: 0 }, 'Orders per window must be a whole number from 1 to 10000.', '每个时段的订单数须为'],
      [
        { windows: [{ weekday: 2, start: '12:00', end: '10:00' }] },
        'A window must end after it starts.',
        '结束时间',
      ],
      [
        {
          windows: [
            { weekday: 2, start: '10:00', end: '12:00' },
            { weekday: 2, start: '11:00', end: '13:00' },
          ],
        },
        'Two windows on the same day overlap.',
        '重叠',
      ],
      [{ closed_dates: ['2026-02-30'] }, 'A closed date is not a real date (YYYY-MM-DD).', '有效日期'],
      [{ days_ahead: 15 }, 'Days shown must be a whole number from 1 to 14.', '显示天数'],
      [{ windows: [] }, 'Add at least one window before offering delivery times.', '至少添加一个时段'],
    ];
    for (const [extra, en, zh] of cases) {
      const body = settings(extra) as unknown as Record<string, string>;
      const a = await callAdmin(t.app, staff.manager.token, 'POST', '/api/admin/delivery/slots', body);
      expect(a.status).toBe(400);
      expect(a.body.message).toBe(en);
      const b = await callAdmin(t.app, staff.manager.token, 'POST', '/api/admin/delivery/slots', body, {
        lang: 'zh',
      });
      expect(b.body.message).toContain(zh);
    }
    expect(
      (await callAdmin(t.app, staff.packer.token, 'GET', '/api/admin/delivery/slots')).body.data.capacity,
    ).toBe(20);
  });
});

describe('POST /api/order with a slot', () => {
  it('holds a place and shows the window on the order', async () => {
    const b = await buyer();
    const placed = await order(b, THURSDAY_10);
    expect(placed.status).toBe(200);
    expect(await heldIn(THURSDAY_10)).toBe(1);
    const detail = (await callAs(t.app, b.s, 'GET', `/api/order/${placed.body.data}`)).body.data;
    expect(detail.slot).toEqual({
      starts_at: THURSDAY_10,
      ends_at: '2026-11-26T20:00:00.000Z',
      time_zone: 'America/Los_Angeles',
    });
    const [listed] = (await callAs(t.app, b.s, 'GET', '/api/order')).body.data;
    expect(listed.slot.starts_at).toBe(THURSDAY_10);
  });

  it('takes orders without a slot while slots are offered but not required', async () => {
    const b = await buyer();
    const placed = await order(b);
    expect(placed.status).toBe(200);
    const detail = (await callAs(t.app, b.s, 'GET', `/api/order/${placed.body.data}`)).body.data;
    expect(detail.slot).toBeNull();
  });

  it('refuses, in the shopper language, without creating the order or taking stock', async () => {
    const cases: [() => Promise<unknown>, string | undefined, number, string, string][] = [
      [
        async () => configure(),
        '2026-11-26T18:30:00.000Z',
        400,
        'That delivery time is not offered.',
        '不可选',
      ],
      [async () => configure(), 'yesterday', 400, 'That delivery time is not offered.', '不可选'],
      [
        async () => configure(),
        '2026-11-25T18:00:00.000Z',
        409,
        'Orders for that delivery time have closed.',
        '截止',
      ],
      [
        async () => configure({ closed_dates: ['2026-11-26'] }),
        THURSDAY_10,
        409,
        'does not deliver on that day',
        '当天不配送',
      ],
      [
        async () => configure({ required: true }),
        undefined,
        400,
        'Please choose a delivery time.',
        '请选择送达时间',
      ],
      [async () => configure({ offered: false }), THURSDAY_10, 400, 'does not take delivery times', '不提供'],
    ];
    for (const [setUp, slot, status, en, zh] of cases) {
      await setUp();
      const b = await buyer();
      const stock = await stockLeft();
      const a = await order(b, slot);
      expect(a.status, `${slot} ${en}`).toBe(status);
      expect(a.body.message).toContain(en);
      expect((await order(b, slot, 'zh')).body.message).toContain(zh);
      expect(await stockLeft()).toBe(stock);
      expect((await callAs(t.app, b.s, 'GET', '/api/order')).body.data).toEqual([]);
      expect((await callAs(t.app, b.s, 'GET', '/api/cart')).body.data).toHaveLength(1);
    }
    await configure();
  });

  it('refuses a full window', async () => {
    await configure({ capacity: 1 });
    expect((await order(await buyer(), THURSDAY_10)).status).toBe(200);
    const b = await buyer();
    const full = await order(b, THURSDAY_10);
    expect(full.status).toBe(409);
    expect(full.body.message).toBe('That delivery time is full. Please choose another.');
    expect((await order(b, THURSDAY_10, 'zh')).body.message).toBe('该送达时间已约满，请选择其他时间。');
    await configure();
  });
});

describe('races', () => {
  it('200 concurrent orders for a window of 7 places: exactly 7 hold one', { timeout: 180_000 }, async () => {
    await configure({ capacity: 7 });
    const buyers = await parallel(20, () => buyer(10));
    const results = await Promise.all(
      buyers.flatMap((b) => Array.from({ length: 10 }, () => order(b, THURSDAY_10))),
    );
    expect(tally(results)).toEqual({ 200: 7, 409: 193 });
    expect(await heldIn(THURSDAY_10)).toBe(7);
    const [row] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(eq(orders.slotStartsAt, new Date(THURSDAY_10)), eq(orders.status, 1)));
    expect(row?.n).toBe(7);
    await configure();
  });

  it('at the cut-off: orders at the last millisecond are taken, one millisecond later all are refused', {
    timeout: 60_000,
  }, async () => {
    // Thursday 10:00 closes at 22:00 Wednesday.
    t.clock.set(new Date('2026-11-26T06:00:00.000Z'));
    const buyers = await parallel(10, () => buyer());
    expect(tally(await Promise.all(buyers.map((b) => order(b, THURSDAY_10))))).toEqual({ 200: 10 });
    t.clock.set(new Date('2026-11-26T06:00:00.001Z'));
    const late = await parallel(10, () => buyer());
    expect(tally(await Promise.all(late.map((b) => order(b, THURSDAY_10))))).toEqual({ 409: 10 });
    expect(await heldIn(THURSDAY_10)).toBe(10);
  });
});

/** What each process's expiry sweep runs. */
const sweep = () => expireOverdueOrders({ db: t.database.db, clock: t.clock, catalogue: t.app.catalogue });

describe('release', () => {
  it('a cancelled order gives its place back, once', async () => {
    const placed = await order(await buyer(), THURSDAY_10);
    expect(await heldIn(THURSDAY_10)).toBe(1);
    const cancel = () =>
      callAdmin(t.app, staff.manager.token, 'POST', `/api/admin/orders/${placed.body.data}/cancel`);
    const cancelled = await cancel();
    expect(cancelled.status).toBe(200);
    expect(expectAnswer(OrderDetail, cancelled).status).toBe(ORDER_STATUS.cancelled);
    expect(await heldIn(THURSDAY_10)).toBe(0);
    expect((await cancel()).status).toBe(409);
    expect(await heldIn(THURSDAY_10)).toBe(0);
  });

  it('expired orders give their places back, once, however many sweeps run', async () => {
    const other = await order(await buyer(), THURSDAY_10);
    expect(other.status).toBe(200);
    t.clock.advance(5 * 60_000);
    const b = await buyer();
    expect((await order(b, THURSDAY_10)).status).toBe(200);
    expect(await heldIn(THURSDAY_10)).toBe(2);
    // The first order's ten minutes are up; the second's are not.
    t.clock.advance(5 * 60_000 + 1);
    await Promise.all([sweep(), sweep(), callAs(t.app, b.s, 'GET', '/api/order')]);
    expect(await heldIn(THURSDAY_10)).toBe(1);
    t.clock.advance(10 * 60_000);
    await Promise.all([sweep(), callAs(t.app, b.s, 'GET', '/api/order'), sweep()]);
    expect(await heldIn(THURSDAY_10)).toBe(0);
  });
});
