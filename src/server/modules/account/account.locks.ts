import { sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client';

/** Holds a lock named by `key` until the transaction ends, on PGlite and PostgreSQL alike. */
async function lockUntilCommit(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/** Serialises everything about one address inside a transaction: codes, sign-ups, password tries. */
export async function lockAddress(tx: Tx, email: string): Promise<void> {
  await lockUntilCommit(tx, `account:${email}`);
}

/** Serialises one client's password tries, so its count across addresses holds under a burst. */
export async function lockClient(tx: Tx, client: string): Promise<void> {
  await lockUntilCommit(tx, `sign-in-client:${client}`);
}
