import { once } from 'node:events';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { systemClock } from '#server/clock';
import { loadConfig } from '#server/config';
import { type Database, openDatabase } from '#server/db/client';
import { LISTENER_APPLICATION_NAME } from '#server/db/listen';
import { products } from '#server/db/schema';
import { uuidFromKey } from '#server/db/seed';
import * as demo from '../../../../seed/catalogue/index';
import { freshDatabase, templateRef } from '../../../../tests/helpers/test-database';
import { NO_STOCK_LISTENER, withCatalogueChange, withStockChanges } from './catalogue.changes';
import type { CatalogueSnapshot } from './catalogue.snapshot';
import type { CatalogueStore } from './catalogue.store';

/**
 * PostgreSQL: two app instances, each with its own connections, stand in for two server processes.
 * A product changed through one reaches the other's catalogue answers by NOTIFY, applied to that
 * product alone, long before its poll (set to a minute here) would; and with the listening
 * connection lost, the poll still catches up.
 */
// The PGlite pass of `npm test` sets TEST_DATABASE_URL to '' (scripts/test.sh).
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

type App = Awaited<ReturnType<typeof buildApp>>;
let fresh: Awaited<ReturnType<typeof freshDatabase>>;
const opened: Database[] = [];
const apps: App[] = [];

async function startApp(env: Record<string, string>): Promise<App> {
  const database = await openDatabase(fresh.config);
  opened.push(database);
  const config = { ...loadConfig(env), database: fresh.config };
  const app = await buildApp({ config, database, clock: systemClock, logger: pino({ level: 'silent' }) });
  apps.push(app);
  return app;
}

/** Resolves once `store` listens (waits on its event, never on a timer). */
async function listening(store: CatalogueStore): Promise<void> {
  if (!store.listening) await once(store.events, 'listening');
}

/** The next snapshot `store` serves at `version` or later, and how it was made; rejects after `ms`. */
function reaches(store: CatalogueStore, version: number, ms: number): Promise<'patched' | 'loaded'> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      store.events.off('snapshot', seen);
      reject(new Error(`version ${version} not reached within ${ms} ms`));
    }, ms);
    function seen(snapshot: CatalogueSnapshot, how: 'patched' | 'loaded') {
      if (snapshot.version < version) return;
      clearTimeout(timer);
      store.events.off('snapshot', seen);
      resolve(how);
    }
    store.events.on('snapshot', seen);
  });
}

async function nameSeenBy(app: App, uuid: string): Promise<string> {
  const res = await app.inject({ url: `/api/index_product/${uuid}` });
  return JSON.parse(res.body).data.en_name;
}

const seed = demo.products[7];
if (!seed) throw new Error('no products');
const uuid = uuidFromKey(seed.key);

async function rename(app: App, name: string): Promise<number> {
  const db = (opened[apps.indexOf(app)] as Database).db;
  const touched = await withCatalogueChange(db, app.catalogue, async (tx, t) => {
    const [row] = await tx
      .update(products)
      .set({ enName: name })
      .where(eq(products.key, seed?.key ?? ''))
      .returning({ id: products.id });
    t.product(row?.id ?? 0);
    return t;
  });
  return touched.version ?? 0;
}

beforeAll(async () => {
  if (onPostgres) fresh = await freshDatabase(templateRef());
});
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const database of opened) await database.close();
  await fresh?.drop();
});

describe.skipIf(!onPostgres)('catalogue changes between processes (PostgreSQL)', () => {
  it('reaches the other process at once by NOTIFY, applied to the product alone', async () => {
    const env = { CATALOGUE_POLL_MS: '60000' };
    const a = await startApp(env);
    const b = await startApp(env);
    await Promise.all([listening(a.catalogue), listening(b.catalogue)]);
    expect(await nameSeenBy(b, uuid)).toBe(seed.en_name);

    const next = b.catalogue.snapshot.version + 1;
    const arrived = reaches(b.catalogue, next, 1000);
    expect(await rename(a, 'Told By Notify')).toBe(next);
    expect(await arrived).toBe('patched');
    expect(await nameSeenBy(b, uuid)).toBe('Told By Notify');
  });

  it('refreshes the other process’s stock at once when an order takes some', async () => {
    const [a, b] = apps;
    if (!a || !b) throw new Error('apps missing');
    const entry = () => b.catalogue.snapshot.productByUuid.get(uuid);
    const before = entry()?.card.real_stock ?? 0;
    const refreshed = once(b.catalogue.events, 'stock');
    await withStockChanges((opened[0] as Database).db, NO_STOCK_LISTENER, (_tx, stock) =>
      stock.take(entry()?.id ?? 0, 1),
    );
    await refreshed;
    expect(entry()?.card.real_stock).toBe(before - 1);
  });

  it('catches up by its poll when the listening connection is lost', async () => {
    // Listening again only after ten minutes: what arrives meanwhile comes by the poll.
    const env = { CATALOGUE_POLL_MS: '100', CATALOGUE_LISTEN_RETRY_MS: '600000' };
    const a = await startApp(env);
    const b = await startApp(env);
    await listening(b.catalogue);
    const lost = once(b.catalogue.events, 'listening');
    await (opened[0] as Database).db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = ${LISTENER_APPLICATION_NAME} and datname = current_database()`,
    );
    expect(await lost).toEqual([false]);

    const next = b.catalogue.snapshot.version + 1;
    const arrived = reaches(b.catalogue, next, 5000);
    await rename(a, 'Found By Poll');
    expect(await arrived).toBe('loaded');
    expect(await nameSeenBy(b, uuid)).toBe('Found By Poll');
  });
});
