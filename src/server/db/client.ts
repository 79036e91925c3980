import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Config } from '../config';
import { projectPath } from '../project-root';
import { demoDumpFile } from './demo-dump';
import { type ListenHandlers, type Listening, listenOn } from './listen';
import { preparingClient } from './pglite-prepared';
import { pgliteOptions } from './pglite-settings';
import { openPgliteWorker, type PgliteClient } from './pglite-thread';
import { acquireProcessLock } from './process-lock';
import * as schema from './schema';
import { type OnlyOne, oneAtATimeHere, SessionLocks, withSessionLock } from './session-locks';
import { extractTar } from './untar';

/** Long transactions that leave PGlite's worker client the main thread meanwhile (pglite-thread.ts). */
export { inBackground } from './pglite-thread';

/** Driver-neutral Drizzle handle: the same queries run on PGlite and on PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** What a transaction callback receives; it accepts every query `Db` does. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PGlite: the data directory as an uncompressed tar (tests keep it as a template, the build as a dump). */
  dumpDataDir?(): Promise<Blob>;
  /** A new PGlite database that started from the build's demo dump (see demo-dump.ts). */
  fromDemoDump?: boolean;
  /** PGlite files: the folder of this process's lock on them (see process-lock.ts). */
  lockFolder?: string;
  /** Runs `fn` while holding a database-wide lock, so several processes migrate and seed one at a time. */
  exclusively<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * Runs a timer's tick (a sweep) unless it is running already: on PostgreSQL in any process of the
   * shop (a session advisory lock, session-locks.ts), so one process does it at a time; on PGlite
   * (one process) unless this process is still on the last one. Answers undefined when skipped.
   */
  onlyOne: OnlyOne;
  /** PostgreSQL: the most connections the pool opens (DATABASE_POOL_MAX). */
  poolMax?: number;
  /**
   * PostgreSQL: LISTENs on `channel` on a connection of its own, listening again after `retryMs`
   * when it is lost (listen.ts). Absent on PGlite: one process, which tells itself.
   */
  listen?(channel: string, handlers: ListenHandlers, retryMs: number): Listening;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** A PGlite data directory dump (from `dumpDataDir`) to start from instead of an empty cluster. */
  dump?: Blob;
  /** SEED=demo: a new PGlite database starts from the build's migrated and seeded dump, if any. */
  seed?: 'demo' | 'none';
  /** PGlite files: what this process is, for the message a second process gets ("the shop server"). */
  holder?: string;
  /**
   * Where PGlite runs: on a worker thread (the default: HTTP keeps the main thread while the
   * database works on the other core, docs/decisions/017) or on the main thread (PGLITE_WORKER=0).
   */
  pgliteThread?: 'worker' | 'main';
}

/**
 * A dump of a newly initialised, empty PGlite cluster. Creating a cluster takes PGlite 3–8 s on
 * these machines, loading this dump under 1 s; so a new database starts from it (migrations and
 * seeding still run). Made the first time it is missing; `npm run build` makes it too.
 */
export const EMPTY_CLUSTER_DUMP = projectPath('build/pglite-empty-cluster.tar');

/**
 * Opens the database the configuration names: PGlite files, a throw-away PGlite, or PostgreSQL.
 * PGlite files are locked for this process until `close()`; when another live process holds
 * them this throws `DatabaseInUse` (process-lock.ts) before anything is read.
 */
