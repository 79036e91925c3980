import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client';
import { LISTENER_APPLICATION_NAME } from '#server/db/listen';
import { mailOutbox } from '#server/db/schema';
import { uuidFromKey } from '#server/db/seed';
import { SmtpCatcher } from '../../../tests/fakes/smtp-catcher';
import { HandTimers } from '../../../tests/helpers/hand-timers';
import { createShopper, orderThroughCart, type Shopper } from '../../../tests/helpers/shoppers';
import { appOnDatabase } from '../../../tests/helpers/test-app';
import { freshDatabase, templateRef } from '../../../tests/helpers/test-database';
import { stocked } from '../modules/payment/payment.fixture';
import type { OutboxWorker } from './outbox-worker';

/**
 * PostgreSQL: two app instances on one database stand in for two server processes, each mailing
 * through one SMTP catcher. Their polls are ten minutes and fire only by hand: an order's mail
 * leaves on NOTIFY, from either process, once; with the listening connection cut, the poll still
 * sends it.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

type App = FastifyInstance;
interface Shop {
  app: App;
  timers: HandTimers;
  runs: number[];
}
const BATCH = 4;
const catcher = new SmtpCatcher();
let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let dataDir: string;
const opened: Database[] = [];
let shops: Shop[] = [];

async function startShop(smtpUrl: string): Promise<Shop> {
  const timers = new HandTimers();
  const { app, database } = await appOnDatabase(
    fresh.config,
    {
      DATA_DIR: dataDir,
      // A lost listening connection stays lost for the test (no reconnect, no catch-up run).
      CATALOGUE_LISTEN_RETRY_MS: '600000',
      SMTP_URL: smtpUrl,
    },
    { pollMs: 600_000, timers, batch: BATCH, claimsPerRun: 2 },
  );
  opened.push(database);
  await app.ready();
  const shop = { app, timers, runs: [] as number[] };
  app.mailOutbox.events.on('ran', (tried) => shop.runs.push(tried));
  return shop;
}

async function listening(worker: OutboxWorker): Promise<void> {
  if (!worker.listening) await once(worker.events, 'listening');
}

/** A new shopper orders one of the i-th stocked product through `app`. */
async function order(app: App, i: number): Promise<Shopper> {
  const s = await createShopper(opened[0] as Database);
  const product = stocked[i % stocked.length];
  if (!product) throw new Error('no product');
  await orderThroughCart(app, s, uuidFromKey(product.key), 1);
  return s;
}

/** The states and tries of every mail to these shoppers. */
async function mailRows(shoppers: Shopper[]): Promise<string[]> {
  const db = (opened[0] as Database).db;
  const rows = await db
    .select({ state: mailOutbox.state, attempts: mailOutbox.attempts })
    .from(mailOutbox)
    .where(
      inArray(
        mailOutbox.to,
        shoppers.map((s) => s.email),
      ),
    );
  return rows.map((r) => `${r.state}/${r.attempts}`);
}

const settled = () => Promise.all(shops.map((s) => s.app.mailOutbox.settled()));
const polled = () => shops.reduce((n, s) => n + s.timers.fired, 0);

beforeAll(async () => {
  if (!onPostgres) return;
  fresh = await freshDatabase(templateRef());
  dataDir = await mkdtemp(join(tmpdir(), 'shop-outbox-notify-'));
  const url = await catcher.start();
  shops = [await startShop(url), await startShop(url)];
  await Promise.all(shops.map((s) => listening(s.app.mailOutbox)));
});
afterAll(async () => {
  for (const s of shops) await s.app.close();
  for (const database of opened) await database.close();
  await fresh?.drop();
  await catcher.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe.skipIf(!onPostgres)('order mails between processes (PostgreSQL)', () => {
  it('sends 60 orders’ mails placed across both, each once, on NOTIFY alone', async () => {
    const ORDERS = 60;
    const before = catcher.mails.length;
    // Six shoppers at a time, alternating between the processes.
    const shoppers: Shopper[] = [];
    for (let i = 0; i < ORDERS; i += 6) {
      const wave = Array.from({ length: 6 }, (_, k) => order((shops[(i + k) % 2] as Shop).app, i + k));
      shoppers.push(...(await Promise.all(wave)));
    }
    await catcher.receivedAll(before + ORDERS);
    await settled();

    expect(shoppers.map((s) => catcher.countTo(s.email))).toEqual(shoppers.map(() => 1));
    expect(catcher.mails.length).toBe(before + ORDERS);
    expect(await mailRows(shoppers)).toEqual(shoppers.map(() => 'sent/1'));
    expect(polled()).toBe(0);
    // Each commit wakes both processes at most once; a wake during a run makes one run after it.
    const runs = shops.flatMap((s) => s.runs);
    expect(runs.length).toBeLessThanOrEqual(2 * (ORDERS + 1));
    expect(runs.reduce((a, b) => a + b, 0)).toBe(ORDERS);
  });

  it('sends a mail queued by one process from the other, told by NOTIFY', async () => {
    const [a, b] = shops as [Shop, Shop];
    await a.app.mailOutbox.stop();
    const sentBefore = b.runs.reduce((x, y) => x + y, 0);
    const s = await order(a.app, 7);
    await catcher.latestTo(s.email, 0, 60_000);
    await settled();
    expect(b.runs.reduce((x, y) => x + y, 0)).toBe(sentBefore + 1);
    expect(await mailRows([s])).toEqual(['sent/1']);
    expect(polled()).toBe(0);
  });

  it('sends it by the poll while the listening connection is lost', async () => {
    const [a, b] = shops as [Shop, Shop];
    const lost = once(b.app.mailOutbox.events, 'listening');
    await (opened[0] as Database).db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`,
    );
    expect(await lost).toEqual([false]);
    const s = await order(a.app, 8);
    // Nobody heard it: process a sends nothing (stopped), b's poll has not fired.
    expect(await mailRows([s])).toEqual(['queued/0']);
    expect(b.timers.waiting).toBe(1);
    b.timers.fire();
    await catcher.latestTo(s.email, 0, 60_000);
    await settled();
    expect(await mailRows([s])).toEqual(['sent/1']);
    expect(catcher.countTo(s.email)).toBe(1);
    // The poll goes on: the next is waiting.
    expect(b.timers.waiting).toBe(1);
  });
});
