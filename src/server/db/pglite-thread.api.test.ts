import { asc, sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { serializeError } from '../log-errors';
import { type Database, inBackground, openDatabase, rowsOf } from './client';

/** A table of the test's own, so that what it checks does not depend on the shop's schema. */
const probe = pgTable('thread_probe', {
  id: integer('id').primaryKey(),
  name: text('name').notNull().unique('thread_probe_name_key'),
  at: timestamp('at', { withTimezone: true }).notNull(),
});

const AT = new Date('2026-11-25T10:00:00.123Z');

async function names(database: Database): Promise<string[]> {
  const rows = await database.db.select({ name: probe.name }).from(probe).orderBy(asc(probe.id));
  return rows.map((row) => row.name);
}

/** What the error thrown by `fn` says: the shop's logs read these fields (log-errors.ts). */
async function errorOf(fn: () => Promise<unknown>): Promise<Record<string, unknown>> {
  try {
    await fn();
  } catch (err) {
    return serializeError(err) as Record<string, unknown>;
  }
  throw new Error('expected an error');
}

describe('PGlite on a worker thread, behind Drizzle', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'memory' }, { pgliteThread: 'worker' });
    await database.db.execute(
      sql`CREATE TABLE thread_probe (id integer PRIMARY KEY, name text NOT NULL CONSTRAINT thread_probe_name_key UNIQUE, at timestamptz NOT NULL)`,
    );
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    await database.db.delete(probe);
  });

  it('answers rows as Drizzle maps them, dates included, by its builder and by raw SQL', async () => {
    await database.db.insert(probe).values({ id: 1, name: 'apple', at: AT });
    expect(await database.db.select().from(probe)).toEqual([{ id: 1, name: 'apple', at: AT }]);
    expect(await rowsOf(database, sql`SELECT id, name FROM thread_probe`)).toEqual([
      { id: 1, name: 'apple' },
    ]);
  });

  it('commits a transaction whose callback resolves, with what it answered', async () => {
    const answered = await database.db.transaction(async (tx) => {
      await tx.insert(probe).values({ id: 1, name: 'apple', at: AT });
      await tx.insert(probe).values({ id: 2, name: 'pear', at: AT });
      return 'done';
    });
    expect(answered).toBe('done');
    expect(await names(database)).toEqual(['apple', 'pear']);
  });

  it('rolls back a transaction whose callback throws, and throws what it threw', async () => {
    const thrown = new Error('out of stock');
    await expect(
      database.db.transaction(async (tx) => {
        await tx.insert(probe).values({ id: 1, name: 'apple', at: AT });
        throw thrown;
      }),
    ).rejects.toBe(thrown);
    expect(await names(database)).toEqual([]);
  });

  it('rolls back a nested transaction alone, keeping the outer one', async () => {
    await database.db.transaction(async (tx) => {
      await tx.insert(probe).values({ id: 1, name: 'apple', at: AT });
      await tx
        .transaction(async (inner) => {
          await inner.insert(probe).values({ id: 2, name: 'pear', at: AT });
          throw new Error('inner fails');
        })
        .catch(() => undefined);
    });
    expect(await names(database)).toEqual(['apple']);
  });

  it('brings PostgreSQL errors across with their code, constraint and table', async () => {
    await database.db.insert(probe).values({ id: 1, name: 'apple', at: AT });
    const err = await errorOf(() => database.db.insert(probe).values({ id: 2, name: 'apple', at: AT }));
    expect(err).toMatchObject({
      sqlState: '23505',
      constraint: 'thread_probe_name_key',
      table: 'thread_probe',
    });
    // The connection goes on as before.
    expect(await names(database)).toEqual(['apple']);
  });

  it('refuses to commit a transaction in which a statement failed, as PostgreSQL does', async () => {
    const err = await errorOf(() =>
      database.db.transaction(async (tx) => {
        await tx.insert(probe).values({ id: 1, name: 'apple', at: AT });
        await tx
          .insert(probe)
          .values({ id: 1, name: 'pear', at: AT })
          .catch(() => undefined);
      }),
    );
    expect(err.sqlState).toBe('25P02');
    expect(await names(database)).toEqual([]);
  });

  it('holds statements from outside an open transaction until it ends', async () => {
    const seen: string[] = [];
    let outside: Promise<void> | undefined;
    await database.db.transaction(async (tx) => {
      await tx.insert(probe).values({ id: 1, name: 'apple', at: AT });
      // Sent to the worker before the transaction's next statements, answered after its commit.
      outside = names(database).then((found) => void seen.push(`outside saw ${found.join(',')}`));
      await tx.insert(probe).values({ id: 2, name: 'pear', at: AT });
      seen.push(`inside saw ${(await tx.select().from(probe)).length}`);
    });
    await outside;
    expect(seen).toEqual(['inside saw 2', 'outside saw apple,pear']);
  });

  it("runs a transaction's statements back to back: work queued meanwhile waits for its end", async () => {
    // Statements answered as messages would each wait a turn of the event loop, behind whatever
    // else is queued there, holding the transaction (and every other statement) open meanwhile.
    const order: string[] = [];
    let other: Promise<void> | undefined;
    await database.db.transaction(async (tx) => {
      for (const [i, name] of ['apple', 'pear', 'plum'].entries()) {
        await tx.insert(probe).values({ id: i + 1, name, at: AT });
        order.push(name);
        other ??= new Promise<void>((resolve) =>
          setImmediate(() => {
            order.push('other work');
            resolve();
          }),
        );
      }
    });
    order.push('committed');
    await other;
    expect(order).toEqual(['apple', 'pear', 'plum', 'committed', 'other work']);
    expect(await names(database)).toEqual(['apple', 'pear', 'plum']);
  });

  it('lets other work run during the statements of a transaction opened in the background', async () => {
    // A long transaction (an import) would otherwise hold the thread for each of its statements.
    const order: string[] = [];
    let other: Promise<void> | undefined;
    await inBackground(() =>
      database.db.transaction(async (tx) => {
        for (const [i, name] of ['apple', 'pear', 'plum'].entries()) {
          other ??= new Promise<void>((resolve) =>
            setImmediate(() => {
              order.push('other work');
              resolve();
            }),
          );
          await tx.insert(probe).values({ id: i + 1, name, at: AT });
          order.push(name);
        }
      }),
    );
    order.push('committed');
    await other;
    expect(order.indexOf('other work')).toBeLessThan(order.indexOf('pear'));
    expect(await names(database)).toEqual(['apple', 'pear', 'plum']);
  });

  it('holds other transactions and statements until a background transaction ends, then runs them', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let opened: () => void = () => undefined;
    const open = new Promise<void>((resolve) => {
      opened = resolve;
    });
    const background = inBackground(() =>
      database.db.transaction(async (tx) => {
        await tx.insert(probe).values({ id: 1, name: 'apple', at: AT });
        opened();
        await released;
        await tx.insert(probe).values({ id: 2, name: 'pear', at: AT });
      }),
    );
    await open;
    const seen: string[] = [];
    // A checkout's transaction (its statements block the thread) and a lone statement, meanwhile.
    const checkout = database.db.transaction(async (tx) => {
      seen.push(`checkout saw ${(await tx.select().from(probe)).length}`);
      await tx.insert(probe).values({ id: 3, name: 'plum', at: AT });
    });
    const outside = names(database).then((found) => void seen.push(`outside saw ${found.length}`));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toEqual([]);
    release();
    await Promise.all([background, checkout, outside]);
    expect(seen).toContain('checkout saw 2');
    expect(await names(database)).toEqual(['apple', 'pear', 'plum']);
  });

  it('dumps its data directory, from which a new database starts with the same rows', async () => {
    await database.db.insert(probe).values({ id: 1, name: 'apple', at: AT });
    const dump = await database.dumpDataDir?.();
    const copy = await openDatabase({ kind: 'memory' }, { dump, pgliteThread: 'worker' });
    try {
      expect(await names(copy)).toEqual(['apple']);
    } finally {
      await copy.close();
    }
  });
});

describe('the shop while its embedded database is busy', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t?.close());

  it('answers a catalogue read over HTTP while a long statement runs', async () => {
    let slept = false;
    // PGlite on the main thread would hold every request for these two seconds.
    const sleeping = t.database.db.execute(sql`SELECT pg_sleep(2)`).then(() => {
      slept = true;
    });
    const banners = await fetch(`${base}/api/index_banners`);
    expect(banners.status).toBe(200);
    expect(((await banners.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
    expect(slept).toBe(false);
    await sleeping;
    expect(slept).toBe(true);
  });
});
