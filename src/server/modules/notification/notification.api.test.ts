import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotificationList, OrderTimeline } from '#shared/schemas/notification';
import { callAs, createShopper } from '../../../../tests/helpers/shoppers';
import { callAdmin, createTeam, type TestStaff } from '../../../../tests/helpers/staff';
import { startTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { cardForm, payByCard, placeOrder } from '../payment/payment.fixture';
import { openStream, ticketFor } from './notification-stream.fixture';

/**
 * Following an order (docs/product.md, Following an order): the timeline and the bell read the
 * order's stored events, owner-checked; an open stream hears a staff member's ship as it commits;
 * the caps refuse cleanly. Runs on PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
let t: TestApp;
let origin: string;
let owner: TestStaff;

beforeAll(async () => {
  t = await startTestApp({ EVENT_STREAMS_PER_SHOPPER: '2', EVENT_STREAMS_MAX: '3' });
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = (await createTeam(t.database, t.clock.now())).owner;
});
afterAll(async () => t?.close());

async function paidOrder() {
  const placed = await placeOrder(t, 0, 1);
  const paid = await payByCard(t, placed.s.token, cardForm(placed.orderNo));
  expect(paid.body.data.status).toBe(2);
  return placed;
}

const ship = (orderNo: string) =>
  callAdmin(t.app, owner.token, 'POST', `/api/admin/orders/${orderNo}/ship`, {
    carrier: 'UPS',
    tracking: '1Z999AA10123456784',
  });

describe('the order timeline', () => {
  it('lists the owner’s events with their details, and nothing staff-only', async () => {
    const { s, orderNo } = await paidOrder();
    expect((await ship(orderNo)).status).toBe(200);
    const res = await callAs(t.app, s, 'GET', `/api/order/${orderNo}/events`);
    const timeline = OrderTimeline.parse(res.body.data);
    expect(timeline.time_zone).toBe(t.config.shopTimeZone);
    expect(timeline.events.map((e) => e.kind)).toEqual(['placed', 'paid', 'shipped']);
    expect(timeline.events[2]?.details).toEqual({ carrier: 'UPS', tracking: '1Z999AA10123456784' });
    expect(JSON.stringify(res.body)).not.toMatch(/staff|paymentId/i);
  });

  it('answers another shopper 404, as for an order that does not exist', async () => {
    const { orderNo } = await paidOrder();
    const mallory = await createShopper(t.database, t.clock.now());
    const theirs = await callAs(t.app, mallory, 'GET', `/api/order/${orderNo}/events`);
    const none = await callAs(t.app, mallory, 'GET', '/api/order/1234567890123456/events');
    expect(theirs).toEqual(none);
    expect(theirs.status).toBe(404);
    const bell = NotificationList.parse(
      (await callAs(t.app, mallory, 'GET', '/api/notifications')).body.data,
    );
    expect(bell).toMatchObject({ unread: 0, events: [] });
  });
});

describe('the bell', () => {
  it('counts unread events, lists the newest first, and marks them read only forward', async () => {
    const { s, orderNo } = await paidOrder();
    const read = async () =>
      NotificationList.parse((await callAs(t.app, s, 'GET', '/api/notifications')).body.data);
    const first = await read();
    expect(first.unread).toBe(2);
    expect(first.events.map((e) => [e.kind, e.order_no])).toEqual([
      ['paid', orderNo],
      ['placed', orderNo],
    ]);
    const newest = first.events[0]?.id ?? 0;
    expect((await callAs(t.app, s, 'POST', '/api/notifications/read', { up_to: newest })).status).toBe(200);
    expect((await read()).unread).toBe(0);

    await ship(orderNo);
    const later = await read();
    expect(later.unread).toBe(1);
    // An older page marking late does not bring back what was read, nor hide what came after.
    await callAs(t.app, s, 'POST', '/api/notifications/read', { up_to: newest - 1 });
    expect((await read()).unread).toBe(1);
    // An id beyond every event reads only what exists: what comes next is still news.
    await callAs(t.app, s, 'POST', '/api/notifications/read', { up_to: 2_000_000_000 });
    expect((await read()).unread).toBe(0);
    await callAdmin(t.app, owner.token, 'POST', `/api/admin/orders/${orderNo}/complete`);
    expect((await read()).unread).toBe(1);
  });

  it('keeps the newest of two marks sent at once, whichever lands last', async () => {
    const { s, orderNo } = await paidOrder();
    await ship(orderNo);
    const ids = NotificationList.parse(
      (await callAs(t.app, s, 'GET', '/api/notifications')).body.data,
    ).events.map((e) => e.id);
    const [newest = 0, , oldest = 0] = ids;
    // Two tabs: one marks up to the newest, the other (opened earlier) up to the oldest.
    for (let round = 0; round < 5; round++) {
      await Promise.all([
        callAs(t.app, s, 'POST', '/api/notifications/read', { up_to: oldest }),
        callAs(t.app, s, 'POST', '/api/notifications/read', { up_to: newest }),
      ]);
      const after = NotificationList.parse((await callAs(t.app, s, 'GET', '/api/notifications')).body.data);
      expect(after).toMatchObject({ unread: 0, read_up_to: newest });
    }
  });

  it('refuses a bad id in the caller’s language and changes nothing', async () => {
    const { s } = await paidOrder();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/notifications/read',
      headers: { authorization: s.token, 'accept-language': 'zh-CN' },
      payload: { up_to: '-1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/up_to/);
    expect(
      NotificationList.parse((await callAs(t.app, s, 'GET', '/api/notifications')).body.data).unread,
    ).toBe(2);
  });
});

describe('the live stream', () => {
  it('sends a staff member’s ship to the owner’s open stream, and nothing to another shopper’s', async () => {
    const { s, orderNo } = await paidOrder();
    const other = await createShopper(t.database, t.clock.now());
    const mine = await openStream(origin, await ticketFor(t.app, s.token));
    const theirs = await openStream(origin, await ticketFor(t.app, other.token));
    await Promise.all([mine.ready, theirs.ready]);
    let theirsHeard = false;
    void theirs.nextEvent().then(
      () => {
        theirsHeard = true;
      },
      () => undefined,
    );
    expect((await ship(orderNo)).status).toBe(200);
    const event = await mine.nextEvent();
    expect(event).toMatchObject({ order_no: orderNo, kind: 'shipped', details: { carrier: 'UPS' } });
    await t.app.eventFeed.settled();
    expect(theirsHeard).toBe(false);
    mine.close();
    theirs.close();
  });

  it('refuses a forged or expired ticket, and streams past the caps, in the caller’s language', async () => {
    const a = await createShopper(t.database, t.clock.now());
    const forged = await openStream(origin, '1.99999999999999.aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa');
    expect(forged.status).toBe(401);
    const ticket = await ticketFor(t.app, a.token);
    t.clock.advance(61_000);
    const expired = await openStream(origin, ticket, 'zh-CN');
    expect(expired).toMatchObject({ status: 401, refusal: { message: '实时更新链接已过期，请刷新页面。' } });

    const fresh = () => ticketFor(t.app, a.token);
    const open = [await openStream(origin, await fresh()), await openStream(origin, await fresh())];
    await Promise.all(open.map((s) => s.ready));
    const third = await openStream(origin, await fresh());
    expect(third.status).toBe(429);
    expect(third.refusal?.message).toMatch(/live updates/);
    const b = await createShopper(t.database, t.clock.now());
    open.push(await openStream(origin, await ticketFor(t.app, b.token)));
    await open[2]?.ready;
    const c = await createShopper(t.database, t.clock.now());
    expect((await openStream(origin, await ticketFor(t.app, c.token))).status).toBe(429);

    // Closing frees the places: the streams are forgotten, nothing is kept for them.
    for (const s of open) s.close();
    while (t.app.eventFeed.count() > 0) await once(t.app.eventFeed.events, 'closed');
    expect(t.app.eventFeed.count()).toBe(0);
    const again = await openStream(origin, await ticketFor(t.app, c.token));
    expect(again.status).toBe(200);
    again.close();
  });
});
