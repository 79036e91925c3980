import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf } from './client';
import { PreparedStatements } from './pglite-prepared';

/** What PostgreSQL holds for the session: each statement's text and how often it ran. */
async function sessionStatements(db: PGlite): Promise<{ statement: string; runs: number }[]> {
  const { rows } = await db.query<{ statement: string; runs: number }>(
    `SELECT statement, (generic_plans + custom_plans)::int AS runs FROM pg_prepared_statements ORDER BY statement`,
  );
  return rows;
}

const AT = new Date('2026-11-25T10:00:00.123Z');

describe('named prepared statements on PGlite', () => {
  let db: PGlite;
  let prepared: PreparedStatements;
  beforeAll(async () => {
    db = await PGlite.create();
  });
  afterAll(async () => db?.close());
  beforeEach(async () => {
    await db.exec(`DEALLOCATE ALL; DROP TABLE IF EXISTS probe;
      CREATE TABLE probe (id integer PRIMARY KEY, name text NOT NULL CONSTRAINT probe_name_key UNIQUE,
        at timestamptz, tags text[], details jsonb, ok boolean)`);
    prepared = new PreparedStatements(db, 3);
  });

  it('answers what PGlite’s own query answers, for every kind of value, in both row modes', async () => {
    const insert =
      'INSERT INTO probe (id, name, at, tags, details, ok) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *';
    const row = [1, 'apple', AT, ['red', 'sweet'], { kg: 2, 苹果: true }, true];
    const written = await prepared.query(insert, row, {}, false);
    await db.query(insert, [2, 'pear', null, null, null, false]);
    const read = 'SELECT * FROM probe WHERE id = ANY($1) ORDER BY id';
    for (const rowMode of ['object', 'array'] as const) {
      const own = await db.query(read, [[1, 2]], { rowMode });
      expect(await prepared.query(read, [[1, 2]], { rowMode }, false)).toEqual(own);
    }
    expect(written.rows).toEqual([
      { id: 1, name: 'apple', at: AT, tags: ['red', 'sweet'], details: { kg: 2, 苹果: true }, ok: true },
    ]);
    expect(written.affectedRows).toBe(1);
  });

  it('parses a text once and runs it again by name, inside and outside transactions', async () => {
    const count = 'SELECT count(*)::int AS n FROM probe WHERE id > $1';
    for (let i = 0; i < 4; i++) await prepared.query(count, [i], {}, false);
    await db.transaction(async () => {
      await prepared.query(count, [0], {}, true);
    });
    expect(await sessionStatements(db)).toEqual([{ statement: count, runs: 5 }]);
  });

  it('keeps a statement made in a transaction that rolled back, and one whose first run failed', async () => {
    const insert = 'INSERT INTO probe (id, name) VALUES ($1, $2)';
    await db.query(insert, [1, 'apple']);
    await expect(
      db.transaction(async () => {
        await prepared.query(insert, [2, 'pear'], {}, true);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const failed = await prepared.query(insert, [3, 'apple'], {}, false).catch((err: unknown) => err);
    expect(failed).toMatchObject({ code: '23505', constraint: 'probe_name_key', query: insert });
    await prepared.query(insert, [3, 'plum'], {}, false);
    const { rows } = await db.query<{ name: string }>('SELECT name FROM probe ORDER BY id');
    expect(rows.map((r) => r.name)).toEqual(['apple', 'plum']);
    expect(await sessionStatements(db)).toEqual([{ statement: insert, runs: 3 }]);
  });

  it('closes the least recently used beyond its capacity', async () => {
    const texts = [1, 2, 3, 4].map((n) => `SELECT ${n} AS n, $1::int AS id`);
    for (const text of texts) await prepared.query(text, [1], {}, false);
    await prepared.query(texts[1] as string, [1], {}, false);
    await prepared.query('SELECT 5 AS n, $1::int AS id', [1], {}, false);
    expect((await sessionStatements(db)).map((s) => s.statement)).toEqual([
      texts[1],
      texts[3],
      'SELECT 5 AS n, $1::int AS id',
    ]);
    expect(prepared.size).toBe(3);
  });

  it('prepares again a statement the session lost, or whose columns a schema change altered', async () => {
    const read = 'SELECT name FROM probe WHERE id = $1';
    await db.query(`INSERT INTO probe (id, name) VALUES (1, 'apple')`);
    expect((await prepared.query(read, [1], {}, false)).rows).toEqual([{ name: 'apple' }]);
    await db.exec('DEALLOCATE ALL');
    await expect(prepared.query(read, [1], {}, false)).rejects.toMatchObject({ code: '26000' });
    expect((await prepared.query(read, [1], {}, false)).rows).toEqual([{ name: 'apple' }]);

    await db.exec('ALTER TABLE probe ALTER COLUMN name TYPE varchar(20)');
    await expect(prepared.query(read, [1], {}, false)).rejects.toMatchObject({ code: '0A000' });
    expect((await prepared.query(read, [1], {}, false)).fields).toEqual([{ name: 'name', dataTypeID: 1043 }]);
    expect(await sessionStatements(db)).toEqual([{ statement: read, runs: 1 }]);
  });
});

const fruit = pgTable('fruit', { id: integer('id').primaryKey(), name: text('name').notNull() });

describe.each(['worker', 'main'] as const)('Drizzle on PGlite (%s thread)', (pgliteThread) => {
  it('runs each text it sends as one prepared statement, in and out of transactions', async () => {
    const database = await openDatabase({ kind: 'memory' }, { pgliteThread });
    try {
      const { db } = database;
      await db.execute(sql`CREATE TABLE fruit (id integer PRIMARY KEY, name text NOT NULL)`);
      await db.insert(fruit).values({ id: 1, name: 'apple' });
      await db.transaction(async (tx) => {
        await tx.insert(fruit).values({ id: 2, name: 'pear' });
        expect(await tx.select().from(fruit).where(eq(fruit.id, 2))).toEqual([{ id: 2, name: 'pear' }]);
      });
      expect(await db.select().from(fruit).where(eq(fruit.id, 1))).toEqual([{ id: 1, name: 'apple' }]);
      const statements = await rowsOf<{ statement: string; runs: number }>(
        database,
        sql`SELECT statement, (generic_plans + custom_plans)::int AS runs FROM pg_prepared_statements
            WHERE statement LIKE '%"fruit"%' AND position('pg_prepared_statements' IN statement) = 0
            ORDER BY statement`,
      );
      expect(statements).toEqual([
        { statement: 'insert into "fruit" ("id", "name") values ($1, $2)', runs: 2 },
        { statement: 'select "id", "name" from "fruit" where "fruit"."id" = $1', runs: 2 },
      ]);
    } finally {
      await database.close();
    }
  });
});
