import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { systemClock } from '#server/clock';
import { loadConfig } from '#server/config';
import { PasswordHasher } from '#server/modules/account/password';
import { withCatalogueChange } from '#server/modules/catalogue/catalogue.changes';
import type { CatalogueSnapshot } from '#server/modules/catalogue/catalogue.snapshot';
import { ORDER_STATUS } from '#shared/schemas/order';
import * as demo from '../../../seed/catalogue/index';
import { codeIn, SmtpCatcher } from '../../../tests/fakes/smtp-catcher';
import { hasPgBouncer, type PgBouncer, startPgBouncer } from '../../../tests/helpers/pgbouncer';
import { createShopper, orderThroughCart } from '../../../tests/helpers/shoppers';
import { TEST_SCRYPT_PARAMS } from '../../../tests/helpers/test-app';
import { freshDatabase, templateRef, withDatabase } from '../../../tests/helpers/test-database';
import { type Database, openDatabase } from './client';
import { prepareDatabase } from './prepare';
import { orders, products } from './schema';
import { uuidFromKey } from './seed';

/**
 * The shop behind Debian's pgbouncer in transaction mode (docs/architecture.md §3,
 * DATABASE_DIRECT_URL): its pool goes through the bouncer, whose two server connections take the
 * pool's transactions in turn (so a named prepared statement or a session setting would be lost);
 * LISTEN and the session locks go straight to PostgreSQL. A shopper signs up, fills a cart and
 * orders; a catalogue change made elsewhere reaches the app by NOTIFY.
 */
// The PGlite pass of `npm test` sets TEST_DATABASE_URL to '' (scripts/test.sh).
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
let bouncer: PgBouncer;
let bounced: Database;
let app: FastifyInstance;
let dataDir: string;
let databaseName: string;
const smtp = new SmtpCatcher();

beforeAll(async () => {
  if (!onPostgres) return;
  expect(hasPgBouncer, 'pgbouncer is missing: run scripts/ensure-system.sh as root').toBe(true);
  fresh = await freshDatabase(templateRef());
  if (fresh.config.kind !== 'postgres') throw new Error('expected PostgreSQL');
  const direct = fresh.config.url;
  databaseName = new URL(direct).pathname.slice(1);
  bouncer = await startPgBouncer(direct);
  dataDir = await mkdtemp(join(tmpdir(), 'shop-pgbouncer-app-'));
  const config = loadConfig({
    DATABASE_URL: withDatabase(bouncer.url, databaseName),
    DATABASE_DIRECT_URL: direct,
    DATABASE_POOL_MAX: '4',
    SMTP_URL: await smtp.start(),
    CATALOGUE_POLL_MS: '60000',
    DATA_DIR: dataDir,
  });
  bounced = await openDatabase(config.database);
  // Migrations through the bouncer, under the lock held on the direct connection.
  await prepareDatabase(bounced, config, systemClock);
  app = await buildApp({
    config,
    database: bounced,
    clock: systemClock,
    logger: pino({ level: 'silent' }),
    passwords: new PasswordHasher(TEST_SCRYPT_PARAMS),
  });
  await app.ready();
}, 120_000);

afterAll(async () => {
  await app?.close();
  await bounced?.close();
  await bouncer?.stop();
  await smtp.stop();
  await fresh?.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const form = (app: FastifyInstance, url: string, fields: Record<string, string>, token?: string) =>
  app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(token ? { authorization: token } : {}),
    },
    payload: new URLSearchParams(fields).toString(),
  });

const stocked = demo.products.filter((p) => demo.isPack(p) && p.stock >= 20);

/** `who` orders two of the `i`-th stocked product; answers the order's number. */
function orderTwo(who: { token: string }, i: number): Promise<string> {
  const product = stocked[i];
  if (!product) throw new Error('the demo catalogue lacks stocked products');
  return orderThroughCart(app, who, uuidFromKey(product.key), 2);
}

describe.skipIf(!onPostgres)('behind PgBouncer in transaction mode (PostgreSQL)', () => {
  it('signs a shopper up with a mailed code, and they fill a cart and order', async () => {
    const email = `bounced.${Date.now()}@example.com`;
    const before = smtp.countTo(email);
    expect((await form(app, '/api/buy/email', { email })).statusCode).toBe(200);
    const code = codeIn(await smtp.latestTo(email, before)) ?? '';
    const password = 'correct horse 1';
    const made = await form(app, '/api/buy/registration', { email, code, name: 'Mei Lin', password });
    expect(made.statusCode).toBe(200);
    const login = await form(app, '/api/login', { email, password });
    expect(login.statusCode).toBe(200);
    const token = JSON.parse(login.body).data.token as string;

    const orderNo = await orderTwo({ token }, 0);
    const [row] = await fresh.database.db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.orderNo, orderNo));
    expect(row?.status).toBe(ORDER_STATUS.pending);
    expect(await bouncer.transactions(databaseName)).toBeGreaterThan(0);
  });

  it('takes eight shoppers’ orders at once through its two server connections', async () => {
    const shoppers = await Promise.all(Array.from({ length: 8 }, () => createShopper(fresh.database)));
    const numbers = await Promise.all(shoppers.map((s, i) => orderTwo(s, i + 1)));
    expect(new Set(numbers).size).toBe(8);
  });

  it('hears a catalogue change made by another process at once, by NOTIFY on the direct connection', async () => {
    const store = app.catalogue;
    if (!store.listening) await once(store.events, 'listening');
    const product = stocked[9];
    if (!product) throw new Error('the demo catalogue lacks stocked products');
    const arrived = new Promise<string>((resolve) => {
      const seen = (snapshot: CatalogueSnapshot, how: string) => {
        if (snapshot.productByUuid.get(uuidFromKey(product.key))?.card.en_name !== 'Told Past The Bouncer')
          return;
        store.events.off('snapshot', seen);
        resolve(how);
      };
      store.events.on('snapshot', seen);
    });
    // Another process's change: its own connection, its own catalogue (none here) told nothing.
    await withCatalogueChange(fresh.database.db, { changed: async () => undefined }, async (tx, touched) => {
      const [changed] = await tx
        .update(products)
        .set({ enName: 'Told Past The Bouncer' })
        .where(eq(products.key, product.key))
        .returning({ id: products.id });
      touched.product(changed?.id ?? 0);
    });
    // The poll is a minute away: only the NOTIFY can have brought it.
    expect(await arrived).toBe('patched');
  });

  it('runs a sweep under its lock on the direct connection', async () => {
    const expiry = app.sweeps.get('order-expiry');
    expect(await expiry?.()).toBeTypeOf('number');
  });
});
