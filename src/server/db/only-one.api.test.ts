import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { ManualClock } from '#server/clock';
import { loadConfig } from '#server/config';
import { ORDER_EXPIRY_MINUTES } from '#shared/constants';
import { ORDER_STATUS } from '#shared/schemas/order';
import * as demo from '../../../seed/catalogue/index';
import { createShopper, orderThroughCart } from '../../../tests/helpers/shoppers';
import { freshDatabase, templateRef } from '../../../tests/helpers/test-database';
import { type Database, openDatabase, rowsOf } from './client';
import { orders } from './schema';
import { uuidFromKey } from './seed';
import { LOCK_APPLICATION_NAME } from './session-locks';

/**
 * Timers only one process should run (sweep-timer.ts): on PostgreSQL each tick takes a session
 * advisory lock, so two processes' ticks never overlap, and when the one holding it stops (or its
 * connection dies) the other does the work at its next tick. On PGlite (one process) a tick runs
 * unless this process is still on the last one.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let fresh: Awaited<ReturnType<typeof freshDatabase>>;
const opened: Database[] = [];

async function open(): Promise<Database> {
  const database = await openDatabase(fresh.config);
  opened.push(database);
  return database;
}

/** A tick that runs until `finish` is called, recording that it started. */
function heldTick(started: string[], who: string) {
  let finish = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return {
    run: async () => {
      started.push(who);
      await done;
      return who;
    },
    finish: () => finish(),
  };
}

/** Lock connections (session-locks.ts) open on this test's database. */
async function lockConnections(): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(
    fresh.database,
    sql`select count(*)::int as n from pg_stat_activity where application_name = ${LOCK_APPLICATION_NAME}
        and datname = current_database()`,
  );
  return row?.n ?? 0;
}

beforeAll(async () => {
  fresh = await freshDatabase(templateRef());
});
afterAll(async () => {
  for (const database of opened) await database.close();
  await fresh?.drop();
});

describe('a timer on one process at a time', () => {
  it('skips a tick while the same timer is still running in this process', async () => {
    const started: string[] = [];
    const first = heldTick(started, 'first');
    const running = fresh.database.onlyOne('test-timer', first.run);
    await Promise.resolve();
    expect(await fresh.database.onlyOne('test-timer', async () => 'second')).toBeUndefined();
    // Another timer is not held back by this one.
    expect(await fresh.database.onlyOne('other-timer', async () => 'other')).toBe('other');
    first.finish();
    expect(await running).toBe('first');
    expect(await fresh.database.onlyOne('test-timer', async () => 'again')).toBe('again');
  });
});

