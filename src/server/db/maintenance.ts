import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './client';

/** How often an embedded (PGlite) database is vacuumed and analysed while the shop runs. */
export const PGLITE_MAINTENANCE_MS = 5 * 60_000;

/**
 * What PostgreSQL's autovacuum does, for PGlite, which has none: PGlite runs PostgreSQL as a single
 * backend, so no autovacuum worker ever starts. Without this, every order's stock update leaves a
 * dead row version and index entries behind (stock_changed_at is indexed, so the updates are not
 * HOT): the products table grew 16-fold over 80,000 updates in a measurement, and planner
 * statistics stayed those of the empty tables of the first start. A lazy VACUUM skips pages
 * with nothing to clean and takes a few milliseconds on the demo shop; queries wait for it,
 * as they wait for each other on PGlite's one connection.
 */
export async function maintainEmbedded(database: Database): Promise<void> {
  if (database.kind !== 'pglite') return;
  await database.db.execute(sql`VACUUM (ANALYZE)`);
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
    const started = performance.now();
    maintainEmbedded(database)
      .then(() => log.debug({ ms: Math.round(performance.now() - started) }, 'embedded database vacuumed'))
      .catch((err) => log.warn({ err }, 'embedded database maintenance failed'))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
