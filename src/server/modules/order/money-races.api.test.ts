import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { type Database, openDatabase } from '#server/db/client';
import { orderLines, orders, packingLines, refunds } from '#server/db/schema';
import { linePaidOf, unitsShareOf } from '#shared/tax';
import { parallel, tally } from '../../../../tests/helpers/parallel';
import { PackingRefunds } from '../packing/packing.refunds';
import { HoldWorker } from '../payment/payment.capture';
import {
  cardForm,
  type LiveShop,
  orderRow,
  paidAndSettled,
  payByCard,
  paymentsOf,
  placeOrderOf,
  stocked,
} from '../payment/payment.fixture';
import { type AdminShop, refundDepsOf, startAdminShop } from './order.fixture';

/**
 * A packer marking lines short while a manager refunds the same paid order (docs/architecture.md,
 * Locking an order's money). Every path takes the order row before the payment, so on PostgreSQL
 * they wait for each other instead of deadlocking; PGlite runs one query at a time, and the counts
 * and money must be exact on both.
 */
let shop: LiveShop;
let staff: AdminShop['staff'];
let call: AdminShop['call'];
let keys = 0;
const key = () => `race-mark-${++keys}-${Date.now()}`;

/** A second app on its own connections to the same PostgreSQL database, as a second process. */
let second: { app: FastifyInstance; database: Database } | undefined;

beforeAll(async () => {
  ({ shop, staff, call } = await startAdminShop());
  if (shop.t.config.database.kind !== 'postgres') return;
  const database = await openDatabase(shop.t.config.database);
  const app = await buildApp({
    config: shop.t.config,
    database,
    clock: shop.t.clock,
    logger: pino({ level: 'silent' }),
    passwords: shop.t.passwords,
    gateways: refundDepsOf(shop).gateways,
    outbox: { pollMs: 3_600_000, wakeOnQueue: false },
  });
  await app.ready();
  second = { app, database };
});
afterAll(async () => {
  await second?.app.close();
  await second?.database.close();
  await shop?.close();
});

const LINES = 5;
const NUM = 2;

/** A paid, settled card order of NUM each of LINES stocked products (from the i-th on). */
async function paidOrder(i: number) {
  const keys = stocked.slice(i, i + LINES).map((p) => p.key);
  const { s, orderNo } = await placeOrderOf(shop.t, keys, NUM);
  await paidAndSettled(shop, s, orderNo);
  const lines = (await call(staff.manager.token, 'GET', `/api/admin/orders/${orderNo}`)).body.data.lines as {
    id: number;
    price: number;
  }[];
  expect(lines).toHaveLength(LINES);
  const order = await orderRow(shop.t, orderNo);
  // One unit of each line short: its share of what the line cost, as the shop computes it.
  const rows = await shop.t.database.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  const shortShares = lines.map((l) => {
    const row = rows.find((r) => r.id === l.id);
    if (!row) throw new Error(`no line ${l.id}`);
    return unitsShareOf(linePaidOf({ goodsCents: row.priceCents * row.num, ...row }), row.num, 0, 1);
  });
  return { orderNo, lines: lines.map((l) => l.id), shortShares };
}