describe.skipIf(!onPostgres)('two processes’ timers (PostgreSQL)', () => {
  it('never overlap; the other process does the work once the first one stops', async () => {
    const [a, b] = [await open(), await open()];
    const started: string[] = [];
    const held = heldTick(started, 'a');
    const running = a.onlyOne('sweep', held.run);
    await expect.poll(() => started).toEqual(['a']);
    // While a's tick runs, b's ticks of that timer are skipped; another timer of b's runs.
    expect(await b.onlyOne('sweep', async () => started.push('b'))).toBeUndefined();
    expect(await b.onlyOne('another sweep', async () => 'b ran')).toBe('b ran');
    held.finish();
    expect(await running).toBe('a');
    // Released at the end of the tick: b's next tick runs.
    expect(await b.onlyOne('sweep', async () => 'b')).toBe('b');

    const heldAgain = heldTick(started, 'a again');
    void a.onlyOne('sweep', heldAgain.run);
    await expect.poll(() => started.at(-1)).toBe('a again');
    expect(await b.onlyOne('sweep', async () => 'b')).toBeUndefined();
    // The process stops in the middle of its tick: its lock goes with its connection.
    await a.close();
    opened.splice(opened.indexOf(a), 1);
    expect(await b.onlyOne('sweep', async () => 'b took over')).toBe('b took over');
    heldAgain.finish();
  });

  it('lets the other process run when the first one’s lock connection is cut, as by kill -9', async () => {
    const [a, b] = [await open(), await open()];
    const started: string[] = [];
    const held = heldTick(started, 'a');
    void a.onlyOne('expiry', held.run).catch(() => undefined);
    await expect.poll(() => started).toEqual(['a']);
    expect(await b.onlyOne('expiry', async () => 'b')).toBeUndefined();
    const [lockHolder] = await rowsOf<{ pid: number }>(
      fresh.database,
      sql`select l.pid from pg_locks l where l.locktype = 'advisory' and l.objsubid = 2 and l.granted
          and l.database = (select oid from pg_database where datname = current_database())`,
    );
    await rowsOf(fresh.database, sql`select pg_terminate_backend(${lockHolder?.pid ?? 0})`);
    await expect.poll(() => b.onlyOne('expiry', async () => 'b took over')).toBe('b took over');
    held.finish();
  });

  it('skips every app’s sweep while another process runs it, and runs it after', async () => {
    const before = await lockConnections();
    const clock = new ManualClock();
    const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), database: fresh.config };
    const other = await open();
    const databases = [await open(), await open()];
    const apps = await Promise.all(
      databases.map((database) => buildApp({ config, database, clock, logger: pino({ level: 'silent' }) })),
    );
    try {
      const names = [...(apps[0]?.sweeps.keys() ?? [])].sort();
      expect(names).toEqual(['card-reconcile', 'low-stock', 'order-expiry', 'substitution-deadlines']);
      for (const name of names) {
        const started: string[] = [];
        const held = heldTick(started, 'other');
        const running = other.onlyOne(name, held.run);
        await expect.poll(() => started).toEqual(['other']);
        const skipped = await Promise.all(apps.map((app) => app.sweeps.get(name)?.()));
        expect(skipped, name).toEqual([undefined, undefined]);
        held.finish();
        await running;
        // The sweep's own answer (a count, or the reconciliation's outcome): it ran.
        expect(await apps[1]?.sweeps.get(name)?.(), name).toBeDefined();
      }
      // One lock connection per process, whatever number of timers it runs.
      expect(await lockConnections()).toBe(before + 3);
    } finally {
      for (const app of apps) await app.close();
    }
  });

  it('expires an overdue order on the other app once the one holding the sweep stops', async () => {
    const clock = new ManualClock();
    const config = { ...loadConfig({ LOG_LEVEL: 'silent' }), database: fresh.config };
    const [first, second] = [await open(), await open()];
    const logger = pino({ level: 'silent' });
    const a = await buildApp({ config, database: first, clock, logger });
    const b = await buildApp({ config, database: second, clock, logger });
    try {
      const shopper = await createShopper(second, clock.now());
      const product = demo.products.find((p) => demo.isPack(p) && p.stock >= 20);
      const orderNo = await orderThroughCart(b, shopper, uuidFromKey(product?.key ?? ''), 1);
      clock.advance(ORDER_EXPIRY_MINUTES * 60_000 + 1000);
      const statusOf = async () => {
        const [row] = await second.db
          .select({ status: orders.status })
          .from(orders)
          .where(eq(orders.orderNo, orderNo));
        return row?.status;
      };

      // a's sweep is under way (held here), so b's tick leaves the order to it.
      const started: string[] = [];
      const held = heldTick(started, 'a');
      void first.onlyOne('order-expiry', held.run);
      await expect.poll(() => started).toEqual(['a']);
      expect(await b.sweeps.get('order-expiry')?.()).toBeUndefined();
      expect(await statusOf()).toBe(ORDER_STATUS.pending);

      // a stops before finishing: b's next tick does the work.
      await a.close();
      await first.close();
      opened.splice(opened.indexOf(first), 1);
      expect(await b.sweeps.get('order-expiry')?.()).toBe(1);
      expect(await statusOf()).toBe(ORDER_STATUS.cancelled);
      held.finish();
    } finally {
      await b.close();
    }
  });
});
