import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { assertWholeProcessOn, type Child, hasExited, startChild, stopChild } from './children';
import { freePort } from './net';

const POSTGRES_ADMIN = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchPostgres {
  url: string;
  /** The server's version, e.g. "15.14". */
  version: string;
  /** Which server it is, for the bench's notes. */
  where: string;
  drop(): Promise<void>;
}

/** The server's version number, e.g. "15.14" (without the distribution's suffix). */
async function serverVersion(client: pg.Client): Promise<string> {
  const shown = (await client.query<{ server_version: string }>('SHOW server_version')).rows[0]
    ?.server_version;
  return (shown ?? '').split(' ')[0] ?? '';
}

/** A fresh database `<prefix>_<pid>` on the local PostgreSQL, or undefined when none answers. */
export async function createPostgresDatabase(prefix: string): Promise<BenchPostgres | undefined> {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  const name = `${prefix}_${process.pid}`;
  let version = '';
  try {
    version = await serverVersion(admin);
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return {
    url: `postgres://postgres@127.0.0.1:5432/${name}`,
    version,
    where:
      'the local server on 127.0.0.1:5432, not pinned: its backends run where the OS puts them, on either core',
    drop: async () => {
      const again = new pg.Client({ connectionString: POSTGRES_ADMIN });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => again.end());
    },
  };
}

/** Where PostgreSQL's binaries are: BENCH_POSTGRES_BIN, else the newest /usr/lib/postgresql/<n>/bin. */
function postgresBin(): string | undefined {
  const asked = process.env.BENCH_POSTGRES_BIN;
  if (asked) return asked;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && join(root, versions[0], 'bin');
}

/**
 * A PostgreSQL cluster of the bench's own, every process of it on `core` with the shop's server:
 * a one-core machine runs its database on the same core as the shop, and the shared server on
 * 127.0.0.1:5432 lets its backends run on the core the load generator uses. Default settings
 * (those `initdb` writes), listening on 127.0.0.1 only. As root, PostgreSQL runs as the `postgres`
 * user, which it requires. Undefined when PostgreSQL's binaries are not found.
 */
export async function startPostgresOnCore(prefix: string, core: number): Promise<BenchPostgres | undefined> {
  const bin = postgresBin();
  if (!bin) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'bench-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const as = (command: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  if (asRoot) {
    chmodSync(dir, 0o755);
    spawnSync('chown', ['postgres:', dir]);
  }
  const [initdb, initArgs] = as(join(bin, 'initdb'), [
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
  const made = spawnSync(initdb, initArgs, { encoding: 'utf8' });
  if (made.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed: ${made.stderr || made.stdout}`);
  }
  const port = await freePort();
  const [command, args] = as(join(bin, 'postgres'), [
    '-D',
    data,
    '-p',
    String(port),
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    `unix_socket_directories=${dir}`,
  ]);
  const child = startChild('postgres', command, args, { cpu: core });
  const stop = async () => {
    // A fast shutdown: the shop's connections are gone or going, nothing to wait for.
    if (child.proc.pid !== undefined) process.kill(-child.proc.pid, 'SIGINT');
    await stopChild(child, 10_000);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const admin = `postgres://postgres@127.0.0.1:${port}/postgres`;
    const version = await waitForPostgres(admin, child);
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    try {
      await client.query(`CREATE DATABASE ${prefix}`);
      const backend = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
      if (backend !== undefined) assertWholeProcessOn(backend, core);
    } finally {
      await client.end();
    }
    return {
      url: `postgres://postgres@127.0.0.1:${port}/${prefix}`,
      version,
      where: `a cluster of the bench's own (initdb's settings), every process on core ${core} with the server`,
      drop: stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}

async function waitForPostgres(url: string, child: Child): Promise<string> {
  for (let tries = 0; ; tries++) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      return await serverVersion(client);
    } catch (err) {
      if (hasExited(child) || tries >= 300)
        throw new Error(`PostgreSQL did not start: ${child.output() || err}`);
      await sleep(100);
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}

/**
 * The PostgreSQL a one-core bench compares PGlite with: its own cluster on `core`
 * (startPostgresOnCore), else a database on the shared server, not pinned; undefined when neither.
 */
export async function postgresForOneCore(prefix: string, core: number): Promise<BenchPostgres | undefined> {
  return (await startPostgresOnCore(prefix, core)) ?? (await createPostgresDatabase(prefix));
}
