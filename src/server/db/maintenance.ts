import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Database, rowsOf } from './client';

/** How often an embedded (PGlite) database is vacuumed and analysed while the shop runs. */
export const PGLITE_MAINTENANCE_MS = 5 * 60_000;
/** A table whose vacuum held every shopper's queries longer than this is logged as a warning. */
const SLOW_TABLE_MS = 200;

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
export async function maintainEmbedded(database: Database): Promise<MaintenanceReport | undefined> {
  if (database.kind !== 'pglite') return undefined;
  const started = performance.now();
  const tables = await rowsOf<{ name: string }>(
    database,
    sql`SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`,
  );
  let slowest: MaintenanceReport['slowest'];
  for (const { name } of tables) {
    const tableStarted = performance.now();
    await database.db.execute(sql`VACUUM (ANALYZE) ${sql.identifier(name)}`);
    const ms = Math.round(performance.now() - tableStarted);
    if (!slowest || ms > slowest.ms) slowest = { table: name, ms };
  }
  return { ms: Math.round(performance.now() - started), slowest };
}

/** Runs `maintainEmbedded` every `everyMs` until `stop` is called; nothing on PostgreSQL. */
export function startEmbeddedMaintenance(
  database: Database,
  log: FastifyBaseLogger,
  everyMs = PGLITE_MAINTENANCE_MS,
): { stop(): void } {
  if (database.kind !== 'pglite') return { stop() {} };
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    maintainEmbedded(database)
      .then((report) => {
        if (report?.slowest && report.slowest.ms >= SLOW_TABLE_MS) {
          log.warn(report, 'embedded database vacuum held queries');
        } else log.debug(report, 'embedded database vacuumed');
      })
      .catch((err) => log.warn({ err }, 'embedded database maintenance failed'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
