import { once } from 'node:events';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mailOutbox } from '#server/db/schema';
import { SmtpCatcher } from '../../../tests/fakes/smtp-catcher';
import { HandTimers } from '../../../tests/helpers/hand-timers';
import { startTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { placeOrder } from '../modules/payment/payment.fixture';
import { enqueueOrderMail } from './outbox';

/**
 * A queued mail wakes the worker: in process on PGlite, by NOTIFY on PostgreSQL (TEST_DATABASE_URL).
 * The poll is a minute and its timers fire only by hand, never here: whatever is sent, a wake
 * sent it. A backlog leaves in full batches, run after run, without waiting for a poll.
 */

const BATCH = 4;
const CLAIMS_PER_RUN = 3;
const catcher = new SmtpCatcher();
const timers = new HandTimers();
let t: TestApp;
/** Runs of the worker since the test began, and the mails they tried. */
let runs: number[] = [];

beforeAll(async () => {
  const url = await catcher.start();
  t = await startTestApp(
    { SMTP_URL: url, PUBLIC_URL: 'https://shop.example' },
    { outbox: { pollMs: 60_000, wakeOnQueue: true, timers, batch: BATCH, claimsPerRun: CLAIMS_PER_RUN } },
  );
  const worker = t.app.mailOutbox;
  worker.events.on('ran', (tried) => runs.push(tried));
  if (t.database.kind === 'postgres' && !worker.listening) await once(worker.events, 'listening');
});
afterAll(async () => {
  await t?.close();
  await catcher.stop();
});

const rowsOf = (orderId: number) =>
  t.database.db
    .select({ state: mailOutbox.state, attempts: mailOutbox.attempts })
    .from(mailOutbox)
    .where(eq(mailOutbox.orderId, orderId));

it('sends a placed order’s mail without a drain or a poll', async () => {
  runs = [];
  const { s } = await placeOrder(t, 0, 1);
  const mail = await catcher.latestTo(s.email, 0, 60_000);
  await t.app.mailOutbox.settled();
  expect(mail.subject).toContain('Fresh Market');
  expect(catcher.countTo(s.email)).toBe(1);
  expect(timers.fired).toBe(0);
  expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
});

it('sends 60 mails queued at once after one wake, in full batches, each once', async () => {
  const MAILS = 60;
  const { s } = await placeOrder(t, 1, 1);
  await catcher.latestTo(s.email, 0, 60_000);
  await t.app.mailOutbox.settled();
  const [placed] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, s.email));
  const orderId = placed?.orderId ?? 0;
  runs = [];
  const before = catcher.mails.length;
  // Refunds may be many per order: MAILS of them, one transaction, so one wake (one NOTIFY).
  await t.database.db.transaction(async (tx) => {
    for (let i = 1; i <= MAILS; i++)
      await enqueueOrderMail(tx, 'refunded', orderId, { amountCents: i, paymentKind: 'card' });
  });
  await catcher.receivedAll(before + MAILS);
  await t.app.mailOutbox.settled();

  const amounts = catcher.mails
    .slice(before)
    .map((m) => /\$(\d+\.\d\d) for order/.exec(m.text)?.[1])
    .filter(Boolean);
  expect(new Set(amounts).size).toBe(MAILS);
  expect(catcher.countTo(s.email)).toBe(MAILS + 1);
  const rows = await rowsOf(orderId);
  expect(rows.map((r) => [r.state, r.attempts])).toEqual(rows.map(() => ['sent', 1]));
  expect(timers.fired).toBe(0);
  // Each run claims up to 3 full batches of 4, then the next follows at once: 5 runs send the 60;
  // one more may find none left (the fifth ended on a full batch), one more follows a wake that
  // came while a run was under way (PGlite's wake comes with each mail, before the commit).
  const perRun = BATCH * CLAIMS_PER_RUN;
  expect(runs.filter((n) => n > 0)).toEqual(Array(MAILS / perRun).fill(perRun));
  expect(runs.length).toBeLessThanOrEqual(MAILS / perRun + 2);
});
