import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as demo from '../../../seed/catalogue/index';
import { adminQuery, freshDatabase, templateRef, withDatabase } from '../../../tests/helpers/test-database';
import { ManualClock } from '../clock';
import { type Database, openDatabase } from './client';
import { prepareDatabase } from './prepare';
import { catalogueState, categories, productImages, products, promotionProducts } from './schema';

async function counts(database: Database) {
  const db = database.db;
  const [c] = await db.select({ n: count() }).from(categories);
  const [p] = await db.select({ n: count() }).from(products);
  const [i] = await db.select({ n: count() }).from(productImages);
  const [pp] = await db.select({ n: count() }).from(promotionProducts);
  const [v] = await db.select({ version: catalogueState.version }).from(catalogueState);
  return { categories: c?.n, products: p?.n, images: i?.n, promotionProducts: pp?.n, version: v?.version };
}

describe('migrations and seeding', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    fresh = await freshDatabase();
  });
  afterAll(async () => fresh?.drop());

  it('seeded the whole demo catalogue', async () => {
    const n = await counts(fresh.database);
    expect(n.products).toBe(demo.products.length);
    expect(n.categories).toBe(demo.categories.length + demo.categories.flatMap((c) => c.children).length);
    expect(n.images).toBe(demo.products.reduce((s, p) => s + p.images.length, 0));
  });

  it('changes nothing when migrations and seeding run again, twice', async () => {
    const before = await counts(fresh.database);
    const clock = new ManualClock(new Date('2027-03-01T00:00:00Z'));
    await prepareDatabase(fresh.database, { seed: 'demo' }, clock);
    await prepareDatabase(fresh.database, { seed: 'demo' }, clock);
    expect(await counts(fresh.database)).toEqual(before);
  });

  it('runs concurrent preparations one at a time', async () => {
    const before = await counts(fresh.database);
    const clock = new ManualClock();
    await Promise.all([1, 2, 3].map(() => prepareDatabase(fresh.database, { seed: 'demo' }, clock)));
    expect(await counts(fresh.database)).toEqual(before);
  });
});

describe('SEED=none', () => {
  it('migrates an empty database and leaves the catalogue empty', async () => {
    const ref = templateRef();
    let database: Database;
    let drop: () => Promise<void>;
    if (ref.kind === 'pglite') {
      database = await openDatabase({ kind: 'memory' });
      drop = () => database.close();
    } else {
      const name = `shop_empty_${process.pid}`;
      await adminQuery(ref.url ?? '', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await adminQuery(ref.url ?? '', `CREATE DATABASE ${name}`);
      database = await openDatabase({ kind: 'postgres', url: withDatabase(ref.url ?? '', name) });
      drop = async () => {
        await database.close();
        await adminQuery(ref.url ?? '', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      };
    }
    try {
      await prepareDatabase(database, { seed: 'none' }, new ManualClock());
      const n = await counts(database);
      expect(n.products).toBe(0);
      expect(n.categories).toBe(0);
      const tables = await database.db.execute(
        sql`select count(*)::int as n from information_schema.tables where table_name = 'products'`,
      );
      expect((tables as unknown as { rows: unknown[] }).rows[0]).toEqual({ n: 1 });
    } finally {
      await drop();
    }
  });
});