/** A console call through the first app, or through the second when `other` (PostgreSQL only). */
async function through(other: boolean, token: string, url: string, payload: Record<string, unknown>) {
  if (!other || !second) return call(token, 'POST', url, payload);
  const res = await second.app.inject({
    method: 'POST',
    url,
    headers: { authorization: `Bearer ${token}` },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

const markShort = (orderNo: string, line: number, other = false) =>
  through(other, staff.packer.token, `/api/admin/packing/${orderNo}/lines/${line}`, {
    state: 'short',
    short: '1',
    key: key(),
  });

const refund = (orderNo: string, body: Record<string, unknown>, other = false) =>
  through(other, staff.manager.token, `/api/admin/orders/${orderNo}/refund`, { reason: 'race', ...body });

/**
 * Waits for the marks' refunds under way to end: each app's own worker polls too, and one may have
 * claimed a mark's refund before the route's `sendNow` (which then leaves it to that worker).
 */
async function refundsSettled(lines: number[]): Promise<void> {
  const worker = new PackingRefunds(refundDepsOf(shop));
  for (let tries = 0; tries < 500; tries++) {
    const open = await shop.t.database.db
      .select({ state: packingLines.refundState })
      .from(packingLines)
      .where(inArray(packingLines.orderLineId, lines));
    if (!open.some((m) => m.state === 'queued' || m.state === 'sending')) return;
    await worker.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('packing refunds still under way');
}

/** What was paid, what the refunds rows say was given back, what the gateway gave back. */
async function moneyOf(orderNo: string) {
  const [payment] = await paymentsOf(shop.t, orderNo);
  if (!payment) throw new Error('no payment');
  const rows = await shop.t.database.db.select().from(refunds).where(eq(refunds.paymentId, payment.id));
  return {
    paid: payment.amountCents,
    recorded: rows.filter((r) => r.status === 'succeeded').reduce((sum, r) => sum + r.amountCents, 0),
    atGateway: shop.anet.transactions.get(payment.transactionId ?? '')?.refundedCents,
    pending: rows.filter((r) => r.status === 'pending').length,
  };
}

describe('packing marks and refunds of one paid order at once', () => {
  it('35 short marks and 35 partial refunds: no 5xx, each line refunded once, the money exact', {
    timeout: 120_000,
  }, async () => {
    const o = await paidOrder(0);
    const results = await parallel(70, (i) =>
      i % 2 === 0
        ? markShort(o.orderNo, o.lines[(i / 2) % LINES] ?? 0)
        : refund(o.orderNo, { amount: '0.05' }),
    );
    await refundsSettled(o.lines);
    const marks = results.filter((_, i) => i % 2 === 0);
    const refunded = results.filter((_, i) => i % 2 === 1);
    expect(tally(refunded)).toEqual({ 200: 35 });
    // One mark a line gives money back; a second mark of that line is told the refund is under way.
    expect(tally(marks)).toEqual({ 200: LINES, 409: 35 - LINES });
    const saved = await shop.t.database.db
      .select()
      .from(packingLines)
      .where(inArray(packingLines.orderLineId, o.lines));
    expect(saved.map((m) => [m.state, m.shortQty, m.refundState])).toEqual(
      o.lines.map(() => ['short', 1, 'sent']),
    );
    expect(saved.map((m) => m.refundCents).sort((a, b) => a - b)).toEqual(
      [...o.shortShares].sort((a, b) => a - b),
    );
    const byMarks = o.shortShares.reduce((sum, c) => sum + c, 0);
    const order = await orderRow(shop.t, o.orderNo);
    expect(await moneyOf(o.orderNo)).toEqual({
      paid: order.totalCents,
      recorded: byMarks + 35 * 5,
      atGateway: byMarks + 35 * 5,
      pending: 0,
    });
    expect(byMarks + 35 * 5).toBeLessThan(order.totalCents);
    expect(order.status).toBe(2);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'the same through two processes: half the marks and refunds through each, the money exact',
    { timeout: 120_000 },
    async () => {
      const o = await paidOrder(2 * LINES);
      const results = await parallel(70, (i) =>
        i % 2 === 0
          ? markShort(o.orderNo, o.lines[(i / 2) % LINES] ?? 0, i % 4 === 0)
          : refund(o.orderNo, { amount: '0.05' }, i % 4 === 1),
      );
      await refundsSettled(o.lines);
      expect(tally(results.filter((_, i) => i % 2 === 1))).toEqual({ 200: 35 });
      expect(tally(results.filter((_, i) => i % 2 === 0))).toEqual({ 200: LINES, 409: 35 - LINES });
      const byMarks = o.shortShares.reduce((sum, c) => sum + c, 0);
      const money = await moneyOf(o.orderNo);
      expect(money).toMatchObject({ recorded: byMarks + 35 * 5, atGateway: byMarks + 35 * 5, pending: 0 });
    },
  );

  it('35 short marks and 35 whole refunds: no 5xx, one whole refund, all that was paid back once', {
    timeout: 120_000,
  }, async () => {
    const o = await paidOrder(3 * LINES);
    const results = await parallel(70, (i) =>
      i % 2 === 0 ? markShort(o.orderNo, o.lines[(i / 2) % LINES] ?? 0) : refund(o.orderNo, {}),
    );
    await refundsSettled(o.lines);
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    const refunded = results.filter((_, i) => i % 2 === 1);
    expect(tally(refunded)[200]).toBe(1);
    const money = await moneyOf(o.orderNo);
    expect(money.recorded).toBe(money.paid);
    expect(money.atGateway).toBe(money.paid);
    expect(money.pending).toBe(0);
    expect((await orderRow(shop.t, o.orderNo)).status).toBe(6);
  });
});

/** A weighed order's held card (docs/decisions/026): paid for the estimate + 10 %, not captured. */
async function heldOrder(i: number) {
  const keys = stocked.slice(i, i + LINES).map((p) => p.key);
  const { s, orderNo } = await placeOrderOf(shop.t, keys, NUM);
  // Marked as placing an order with a weighed line marks it: the payment rules alone.
  await shop.t.database.db.update(orders).set({ weighed: true }).where(eq(orders.orderNo, orderNo));
  expect((await payByCard(shop.t, s.token, cardForm(orderNo))).body.data.status).toBe(2);
  const [payment] = await paymentsOf(shop.t, orderNo);
  expect(payment?.holdState).toBe('authorized');
  const order = await orderRow(shop.t, orderNo);
  const rows = await shop.t.database.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
  const lineCost = new Map(
    rows.map((r) => [r.id, linePaidOf({ goodsCents: r.priceCents * r.num, ...r })] as const),
  );
  return { orderNo, lines: rows.map((r) => r.id), lineCost, transId: payment?.transactionId ?? '' };
}

/**
 * Waits for the hold's capture or void under way to end: on PostgreSQL the second app's worker
 * may have claimed it before the route's `sendNow` (which then leaves it to that worker).
 */
async function holdSettled(orderNo: string): Promise<void> {
  const worker = new HoldWorker(refundDepsOf(shop));
  for (let tries = 0; tries < 500; tries++) {
    const [payment] = await paymentsOf(shop.t, orderNo);
    if (payment?.holdState !== 'capture' && payment?.holdState !== 'void') return;
    await worker.runOnce();
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the hold is still being settled');
}

const cardCalls = (type: string, transId: string) =>
  shop.anet
    .requestsOf('createTransactionRequest')
    .map(
      (r) => r.body.transactionRequest as { transactionType: string; refTransId?: string; amount?: string },
    )
    .filter((r) => r.transactionType === type && r.refTransId === transId);

describe('a held card: refunds, marks and packing at once', () => {
  it('each line taken off the capture once, one capture of what is left, no gateway refund', {
    timeout: 120_000,
  }, async () => {
    const o = await heldOrder(4 * LINES);
    // Every line: two refunds of one unit and a short mark of one unit, all at once: 3 of its 2 units.
    const results = await parallel(3 * LINES, (i) => {
      const line = o.lines[i % LINES] ?? 0;
      return i < 2 * LINES
        ? refund(o.orderNo, { lines: [{ id: line, qty: 1 }] })
        : markShort(o.orderNo, line);
    });
    expect(results.filter((r) => r.status >= 500)).toEqual([]);
    const order = await orderRow(shop.t, o.orderNo);
    const rows = await shop.t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    const takenOff = rows.reduce((sum, r) => sum + r.amountCents, 0);
    // Each line's two units taken off once in all, whichever came first.
    expect(takenOff).toBe([...o.lineCost.values()].reduce((sum, c) => sum + c, 0));
    expect(rows.map((r) => r.status)).toEqual(rows.map(() => 'held'));
    expect(cardCalls('refundTransaction', o.transId)).toEqual([]);
    expect(cardCalls('voidTransaction', o.transId)).toEqual([]);
    // Packed: one capture of what is left (the delivery fee, if any), or the hold released.
    expect((await call(staff.packer.token, 'POST', `/api/admin/orders/${o.orderNo}/pack`)).status).toBe(200);
    await holdSettled(o.orderNo);
    const left = order.totalCents - takenOff;
    const captures = cardCalls('priorAuthCaptureTransaction', o.transId);
    if (left > 0) expect(captures.map((c) => c.amount)).toEqual([(left / 100).toFixed(2)]);
    else expect(cardCalls('voidTransaction', o.transId)).toHaveLength(1);
    const settled = await shop.t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(settled.map((r) => r.status)).toEqual(settled.map(() => 'succeeded'));
  });

  it('a whole refund racing the packing: the hold is voided or captured, never both, once', {
    timeout: 120_000,
  }, async () => {
    const o = await heldOrder(5 * LINES);
    await parallel(LINES, (i) =>
      call(staff.packer.token, 'POST', `/api/admin/packing/${o.orderNo}/lines/${o.lines[i]}`, {
        state: 'picked',
        key: key(),
      }),
    );
    const [packed, refunded] = await Promise.all([
      call(staff.packer.token, 'POST', `/api/admin/orders/${o.orderNo}/pack`),
      refund(o.orderNo, {}),
    ]);
    expect([packed.status, refunded.status].filter((s) => s >= 500)).toEqual([]);
    await holdSettled(o.orderNo);
    const captures = cardCalls('priorAuthCaptureTransaction', o.transId);
    const voids = cardCalls('voidTransaction', o.transId);
    const [payment] = await paymentsOf(shop.t, o.orderNo);
    if (packed.status === 200) {
      expect(captures).toHaveLength(1);
      expect(payment?.holdState).toBe('captured');
    } else {
      expect(refunded.status).toBe(200);
      expect(captures).toEqual([]);
      expect(voids).toHaveLength(1);
      expect(payment).toMatchObject({ holdState: 'voided', status: 'refunded' });
    }
    expect(refunded.status === 200 || packed.status === 200).toBe(true);
  });
});
