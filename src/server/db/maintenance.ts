import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from './client';

/** How often an embedded (PGlite) database is vacuumed and analysed while the shop runs. */
export const PGLITE_MAINTENANCE_MS = 5 * 60_000;
/** A table whose vacuum held every shopper's queries longer than this is logged as a warning. */
export const SLOW_TABLE_MS = 200;

/** Where maintenance reports (the app's logger). */
export interface MaintenanceLog {
  debug(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** What decides the timing of maintenance; tests set all of it, so none depends on the machine's speed. */
export interface MaintenanceTiming {
  /** How often it runs; PGLITE_MAINTENANCE_MS by default. */
  everyMs?: number;
  /** A table that took at least this long is logged as a warning; SLOW_TABLE_MS by default. */
  slowTableMs?: number;
  /** Milliseconds from some fixed moment, to measure each table's vacuum; performance.now by default. */
  now?: () => number;
  /** Calls `tick` every `everyMs` until the answered function is called; an unref'd setInterval by default. */
  every?: (tick: () => void, everyMs: number) => () => void;
}

function everyUnref(tick: () => void, everyMs: number): () => void {
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

export interface MaintenanceReport {
  ms: number;
  /** The table that took longest, and how long: what shoppers waited for at most. */
  slowest: { table: string; ms: number } | undefined;
}

/**
 * What PostgreSQL's autovacuum does, for PGlite, which has none: PGlite runs PostgreSQL as a single
 * backend, so no autovacuum worker ever starts. Without this, every order's stock update leaves a
 * dead row version and index entries behind (stock_changed_at is indexed, so the updates are not
 * HOT): the products table grew 16-fold over 80,000 updates in a measurement, and planner
 * statistics stayed those of the empty tables of the first start.
 *
 * Queries wait for a VACUUM, as they wait for each other on PGlite's one connection. So each table
 * is vacuumed by a statement of its own, and the queries that arrived meanwhile run between them:
 * shoppers wait for one table's vacuum at most, not the whole database's (662 ms under load after
 * 10,000 orders, when it was one statement). Nothing on PostgreSQL, whose autovacuum decides.
 */
export async function maintainEmbedded(
  database: Database,
  now: () => number = () => performance.now(),
): Promise<MaintenanceReport | undefined> {
  if (database.kind !== 'pglite') return undefined;
  const started = now();
  const tables = await rowsOf<{ name: string }>(
    database,
    sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`,
  );
  let slowest: MaintenanceReport['slowest'];
  for (const { name } of tables) {
    const tableStarted = now();
    await database.db.execute(sql`VACUUM (ANALYZE) ${sql.identifier(name)}`);
    const ms = Math.round(now() - tableStarted);
    if (!slowest || ms > slowest.ms) slowest = { table: name, ms };
  }
  return { ms: Math.round(now() - started), slowest };
}

/** Runs `maintainEmbedded` every `timing.everyMs` until `stop` is called; nothing on PostgreSQL. */
export function startEmbeddedMaintenance(
  database: Database,
  log: MaintenanceLog,
  timing: MaintenanceTiming = {},
): { stop(): void } {
  if (database.kind !== 'pglite') return { stop() {} };
  const slowTableMs = timing.slowTableMs ?? SLOW_TABLE_MS;
  let running = false;
  const stop = (timing.every ?? everyUnref)(() => {
    if (running) return;
    running = true;
    maintainEmbedded(database, timing.now)
      .then((report) => {
        if (report?.slowest && report.slowest.ms >= slowTableMs) {
          log.warn(report, 'embedded database vacuum held queries');
        } else log.debug(report ?? {}, 'embedded database vacuumed');
      })
      .catch((err) => log.warn({ err }, 'embedded database maintenance failed'))
      .finally(() => {
        running = false;
      });
  }, timing.everyMs ?? PGLITE_MAINTENANCE_MS);
  return { stop };
}
