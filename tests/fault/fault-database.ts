import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, notInArray } from 'drizzle-orm';
import { type Database, openDatabase } from '#server/db/client';
import { addresses, cartLines, products, promotionProducts, sessions, users } from '#server/db/schema';
import { SESSION_TTL_MS } from '#server/modules/account/account.service';
import { hashToken, newToken } from '#server/modules/account/secrets';
import { ADDRESS, type Shopper } from '../helpers/shoppers';
import { freshDatabase, templateRef } from '../helpers/test-database';

/**
 * The database a fault suite's server processes run on, seeded from the test template: PGlite
 * files under a temporary DATA_DIR (what `npm start` uses), or a fresh PostgreSQL database when
 * TEST_DATABASE_URL is set.
 */
export interface FaultDatabase {
  kind: 'pglite' | 'postgres';
  /** The environment that points a server process at this database. */
  settings: Record<string, string>;
  /**
   * Runs `fn` on the database from the test process. PGlite files belong to one process at a
   * time, so call it only while no server runs; that also reopens them the way a restart does.
   */
  use<T>(fn: (database: Database) => Promise<T>): Promise<T>;
  drop(): Promise<void>;
}

export async function faultDatabase(): Promise<FaultDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), 'shop-fault-'));
  const ref = templateRef();
  if (ref.kind === 'postgres') {
    const fresh = await freshDatabase(ref);
    if (fresh.config.kind !== 'postgres') throw new Error('expected a PostgreSQL database');
    return {
      kind: 'postgres',
      settings: { DATA_DIR: dataDir, DATABASE_URL: fresh.config.url },
      use: (fn) => fn(fresh.database),
      drop: async () => {
        await fresh.drop();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  const dir = join(dataDir, 'db');
  let dump: Blob | undefined = new Blob([await readFile(ref.location)]);
  return {
    kind: 'pglite',
    settings: { DATA_DIR: dataDir },
    use: async (fn) => {
      const database = await openDatabase({ kind: 'files', dir }, dump ? { dump } : {});
      dump = undefined;
      try {
        return await fn(database);
      } finally {
        await database.close();
      }
    },
    drop: () => rm(dataDir, { recursive: true, force: true }),
  };
}

export interface FaultShopper extends Shopper {
  addressUuid: string;
  /** Cart line id and amount per product id, as put in the cart before the traffic. */
  lines: Map<number, { id: number; amount: number }>;
}

/**
 * Signed-in shoppers with a default address and the given cart lines (product id → amount), made
 * in SQL a table at a time: the sign-up, address and cart flows have their own tests.
 */
export async function makeShoppers(
  database: Database,
  count: number,
  cartOf: (i: number) => [productId: number, amount: number][],
): Promise<FaultShopper[]> {
  const now = new Date();
  const tag = randomUUID().slice(0, 8);
  const tokens = Array.from({ length: count }, () => newToken());
  const made = await database.db
    .insert(users)
    .values(
      tokens.map((_, i) => ({
        uuid: randomUUID(),
        email: `fault${i}.${tag}@example.com`,
        name: `Shopper ${i}`,
        passwordHash: 'none',
        createdAt: now,
      })),
    )
    .returning({ id: users.id, uuid: users.uuid, email: users.email });
  await database.db.insert(sessions).values(
    made.map((u, i) => ({
      userId: u.id,
      tokenHash: hashToken(tokens[i] ?? ''),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    })),
  );
  const addressUuids = made.map(() => randomUUID());
  await database.db.insert(addresses).values(
    made.map((u, i) => ({
      uuid: addressUuids[i] ?? '',
      userId: u.id,
      ...ADDRESS,
      defaultStatus: 1,
      createdAt: now,
    })),
  );
  const lines = await database.db
    .insert(cartLines)
    .values(
      made.flatMap((u, i) =>
        cartOf(i).map(([productId, amount]) => ({ userId: u.id, productId, amount, createdAt: now })),
      ),
    )
    .returning();
  return made.map((u, i) => ({
    ...u,
    token: tokens[i] ?? '',
    addressUuid: addressUuids[i] ?? '',
    lines: new Map(
      lines.filter((l) => l.userId === u.id).map((l) => [l.productId, { id: l.id, amount: l.amount }]),
    ),
  }));
}

/** The first `count` products on sale and in no promotion, so their price is plain (sold by `soldBy` if given). */
export async function plainProducts(
  database: Database,
  count: number,
  soldBy: 'unit' | 'weight' | undefined = undefined,
): Promise<{ id: number; uuid: string }[]> {
  const { db } = database;
  const rows = await db
    .select({ id: products.id, uuid: products.uuid })
    .from(products)
    .where(
      and(
        eq(products.onSale, true),
        notInArray(products.id, db.select({ id: promotionProducts.productId }).from(promotionProducts)),
        soldBy === undefined ? undefined : eq(products.soldBy, soldBy),
      ),
    )
    .orderBy(products.id)
    .limit(count);
  if (rows.length < count) throw new Error('the demo catalogue has too few products');
  return rows;
}
