import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { projectPath } from '../project-root';
import type { Database } from './client';

export const MIGRATIONS_DIR = projectPath('drizzle');

/** Applies the committed SQL migrations that have not run yet; a no-op when all have. */
export async function runMigrations(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.kind === 'pglite') await migratePglite(database.db as unknown as PgliteDatabase, config);
  else await migratePg(database.db as unknown as NodePgDatabase, config);
}
