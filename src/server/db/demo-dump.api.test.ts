import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../clock';
import { type Database, openDatabase } from './client';
import { demoDumpPath, saveDemoDump } from './demo-dump';
import { prepareDatabase } from './prepare';
import { catalogueState, coupons, products, promotions } from './schema';

const DAY = 86_400_000;

/** What a shopper could tell apart: every product, promotion and coupon, dates relative to the seeding. */
async function catalogueAsSeen(database: Database) {
  const db = database.db;
  const [state] = await db.select().from(catalogueState);
  const seededAt = state?.seededAt?.getTime() ?? Number.NaN;
  const since = (d: Date) => d.getTime() - seededAt;
  const rows = await db.select().from(products).orderBy(asc(products.id));
  return {
    version: state?.version,
    products: rows.map(({ createdAt, stockChangedAt: _, ...p }) => ({ ...p, created: since(createdAt) })),
    promotions: (await db.select().from(promotions).orderBy(asc(promotions.id))).map(
      ({ startsAt, endsAt, ...p }) => ({ ...p, starts: since(startsAt), ends: since(endsAt) }),
    ),
    coupons: (await db.select().from(coupons).orderBy(asc(coupons.id))).map(({ startsAt, endsAt, ...c }) => ({
      ...c,
      starts: since(startsAt),
      ends: since(endsAt),
    })),
  };
}

describe('the build’s demo database dump', () => {
  let root: string;
  let dataDir: string;
  let seededHere: Database;
  const builtAt = new Date('2026-03-01T08:00:00Z');
  const firstStart = new Date(builtAt.getTime() + 40 * DAY);

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'shop-demo-dump-'));
    // DATA_DIR/db, as the server has it: its lock (db.lock) goes beside it, inside `root`.
    dataDir = join(root, 'db');
    // What `npm run build` does: migrate and seed a new database, keep it as the dump.
    const build = await openDatabase({ kind: 'memory' });
    await prepareDatabase(build, { seed: 'demo' }, new ManualClock(builtAt));
    await saveDemoDump({ dumpDataDir: build.dumpDataDir as NonNullable<Database['dumpDataDir']> });
    await build.close();
    // The slow path, for comparison: a database seeded at the first start itself.
    seededHere = await openDatabase({ kind: 'memory' });
    await prepareDatabase(seededHere, { seed: 'demo' }, new ManualClock(firstStart));
  });
  afterAll(async () => {
    await seededHere?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('is named after the sources it was made from', () => {
    expect(demoDumpPath()).toMatch(/build[\\/]pglite-demo-[0-9a-f]{16}\.tar$/);
    expect(demoDumpPath('0123456789abcdef')).not.toBe(demoDumpPath());
  });

  it('starts a new database with the catalogue a seeding at that moment makes, dated then', async () => {
    const database = await openDatabase({ kind: 'files', dir: dataDir }, { seed: 'demo' });
    try {
      expect(database.fromDemoDump).toBe(true);
      await prepareDatabase(database, { seed: 'demo' }, new ManualClock(firstStart));
      const [state] = await database.db.select().from(catalogueState);
      expect(state?.seededAt?.toISOString()).toBe(firstStart.toISOString());
      const [promo] = await database.db.select().from(promotions).orderBy(asc(promotions.id));
      expect(promo?.startsAt.getTime()).toBeLessThanOrEqual(firstStart.getTime());
      expect(promo?.endsAt.getTime()).toBeGreaterThan(firstStart.getTime());
      expect(await catalogueAsSeen(database)).toEqual(await catalogueAsSeen(seededHere));
    } finally {
      await database.close();
    }
  });

  it('is not used for a database that already exists, nor with SEED=none', async () => {
    const reopened = await openDatabase({ kind: 'files', dir: dataDir }, { seed: 'demo' });
    expect(reopened.fromDemoDump).toBe(false);
    await reopened.close();
    const bare = await openDatabase({ kind: 'memory' }, { seed: 'none' });
    expect(bare.fromDemoDump).toBe(false);
    await bare.close();
  });
});
