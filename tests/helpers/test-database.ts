import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import type { Config } from '#server/config';
import { type Database, openDatabase } from '#server/db/client';

/**
 * Where the migrated, seeded template lives: a PGlite dump file, or a PostgreSQL template database
 * when TEST_DATABASE_URL is set. Made once per run by global-setup.ts; each test file copies it.
 */
export interface TemplateRef {
  kind: 'pglite' | 'postgres';
  /** PGlite: path of the dump; PostgreSQL: name of the template database. */
  location: string;
  /** PostgreSQL: the server URL. */
  url?: string;
}

export const TEMPLATE_ENV = 'SHOP_TEST_TEMPLATE';

/**
 * Where the tests' embedded databases run: on a worker thread, as the server runs them, unless
 * PGLITE_WORKER=0 asks for the test's own thread (as the server's setting of that name does).
 */
export const TEST_PGLITE_THREAD = process.env.PGLITE_WORKER === '0' ? 'main' : 'worker';

export function templateRef(): TemplateRef {
  const raw = process.env[TEMPLATE_ENV];
  if (!raw) throw new Error('test template missing: run API tests through vitest (global setup)');
  return JSON.parse(raw) as TemplateRef;
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A fresh database holding the seeded catalogue, and how to throw it away. */
export async function freshDatabase(ref: TemplateRef = templateRef()): Promise<{
  database: Database;
  config: Config['database'];
  drop(): Promise<void>;
}> {
  if (ref.kind === 'pglite') {
    const dump = await readFile(ref.location);
    const database = await openDatabase(
      { kind: 'memory' },
      { dump: new Blob([dump]), pgliteThread: TEST_PGLITE_THREAD },
    );
    return { database, config: { kind: 'memory' }, drop: async () => database.close() };
  }
  const serverUrl = ref.url ?? '';
  const name = `shop_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name} TEMPLATE ${ref.location}`);
  const config = { kind: 'postgres' as const, url: withDatabase(serverUrl, name) };
  const database = await openDatabase(config);
  return {
    database,
    config,
    drop: async () => {
      await database.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
