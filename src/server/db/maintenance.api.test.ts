import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, templateRef } from '../../../tests/helpers/test-database';
import { type Database, rowsOf } from './client';
import { maintainEmbedded, startEmbeddedMaintenance } from './maintenance';
import { products } from './schema';

interface TableStats {
  vacuumed: boolean;
  analysed: boolean;
}

async function productStats(database: Database): Promise<TableStats> {
  const [stats] = await rowsOf<TableStats>(
    database,
    sql`SELECT (last_vacuum IS NOT NULL OR last_autovacuum IS NOT NULL) AS vacuumed,
               (last_analyze IS NOT NULL OR last_autoanalyze IS NOT NULL) AS analysed
          FROM pg_stat_user_tables WHERE relname = 'products'`,
  );
  return stats as TableStats;
}

/** What an afternoon of orders and expiries does to the products table: every update leaves a dead row. */
async function sellRepeatedly(database: Database, times: number): Promise<void> {
  const [first] = await database.db.select({ id: products.id }).from(products).limit(1);
  if (!first) throw new Error('no products');
  for (let i = 0; i < times; i++) {
    await database.db
      .update(products)
      .set({
        realStock: sql`${products.realStock} + ${i % 2 ? -1 : 1}`,
        stockChangedAt: sql`clock_timestamp()`,
      })
      .where(eq(products.id, first.id));
  }
}

describe('maintenance of the embedded database', () => {
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    fresh = await freshDatabase();
  });
  afterAll(async () => fresh?.drop());

  it('vacuums and analyses PGlite, which has no autovacuum; leaves PostgreSQL to its own', async () => {
    const { database } = fresh;
    await sellRepeatedly(database, 200);
    await maintainEmbedded(database);
    const after = await productStats(database);
    if (database.kind === 'pglite') {
      // (Dead-row counts reach the statistics late, so they prove nothing here; the vacuum's own stamp does.)
      expect(after).toEqual({ vacuumed: true, analysed: true });
    } else {
      // PostgreSQL's autovacuum decides when; this call must not have run a VACUUM of its own.
      const [stats] = await rowsOf<{ untouched: boolean }>(
        database,
        sql`SELECT last_vacuum IS NULL AS untouched FROM pg_stat_user_tables WHERE relname = 'products'`,
      );
      expect(stats?.untouched).toBe(true);
    }
  });

  /**
   * A run vacuums every table in turn: more than poll's default second on a busy machine with some
   * forty tables. The clock the report reads is the test's own (eachVacuumTakes), so this only waits.
   */
  const UNTIL_VACUUMED = { timeout: 60_000 };

  /** A ticker the test turns by hand, in place of the real interval. */
  function handTicker() {
    const ticker = { tick: () => {}, everyMs: 0, stopped: false };
    const every = (tick: () => void, everyMs: number) => {
      Object.assign(ticker, { tick, everyMs });
      return () => {
        ticker.stopped = true;
      };
    };
    return { ticker, every };
  }

  /** A stopwatch on which every table's vacuum takes `ms`, however fast the machine is. */
  const eachVacuumTakes = (ms: number) => {
    let t = 0;
    return () => (t += ms);
  };

  it.runIf(templateRef().kind === 'pglite')('runs on its own every interval until stopped', async () => {
    const { database } = fresh;
    const vacuums = async () => {
      const [stats] = await rowsOf<{ n: number }>(
        database,
        sql`SELECT vacuum_count::int AS n FROM pg_stat_user_tables WHERE relname = 'products'`,
      );
      return stats?.n ?? 0;
    };
    const before = await vacuums();
    const logged: string[] = [];
    const note = (_: object, message: string) => {
      logged.push(message);
    };
    const { ticker, every } = handTicker();
    const maintenance = startEmbeddedMaintenance(
      database,
      { debug: note, warn: note },
      { everyMs: 60_000, every, slowTableMs: 200, now: eachVacuumTakes(199) },
    );
    expect(ticker.everyMs).toBe(60_000);
    ticker.tick();
    // A tick while a run is under way starts no second one.
    ticker.tick();
    await expect.poll(() => logged.length, UNTIL_VACUUMED).toBe(1);
    ticker.tick();
    await expect.poll(() => logged.length, UNTIL_VACUUMED).toBe(2);
    maintenance.stop();
    expect(ticker.stopped).toBe(true);
    // Below the threshold, a vacuum is routine: logged at debug, not as a warning.
    expect(logged).toEqual(['embedded database vacuumed', 'embedded database vacuumed']);
    expect(await vacuums()).toBe(before + 2);
  });

  it.runIf(templateRef().kind === 'pglite')(
    'warns when one table’s vacuum held queries for the threshold or longer',
    async () => {
      const warned: { slowest?: { ms: number } }[] = [];
      const { ticker, every } = handTicker();
      const maintenance = startEmbeddedMaintenance(
        fresh.database,
        { debug: () => {}, warn: (report: object) => warned.push(report as (typeof warned)[number]) },
        { every, slowTableMs: 200, now: eachVacuumTakes(200) },
      );
      ticker.tick();
      await expect.poll(() => warned.length, UNTIL_VACUUMED).toBe(1);
      maintenance.stop();
      expect(warned[0]?.slowest?.ms).toBe(200);
    },
  );
});
