import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port';

/** Debian's pgbouncer (scripts/ensure-system.sh installs it). */
export const PGBOUNCER = '/usr/sbin/pgbouncer';

export interface PgBouncer {
  /** `postgresUrl` with its host and port replaced by the bouncer's. */
  url: string;
  /** Transactions the bouncer passed to PostgreSQL for `database`, from its admin console (SHOW STATS). */
  transactions(database: string): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Starts pgbouncer in transaction mode on 127.0.0.1 and a free port, in front of the PostgreSQL
 * server of `postgresUrl`, with few server connections per database so that one client's
 * transactions run on several server sessions, as they do on a busy shop's bouncer.
 */
export async function startPgBouncer(postgresUrl: string, serverConnections = 2): Promise<PgBouncer> {
  const target = new URL(postgresUrl);
  const user = decodeURIComponent(target.username || 'postgres');
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'shop-pgbouncer-'));
  // pgbouncer refuses to run as root: run as root (these machines), it is told to become nobody,
  // who must be able to read its files.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await chmod(dir, 0o755);
  const usersFile = join(dir, 'users.txt');
  await writeFile(usersFile, `"${user}" "${decodeURIComponent(target.password)}"\n`, { mode: 0o644 });
  const configFile = join(dir, 'pgbouncer.ini');
  await writeFile(
    configFile,
    [
      '[databases]',
      `* = host=${target.hostname} port=${target.port || '5432'}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${usersFile}`,
      'pool_mode = transaction',
      `default_pool_size = ${serverConnections}`,
      'max_client_conn = 200',
      `admin_users = ${user}`,
      'ignore_startup_parameters = extra_float_digits,options',
      '',
    ].join('\n'),
    { mode: 0o644 },
  );
  const child: ChildProcess = spawn(PGBOUNCER, [...(asRoot ? ['-u', 'nobody'] : []), configFile], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // Ready once it says it listens: its own line, no polling of the port.
  await new Promise<void>((resolve, reject) => {
    const seen = () => {
      if (!log.includes('listening on')) return;
      child.stderr?.off('data', seen);
      resolve();
    };
    child.stderr?.on('data', seen);
    child.once('exit', (code) => reject(new Error(`pgbouncer exited (${code}): ${log}`)));
  });

  const url = new URL(postgresUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  const admin = new URL(url);
  admin.pathname = '/pgbouncer';
  return {
    url: url.toString(),
    async transactions(database) {
      // The admin console speaks the simple query protocol only: a query without parameters.
      const client = new pg.Client({ connectionString: admin.toString() });
      await client.connect();
      try {
        const { rows } = await client.query<{ database: string; total_xact_count: string }>('SHOW STATS');
        return Number(rows.find((r) => r.database === database)?.total_xact_count ?? 0);
      } finally {
        await client.end();
      }
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** Whether this machine has pgbouncer (a test that needs it says so instead of passing quietly). */
export const hasPgBouncer = existsSync(PGBOUNCER);
