/**
 * `node --import tsx bench/explain-checkout.ts [orders per shopper] [of them unpaid] [pglite]`:
 * on a fresh PostgreSQL database at 127.0.0.1:5432 (dropped afterwards), or with `pglite` on a
 * throw-away PGlite, a few shoppers get a long order
 * history in bulk (lib/long-history.ts); one of them then checks out through the real app as the
 * storefront does — cart, place order with a coupon, order page, pay by card, payment status, the
 * order mails sent — while every statement the app sends is recorded. Each distinct statement is
 * then run again under EXPLAIN (ANALYZE, BUFFERS), in a transaction that is rolled back, and its
 * plan printed with what grows with history flagged (sequential scans, sorts, rows read).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '#server/app';
import { systemClock } from '#server/clock';
import { type Config, loadConfig } from '#server/config';
import { type Database, openDatabase, wrapPglite } from '#server/db/client';
import { prepareDatabase } from '#server/db/prepare';
import { coupons } from '#server/db/schema';
import { PasswordHasher } from '#server/modules/account/password';
import { ADDRESS, BILLING, callAs, createShopper } from '../tests/helpers/shoppers';
import { TEST_SCRYPT_PARAMS } from '../tests/helpers/test-app';
import { stockUp } from './lib/load-world';
import { firstOnSale, seedOrderHistory } from './lib/long-history';
import { createPostgresDatabase } from './lib/postgres';

const SHOPPERS = 5;
const COUPON = 'HISTORY10';

interface Recorded {
  text: string;
  values: unknown[];
  step: string;
}

type Seen = (text: string, values: unknown[]) => void;

/** What is explained: the database, how its statements are seen, how one is explained, and its end. */
interface Target {
  database: Database;
  config: Config['database'];
  /** Calls `record` with every statement the app sends from now on. */
  watch(record: Seen): void;
  /** The plan of one statement, run in a transaction that is rolled back. */
  explain(text: string, values: unknown[]): Promise<string[]>;
  close(): Promise<void>;
}

/** Sees what every pg client sends (the app's pool and its transactions). */
function watchPg(record: Seen): void {
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args;
    const text = typeof first === 'string' ? first : (first as { text?: string })?.text;
    const values =
      (Array.isArray(second) ? second : (first as { values?: unknown[] })?.values) ?? ([] as unknown[]);
    if (text) record(text, values);
    return original.apply(this, args);
  } as typeof pg.Client.prototype.query;
}

async function postgresTarget(): Promise<Target> {
  const postgres = await createPostgresDatabase('i20hist');
  if (!postgres) throw new Error('no PostgreSQL at 127.0.0.1:5432');
  const database = await openDatabase({ kind: 'postgres', url: postgres.url });
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  return {
    database,
    config: { kind: 'postgres', url: postgres.url },
    watch: watchPg,
    explain: async (text, values) => {
      await client.query('begin');
      try {
        const answer = await client.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers) ${text}`,
          values,
        );
        return answer.rows.map((r) => r['QUERY PLAN']);
      } finally {
        await client.query('rollback');
      }
    },
    close: async () => {
      await client.end();
      await database.close();
      await postgres.drop();
    },
  };
}

type Query = PGlite['query'];

async function pgliteTarget(): Promise<Target> {
  // A PGlite on this thread, whose statements can be watched (the shop's runs on a worker).
  const client = await PGlite.create();
  const database = wrapPglite(client);
  const query = client.query.bind(client);
  return {
    database,
    config: { kind: 'memory' },
    watch: (record) => {
      const seen = (run: Query): Query =>
        ((text: string, values?: unknown[], options?: object) => {
          record(text, values ?? []);
          return run(text, values, options);
        }) as Query;
      client.query = seen(query);
      const transaction = client.transaction.bind(client);
      client.transaction = ((fn: Parameters<PGlite['transaction']>[0]) =>
        transaction((tx) => {
          tx.query = seen(tx.query.bind(tx));
          return fn(tx);
        })) as PGlite['transaction'];
    },
    explain: async (text, values) => {
      await query('begin');
      try {
        const answer = await query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`, values);
        return answer.rows.map((r) => r['QUERY PLAN']);
      } finally {
        await query('rollback');
      }
    },
    close: () => database.close(),
  };
}

/** Records what the app sends while a step is named. */
function recordQueries(target: Target): { log: Recorded[]; step(name: string | undefined): void } {
  const log: Recorded[] = [];
  let current: string | undefined;
  target.watch((text, values) => {
    if (current) log.push({ text, values, step: current });
  });
  return {
    log,
    step: (name) => {
      current = name;
    },
  };
}

const SKIP = /^(begin|commit|rollback|savepoint|release)/i;

/** The plan lines worth a look: scans, sorts, aggregates, with rows and buffers. */
function flagsOf(plan: string[]): string[] {
  const flags: string[] = [];
  for (const line of plan) {
    if (/Seq Scan on (orders|order_lines|payments|order_events|mail_outbox|coupon_redemptions)\b/.test(line))
      flags.push(`SEQ SCAN: ${line.trim()}`);
    if (/rows=(\d{4,})/.test(line.replace(/\(cost[^)]*\)/, ''))) flags.push(`MANY ROWS: ${line.trim()}`);
  }
  return flags;
}

