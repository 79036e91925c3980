import pg from 'pg';

const POSTGRES_ADMIN = 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchPostgres {
  url: string;
  /** The server's version, e.g. "15.14". */
  version: string;
  drop(): Promise<void>;
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
    version =
      (await admin.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version ?? '';
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return {
    url: `postgres://postgres@127.0.0.1:5432/${name}`,
    version: version.split(' ')[0] ?? version,
    drop: async () => {
      const again = new pg.Client({ connectionString: POSTGRES_ADMIN });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).finally(() => again.end());
    },
  };
}
