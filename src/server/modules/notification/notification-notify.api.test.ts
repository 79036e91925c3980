import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/client';
import { LISTENER_APPLICATION_NAME } from '#server/db/listen';
import { uuidFromKey } from '#server/db/seed';
import { createShopper, orderThroughCart, type Shopper } from '../../../../tests/helpers/shoppers';
import { appOnDatabase } from '../../../../tests/helpers/test-app';
import { freshDatabase, templateRef } from '../../../../tests/helpers/test-database';
import { stocked } from '../payment/payment.fixture';
import type { EventFeed } from './notification.feed';
import { openStream, ticketFor } from './notification-stream.fixture';

/**
 * PostgreSQL: two app instances on one database stand in for two server processes. An order event
 * made through one reaches a stream open on the other by NOTIFY (the poll set to a minute, and on
 * PostgreSQL no process wakes its own feed in memory); with the listening connection lost, the
 * poll still delivers it.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

type App = FastifyInstance;
let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let dataDir: string;
const opened: Database[] = [];
const apps: App[] = [];

async function startApp(env: Record<string, string>): Promise<{ app: App; origin: string }> {
  const { app, database } = await appOnDatabase(fresh.config, { DATA_DIR: dataDir, ...env });
  opened.push(database);
  apps.push(app);
  return { app, origin: await app.listen({ port: 0, host: '127.0.0.1' }) };
}

async function listening(feed: EventFeed): Promise<void> {
  if (!feed.listening) await once(feed.events, 'listening');
}

/** Places an order of one stocked product through `app`, as the shopper; answers its number. */
async function order(app: App, s: Shopper, i: number): Promise<string> {
  const product = stocked[i];
  if (!product) throw new Error('no product');
  return orderThroughCart(app, s, uuidFromKey(product.key), 1);
}

beforeAll(async () => {
  if (!onPostgres) return;
  fresh = await freshDatabase(templateRef());
  dataDir = await mkdtemp(join(tmpdir(), 'shop-notify-'));
});
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const database of opened) await database.close();
  await fresh?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe.skipIf(!onPostgres)('order events between processes (PostgreSQL)', () => {
  it('reach a stream open on the other process by NOTIFY', async () => {
    const env = { EVENT_POLL_MS: '60000' };
    const [a, b] = await Promise.all([startApp(env), startApp(env)]);
    if (!a || !b) throw new Error('apps missing');
    const s = await createShopper(opened[0] as Database);
    await Promise.all([listening(a.app.eventFeed), listening(b.app.eventFeed)]);
    const stream = await openStream(b.origin, await ticketFor(b.app, s.token));
    await stream.ready;
    const orderNo = await order(a.app, s, 0);
    expect(await stream.nextEvent()).toMatchObject({ order_no: orderNo, kind: 'placed' });
    stream.close();
  });

  it('reach it by the poll while the listening connection is lost', async () => {
    const env = { EVENT_POLL_MS: '100', CATALOGUE_LISTEN_RETRY_MS: '600000' };
    const a = await startApp(env);
    const b = await startApp(env);
    await listening(b.app.eventFeed);
    const s = await createShopper(opened[0] as Database);
    const stream = await openStream(b.origin, await ticketFor(b.app, s.token));
    await stream.ready;
    const lost = once(b.app.eventFeed.events, 'listening');
    await (opened[0] as Database).db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`,
    );
    expect(await lost).toEqual([false]);
    const orderNo = await order(a.app, s, 1);
    expect(await stream.nextEvent()).toMatchObject({ order_no: orderNo, kind: 'placed' });
    stream.close();
  });
});
