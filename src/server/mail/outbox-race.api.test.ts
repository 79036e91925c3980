import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Database, openDatabase } from '#server/db/client';
import { mailOutbox } from '#server/db/schema';
import { createShopper } from '../../../tests/helpers/shoppers';
import { startTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { placeOrder } from '../modules/payment/payment.fixture';
import type { Mailer, MailMessage } from './mailer';
import { enqueueOrderMail } from './outbox';
import { OutboxWorker } from './outbox-worker';

/**
 * Two workers, as two processes would run them, each on its own connection to one database
 * (PostgreSQL with TEST_DATABASE_URL; on PGlite, one process's single connection), claim the same
 * due mails at once: each mail is sent once.
 */

const MAILS = 60;
let t: TestApp;
let second: Database | undefined;

beforeAll(async () => {
  t = await startTestApp({}, { outbox: { pollMs: 3_600_000 } });
  if (t.config.database.kind === 'postgres') second = await openDatabase(t.config.database);
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

/** A mailer that keeps what it sends, yielding on each send so that the two workers interleave. */
function recordingMailer(sent: MailMessage[]): Mailer {
  return {
    kind: 'smtp',
    send: async (message) => {
      await new Promise((resolve) => setImmediate(resolve));
      sent.push(message);
    },
    close: () => {},
  };
}

it(`two workers racing over ${MAILS} due mails send each once`, async () => {
  const shopper = await createShopper(t.database, t.clock.now());
  const { orderNo } = await placeOrder(t, 0, 1, shopper);
  const [order] = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, shopper.email));
  const orderId = order?.orderId;
  if (!orderId) throw new Error(`order ${orderNo} queued no mail`);
  // Refunds may be many per order: MAILS - 1 of them beside the order's "placed" mail.
  await t.database.db.transaction(async (tx) => {
    for (let i = 1; i < MAILS; i++)
      await enqueueOrderMail(tx, 'refunded', orderId, { amountCents: i, paymentKind: 'card' });
  });

  const sent: MailMessage[] = [];
  const settings = { shopName: 'Fresh Market', shopNameZh: '鲜市场', publicUrl: 'https://shop.example' };
  const log = pino({ level: 'silent' });
  const workers = [t.database, second ?? t.database].map(
    (database) =>
      new OutboxWorker(
        { db: database.db, clock: t.clock, mailer: recordingMailer(sent), log, settings },
        { batch: 4 },
      ),
  );
  await Promise.all(workers.map((w) => w.drain()));

  expect(sent).toHaveLength(MAILS);
  const amounts = sent.map((m) => /\$(\d+\.\d\d) for order/.exec(m.text)?.[1]).filter(Boolean);
  expect(new Set(amounts).size).toBe(MAILS - 1);
  const rows = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, orderId));
  expect(rows.map((r) => [r.state, r.attempts])).toEqual(rows.map(() => ['sent', 1]));
});
