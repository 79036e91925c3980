import pg from 'pg';

/** The application name of lock connections, so operators (and tests) can find them in pg_stat_activity. */
export const LOCK_APPLICATION_NAME = 'shop-timer-locks';

/** Any constant shared by every process of this shop: the first half of each timer's lock key. */
const TIMER_LOCK_CLASS = 7_240_114;

/** Runs `fn` unless the timer `name` is running already, here or (PostgreSQL) in another process. */
export type OnlyOne = <T>(name: string, fn: () => Promise<T>) => Promise<T | undefined>;

/** Runs a timer's tick unless this process is still on its last one (all PGlite needs: one process). */
export function oneAtATimeHere(): OnlyOne {
  const running = new Set<string>();
  return async (name, fn) => {
    if (running.has(name)) return undefined;
    running.add(name);
    try {
      return await fn();
    } finally {
      running.delete(name);
    }
  };
}

/**
 * Session advisory locks on a connection of their own, straight to PostgreSQL: a transaction-mode
 * pooler (PgBouncer) hands each transaction another server session, where a session lock would be
 * taken on one and released on none. The lock goes with the session, so a process that dies or
 * loses its connection lets the next one run the timer.
 */
export class SessionLocks {
  private client: Promise<pg.Client> | undefined;
  // A session may take its own advisory lock again, so this process's own ticks are kept apart here.
  private readonly here = oneAtATimeHere();
  private closed = false;

  constructor(private readonly url: string) {}

  readonly onlyOne: OnlyOne = (name, fn) =>
    this.here(name, async () => {
      if (this.closed) return undefined;
      const client = await this.connection();
      const key = [TIMER_LOCK_CLASS, name];
      const { rows } = await client.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked',
        key,
      );
      if (!rows[0]?.locked) return undefined;
      try {
        return await fn();
      } finally {
        await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', key).catch(() => undefined);
      }
    });

  async close(): Promise<void> {
    this.closed = true;
    const client = await this.client?.catch(() => undefined);
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  /** The lock connection, made on first use and again after it was lost. */
  private connection(): Promise<pg.Client> {
    if (this.client) return this.client;
    const client = new pg.Client({ connectionString: this.url, application_name: LOCK_APPLICATION_NAME });
    const forget = () => {
      if (this.client === made) this.client = undefined;
    };
    client.on('error', forget);
    client.on('end', forget);
    const made = client.connect().then(() => client);
    made.catch(forget);
    this.client = made;
    return made;
  }
}

/**
 * Runs `fn` holding the database-wide lock `key`, waiting for it, on a connection made for it
 * (straight to PostgreSQL, for the reason above); the lock ends with that connection.
 */
export async function withSessionLock<T>(url: string, key: number, fn: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, application_name: LOCK_APPLICATION_NAME });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [key]);
    return await fn();
  } finally {
    await client.end().catch(() => undefined);
  }
}