export async function openDatabase(
  database: Config['database'],
  options: OpenOptions = {},
): Promise<Database> {
  if (database.kind === 'postgres') return openPostgres(database);
  if (database.kind === 'memory') return openPglite(undefined, options);
  const lock = acquireProcessLock(
    database.dir,
    options.holder ?? `a process running ${basename(process.argv[1] ?? 'node')}`,
  );
  try {
    const opened = await openPglite(database.dir, options);
    return {
      ...opened,
      lockFolder: lock.folder,
      close: async () => {
        try {
          await opened.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (err) {
    lock.release();
    throw err;
  }
}

async function openPglite(dataDir: string | undefined, options: OpenOptions): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const isNew = dataDir === undefined || readdirSync(dataDir).length === 0;
  const demo = isNew && !options.dump && options.seed === 'demo' ? demoDumpFile() : undefined;
  const dumpFile = isNew && !options.dump ? (demo ?? emptyClusterDumpFile()) : undefined;
  if (dataDir && dumpFile) writeDumpInto(dumpFile, dataDir);
  const start = options.dump ?? (dumpFile && !dataDir ? new Blob([readFileSync(dumpFile)]) : undefined);
  const client = await openPgliteClient(dataDir, start, options.pgliteThread);
  if (isNew && !start && !dumpFile) await saveEmptyClusterDump(client);
  return { ...wrapPglite(client), fromDemoDump: demo !== undefined };
}

/**
 * A new database on files starts as the dump's files, written beside its folder (under its lock) and moved into
 * place, so that a start stopped halfway leaves the folder empty and the next start begins again.
 */
function writeDumpInto(dumpFile: string, dataDir: string): void {
  const partial = `${dataDir}.partial`;
  rmSync(partial, { recursive: true, force: true });
  extractTar(dumpFile, partial);
  rmdirSync(dataDir);
  renameSync(partial, dataDir);
}

async function openPgliteClient(
  dataDir: string | undefined,
  start: Blob | undefined,
  thread: OpenOptions['pgliteThread'],
): Promise<PGlite | PgliteClient> {
  if (thread === 'main') return preparingClient(await PGlite.create(dataDir, pgliteOptions(start)));
  return openPgliteWorker(dataDir, start);
}

function emptyClusterDumpFile(): string | undefined {
  return existsSync(EMPTY_CLUSTER_DUMP) ? EMPTY_CLUSTER_DUMP : undefined;
}

/** Keeps a dump of a cluster that has just been created, before anything is written to it. */
export async function saveEmptyClusterDump(client: Pick<PgliteClient, 'dumpDataDir'>): Promise<void> {
  const dump = await client.dumpDataDir('none');
  mkdirSync(dirname(EMPTY_CLUSTER_DUMP), { recursive: true });
  const partial = `${EMPTY_CLUSTER_DUMP}.${process.pid}.partial`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, EMPTY_CLUSTER_DUMP);
}

/** Drizzle over a PGlite client, in this thread or on the worker (whose proxy Drizzle takes for one). */
export function wrapPglite(client: PGlite | PgliteClient): Database {
  const db = drizzlePglite({ client: client as PGlite, schema }) as unknown as Db;
  let queue: Promise<unknown> = Promise.resolve();
  return {
    db,
    kind: 'pglite',
    dumpDataDir: () => client.dumpDataDir('none'),
    // One PGlite belongs to one process, so an in-process queue is the lock.
    exclusively(fn) {
      const run = queue.then(fn, fn);
      queue = run.catch(() => undefined);
      return run;
    },
    onlyOne: oneAtATimeHere(),
    close: () => client.close(),
  };
}

/** The migrate-and-seed lock's key: any constant shared by every process of this shop. */
const LOCK_ID = 7_240_113;

/** How many connections a process's pool opens when DATABASE_POOL_MAX does not say. */
const POOL_MAX_DEFAULT = 10;

/**
 * PostgreSQL: queries through a pool on `url` (which may be PgBouncer in transaction mode: Drizzle
 * and node-postgres send unnamed statements only, which such a pooler passes through), and LISTEN
 * and session locks straight to PostgreSQL on `directUrl`.
 */
async function openPostgres(database: Extract<Config['database'], { kind: 'postgres' }>): Promise<Database> {
  const { url } = database;
  const directUrl = database.directUrl ?? url;
  const poolMax = database.poolMax ?? POOL_MAX_DEFAULT;
  const pool = new pg.Pool({ connectionString: url, max: poolMax });
  // An idle client's error (the server restarted) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const locks = new SessionLocks(directUrl);
  return {
    db,
    kind: 'postgres',
    poolMax,
    exclusively: (fn) => withSessionLock(directUrl, LOCK_ID, fn),
    onlyOne: locks.onlyOne,
    listen: (channel, handlers, retryMs) => listenOn(directUrl, channel, handlers, retryMs),
    close: async () => {
      await locks.close();
      await pool.end();
    },
  };
}

/** The rows of a raw query (db.execute answers the driver's result, typed loosely by Drizzle). */
export async function rowsOf<T>(database: Database, query: SQL): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