async function explainAll(target: Target, recorded: Recorded[]): Promise<void> {
  const seen = new Set<string>();
  for (const q of recorded) {
    if (SKIP.test(q.text.trim()) || seen.has(q.text)) continue;
    seen.add(q.text);
    console.log(`\n── [${q.step}] ${q.text.replace(/\s+/g, ' ').slice(0, 400)}`);
    try {
      const plan = await target.explain(q.text, q.values);
      for (const line of plan) console.log(`   ${line}`);
      for (const flag of flagsOf(plan)) console.log(`   !! ${flag}`);
    } catch (err) {
      console.log(`   (not explained: ${String(err)})`);
    }
  }
}

async function main(): Promise<void> {
  const perShopper = Number(process.argv[2] ?? 10_000);
  const pendingPerShopper = Number(process.argv[3] ?? 0);
  const target = process.argv[4] === 'pglite' ? await pgliteTarget() : await postgresTarget();
  const { database } = target;
  const dataDir = await mkdtemp(join(tmpdir(), 'explain-checkout-'));
  try {
    await prepareDatabase(database, { seed: 'demo' }, systemClock);
    await stockUp(database);
    const now = new Date();
    const shoppers = [];
    for (let i = 0; i < SHOPPERS; i++) shoppers.push(await createShopper(database, now));
    const [coupon] = await database.db
      .insert(coupons)
      .values({
        code: COUPON,
        kind: 'percent',
        value: 10,
        startsAt: new Date(now.getTime() - 86_400_000 * 3650),
        endsAt: new Date(now.getTime() + 86_400_000 * 365),
        usageLimit: 1_000_000,
        perShopperLimit: 100_000,
      })
      .returning({ id: coupons.id });
    if (!coupon) throw new Error('no coupon');
    const onSale = await firstOnSale(database.db, 20);
    const started = performance.now();
    const written = await seedOrderHistory(database.db, {
      userIds: shoppers.map((s) => s.id),
      perShopper,
      productIds: onSale.map((p) => p.id),
      now,
      pendingPerShopper,
      coupon: { id: coupon.id, code: COUPON },
    });
    console.log(`history: ${written} orders in ${Math.round(performance.now() - started)} ms`);

    const config = {
      ...loadConfig({
        LOG_LEVEL: 'warn',
        DATA_DIR: dataDir,
        PAYMENTS: 'sandbox',
        CATALOGUE_POLL_MS: '60000',
        // As the benches run: unpaid orders of the history do not stop the checkout.
        ORDER_LINE_MAX: '99999',
        PENDING_ORDERS_MAX: '1000000',
      }),
      database: target.config,
    };
    const app = await buildApp({
      config,
      database,
      clock: systemClock,
      logger: pino({ level: 'warn' }),
      passwords: new PasswordHasher(TEST_SCRYPT_PARAMS),
      outbox: { pollMs: 3_600_000 },
    });
    await app.ready();
    const recorder = recordQueries(target);
    try {
      const shopper = shoppers[0];
      if (!shopper) throw new Error('no shopper');
      const address = await callAs(app, shopper, 'POST', '/api/address', ADDRESS);
      const lines: number[] = [];
      for (const p of onSale.slice(0, 2)) {
        recorder.step('POST /api/cart');
        const added = await callAs(app, shopper, 'POST', '/api/cart', { uuid: p.uuid, amount: 2 });
        lines.push(added.body.data.item.id);
      }
      recorder.step('GET /api/cart');
      await callAs(app, shopper, 'GET', '/api/cart');
      recorder.step('POST /api/order');
      const form: Record<string, string | number> = { uuid: address.body.data.uuid, coupon: COUPON };
      lines.forEach((id, i) => {
        form[`items[${i}][id]`] = id;
        form[`items[${i}][num]`] = 1;
      });
      const placed = await callAs(app, shopper, 'POST', '/api/order', form);
      if (placed.status !== 200) throw new Error(`order: ${JSON.stringify(placed.body)}`);
      const orderNo: string = placed.body.data;
      recorder.step('GET /api/order/:no');
      await callAs(app, shopper, 'GET', `/api/order/${orderNo}`);
      recorder.step('POST /api/authorize/pay');
      const card = { order: orderNo, card: '4111111111111111', date: '12/39', code: '123', ...BILLING };
      const paid = await callAs(app, shopper, 'POST', '/api/authorize/pay', card);
      if (paid.body?.data?.status !== 2) throw new Error(`pay: ${JSON.stringify(paid.body)}`);
      recorder.step('GET /api/order/:no/payment');
      await callAs(app, shopper, 'GET', `/api/order/${orderNo}/payment`);
      recorder.step('order mails');
      await app.mailOutbox.drain();
      recorder.step('(not checkout) GET /api/order');
      await callAs(app, shopper, 'GET', '/api/order');
      recorder.step(undefined);
    } finally {
      await app.close();
    }
    await explainAll(target, recorder.log);
  } finally {
    await target.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
