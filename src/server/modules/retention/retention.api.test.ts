import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  cardTries,
  emailCodes,
  orders,
  payments,
  searchMissClients,
  searchMisses,
  sessions,
  signInClients,
  signInFailures,
} from '#server/db/schema';
import { ORDER_STATUS } from '#shared/schemas/order';
import { callAs, createShopper, type Shopper } from '../../../../tests/helpers/shoppers';
import { startTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { ADDRESS_WINDOW_MS, FAILURE_WINDOW_MS } from '../account/account.throttle';
import { placeOrder } from '../payment/payment.fixture';
import {
  RETENTION_BATCH,
  RETENTION_MS,
  RETENTION_SWEEP_MS,
  startRetentionSweep,
  sweepExpiredRows,
} from './retention';

let t: TestApp;
let shopper: Shopper;
beforeAll(async () => {
  t = await startTestApp();
  shopper = await createShopper(t.database, t.clock.now());
});
afterAll(async () => t?.close());

const MINUTE = 60_000;
const DAY = 86_400_000;
/** A moment `ms` before the test clock's now. */
const ago = (ms: number) => new Date(t.clock.now().getTime() - ms);

async function addSession(label: string, expiresAt: Date, revokedAt: Date | null = null) {
  await t.database.db.insert(sessions).values({
    userId: shopper.id,
    tokenHash: `test:${label}`,
    createdAt: ago(40 * DAY),
    expiresAt,
    revokedAt,
  });
}

async function addCode(label: string, createdAt: Date) {
  await t.database.db.insert(emailCodes).values({
    email: `${label}@example.com`,
    purpose: 'signup',
    codeHash: '',
    createdAt,
    expiresAt: new Date(createdAt.getTime() + 10 * MINUTE),
  });
}

async function addFailures(label: string, at: Date, n = 1) {
  const rows = Array.from({ length: n }, () => ({ email: `${label}@example.com`, ip: '203.0.113.9', at }));
  await t.database.db.insert(signInFailures).values(rows);
}

async function addKnownClient(label: string, at: Date) {
  await t.database.db.insert(signInClients).values({ email: `${label}@example.com`, ip: '203.0.113.9', at });
}

async function addCardTry(label: string, createdAt: Date) {
  await t.database.db
    .insert(cardTries)
    .values({ userId: shopper.id, clientKey: label, kind: 'pay', outcome: 'refused', createdAt });
}

/** An order placed through the API, then put in `status` as the shop's flows would leave it. */
async function orderIn(i: number, status: number) {
  const placed = await placeOrder(t, i);
  const [row] = await t.database.db
    .update(orders)
    .set({ status })
    .where(eq(orders.orderNo, placed.orderNo))
    .returning();
  if (!row) throw new Error('no order');
  return row;
}

type Attempt = Partial<typeof payments.$inferInsert> & { label: string };

async function addAttempt(order: { id: number; orderNo: string; totalCents: number }, a: Attempt) {
  const { label, ...fields } = a;
  await t.database.db.insert(payments).values({
    orderId: order.id,
    kind: 'wallet',
    vendor: 'alipay',
    gateway: 'sandbox',
    reference: `${order.orderNo}-${label}`,
    status: 'started',
    amountCents: order.totalCents,
    createdAt: ago(RETENTION_MS.abandonedWalletAttempts + MINUTE),
    updatedAt: ago(RETENTION_MS.abandonedWalletAttempts + MINUTE),
    ...fields,
  });
}

const labels = async () => ({
  sessions: (await t.database.db.select().from(sessions).where(like(sessions.tokenHash, 'test:%')))
    .map((r) => r.tokenHash.slice(5))
    .sort(),
  codes: (await t.database.db.select().from(emailCodes)).map((r) => r.email.split('@')[0]).sort(),
  failures: [
    ...new Set((await t.database.db.select().from(signInFailures)).map((r) => r.email.split('@')[0])),
  ].sort(),
  attempts: (await t.database.db.select().from(payments)).map((r) => r.reference.split('-')[1]).sort(),
  knownClients: (await t.database.db.select().from(signInClients)).map((r) => r.email.split('@')[0]).sort(),
  cardTries: (await t.database.db.select().from(cardTries)).map((r) => r.clientKey).sort(),
});

describe('the retention sweep', () => {
  it('deletes rows past their retention and keeps every row a flow may still read', async () => {
    await addSession('expired-long-ago', ago(RETENTION_MS.sessions + MINUTE));
    await addSession('expired-lately', ago(RETENTION_MS.sessions - MINUTE));
    await addSession('revoked-long-ago', ago(-10 * DAY), ago(RETENTION_MS.sessions + MINUTE));
    await addSession('revoked-lately', ago(-10 * DAY), ago(DAY));
    await addCode('old', ago(RETENTION_MS.emailCodes + MINUTE));
    await addCode('recent', ago(RETENTION_MS.emailCodes - MINUTE));
    await addCode('fresh', ago(0));
    await addFailures('old', ago(RETENTION_MS.signInFailures + MINUTE));
    await addFailures('counted', ago(FAILURE_WINDOW_MS - MINUTE));
    await addFailures('addressday', ago(ADDRESS_WINDOW_MS - MINUTE));
    await addKnownClient('forgotten', ago(RETENTION_MS.signInClients + MINUTE));
    await addKnownClient('known', ago(RETENTION_MS.signInClients - DAY - MINUTE));
    await addCardTry('old', ago(RETENTION_MS.cardTries + MINUTE));
    await addCardTry('counting', ago(MINUTE));

    const closed = await orderIn(0, ORDER_STATUS.cancelled);
    const pending = await orderIn(1, ORDER_STATUS.pending);
    const paid = await orderIn(2, ORDER_STATUS.processing);
    const recently = ago(RETENTION_MS.abandonedWalletAttempts - MINUTE);
    await addAttempt(closed, { label: 'abandoned' });
    await addAttempt(closed, { label: 'recent', createdAt: recently, updatedAt: recently });
    await addAttempt(pending, { label: 'pendingorder' });
    await addAttempt(closed, { label: 'failed', status: 'failed', message: 'wallet: failed' });
    await addAttempt(closed, { label: 'givenback', status: 'failed', transactionId: '3021' });
    await addAttempt(closed, { label: 'card', kind: 'card', vendor: 'creditcard' });
    await addAttempt(paid, { label: 'succeeded', status: 'succeeded', transactionId: '3022' });
    await addAttempt(paid, { label: 'abandonedtoo' });

    const report = await sweepExpiredRows(t.database.db, t.clock.now());
    expect(report).toEqual({
      sessions: 2,
      emailCodes: 1,
      signInFailures: 1,
      signInClients: 1,
      cardTries: 1,
      abandonedWalletAttempts: 2,
      searchMisses: 0,
      searchMissClients: 0,
    });
    expect(await labels()).toEqual({
      sessions: ['expired-lately', 'revoked-lately'],
      codes: ['fresh', 'recent'],
      failures: ['addressday', 'counted'],
      attempts: ['card', 'failed', 'givenback', 'pendingorder', 'recent', 'succeeded'],
      knownClients: ['known'],
      cardTries: ['counting'],
    });
    // The shopper's own session was never in question.
    expect((await callAs(t.app, shopper, 'GET', '/api/user')).status).toBe(200);
    // A second sweep finds nothing more.
    expect(new Set(Object.values(await sweepExpiredRows(t.database.db, t.clock.now())))).toEqual(
      new Set([0]),
    );
  });

  it('deletes searches that found nothing after 90 days, and clients’ counts of new terms after a day', async () => {
    const day = (ms: number) => ago(ms).toISOString().slice(0, 10);
    const miss = (term: string, ms: number) => ({ day: day(ms), language: 'en', term, count: 3 });
    await t.database.db
      .insert(searchMisses)
      .values([
        miss('stale', RETENTION_MS.searchMisses + 2 * DAY),
        miss('kept', RETENTION_MS.searchMisses - 2 * DAY),
      ]);
    await t.database.db.insert(searchMissClients).values([
      { client: '198.51.100.1', hour: ago(RETENTION_MS.searchMissClients + MINUTE), terms: 5 },
      { client: '198.51.100.2', hour: ago(MINUTE), terms: 5 },
    ]);
    const report = await sweepExpiredRows(t.database.db, t.clock.now());
    expect(report).toMatchObject({ searchMisses: 1, searchMissClients: 1 });
    expect((await t.database.db.select().from(searchMisses)).map((m) => m.term)).toEqual(['kept']);
    expect((await t.database.db.select().from(searchMissClients)).map((c) => c.client)).toEqual([
      '198.51.100.2',
    ]);
    await t.database.db.delete(searchMisses);
    await t.database.db.delete(searchMissClients);
  });

  it('works through many rows in batches, and two processes sweeping at once delete each row once', async () => {
    const many = 2 * RETENTION_BATCH + 7;
    await addFailures('bulk', ago(RETENTION_MS.signInFailures + DAY), many);
    for (let i = 0; i < 30; i++) await addCode(`bulk${i}`, ago(RETENTION_MS.emailCodes + DAY));
    const [first, second] = await Promise.all([
      sweepExpiredRows(t.database.db, t.clock.now()),
      sweepExpiredRows(t.database.db, t.clock.now()),
    ]);
    expect((first?.signInFailures ?? 0) + (second?.signInFailures ?? 0)).toBe(many);
    expect((first?.emailCodes ?? 0) + (second?.emailCodes ?? 0)).toBe(30);
    expect((await labels()).failures).toEqual(['addressday', 'counted']);
  });

  it('runs on its timer as the clock moves, and stops after the sweep under way', async () => {
    await addFailures('timed', ago(0));
    const log = { info: vi.fn(), warn: vi.fn() };
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const sweep = startRetentionSweep(t.database.db, t.clock, log);
      vi.advanceTimersByTime(RETENTION_SWEEP_MS);
      await sweep.stop();
      expect((await labels()).failures).toEqual(['addressday', 'counted', 'timed']);
      expect(log.info).not.toHaveBeenCalled();

      t.clock.advance(RETENTION_MS.signInFailures + MINUTE);
      const later = startRetentionSweep(t.database.db, t.clock, log);
      vi.advanceTimersByTime(RETENTION_SWEEP_MS);
      await later.stop();
      expect((await labels()).failures).toEqual([]);
      expect(log.info).toHaveBeenCalledWith(
        expect.objectContaining({ signInFailures: 3 }),
        'expired rows deleted',
      );
      expect(log.warn).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
