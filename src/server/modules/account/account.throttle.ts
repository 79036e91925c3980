import { and, count, desc, eq, gt, max } from 'drizzle-orm';
import type { Clock } from '#server/clock';
import type { Db, Tx } from '#server/db/client';
import { signInClients, signInFailures } from '#server/db/schema';
import { TooManyRequests } from '#server/errors';
import { lockAddress, lockClient } from './account.locks';
import type { PasswordHasher } from './password';

/** Failed tries one client may make at one address within the window (SECURITY.md, Accounts). */
export const FAILURES_PER_PAIR = 5;
/** Failed tries one client may make across all addresses within the window. */
export const FAILURES_PER_CLIENT = 30;
export const FAILURE_WINDOW_MS = 15 * 60_000;
/** Failed tries at one address, from all clients in a day, before each further try must wait. */
export const ADDRESS_FREE_FAILURES = 20;
export const ADDRESS_WINDOW_MS = 24 * 3_600_000;
/** The address's wait doubles from 1 s with each further failure, up to this. */
export const ADDRESS_MAX_WAIT_MS = 15 * 60_000;
/** A client that signed in (or reset the password) stays exempt from the address's wait so long. */
export const KNOWN_CLIENT_MS = 30 * 86_400_000;

/** A password try: the address it is for and the client it comes from (`clientKey`). */
export interface PasswordTry {
  email: string;
  client: string;
}

/**
 * Counts a password try before the password is checked, holding the client's and the address's
 * locks, so a burst of concurrent tries cannot all pass the limits before any is counted. Refuses
 * with a 429 (and how long to wait) while a limit holds. Returns the counted try's id, for
 * `forgetPasswordTry` when the check could not run.
 */
export async function countPasswordTry(db: Db, attempt: PasswordTry, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    // Always the client's lock first: no two tries can each hold what the other waits for.
    await lockClient(tx, attempt.client);
    await lockAddress(tx, attempt.email);
    const waits = [
      await pairWait(tx, attempt, now),
      await clientWait(tx, attempt.client, now),
      await addressWait(tx, attempt, now),
    ];
    const waitMs = Math.max(...waits);
    if (waitMs > 0) {
      throw new TooManyRequests(Math.max(1, Math.ceil(waitMs / 1000)), 'errors:account.signInThrottled');
    }
    const [counted] = await tx
      .insert(signInFailures)
      .values({ email: attempt.email, ip: attempt.client, at: now })
      .returning({ id: signInFailures.id });
    return counted?.id ?? 0;
  });
}

/**
 * Checks a password try against a stored hash (or the decoy when there is none), counted before
 * the check; a try the queue refused (503) is not held against the client. Shoppers' and staff's
 * sign-ins both go through here (staff tries are counted under `staff:` addresses).
 */
export async function checkPasswordTry(
  deps: { db: Db; clock: Clock; passwords: PasswordHasher },
  attempt: PasswordTry,
  password: string,
  stored: string | undefined | null,
): Promise<boolean> {
  const now = deps.clock.now();
  const tryId = await countPasswordTry(deps.db, attempt, now);
  let matches: boolean;
  try {
    matches = await deps.passwords.verify(password, stored ?? undefined);
  } catch (error) {
    await forgetPasswordTry(deps.db, tryId);
    throw error;
  }
  if (matches) await recordPasswordSuccess(deps.db, attempt, now);
  return matches;
}

/** Takes back a counted try whose password was never checked (the shop was too busy to hash). */
export async function forgetPasswordTry(db: Db, id: number): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.id, id));
}

/**
 * A right password forgives this client's failures at the address (its other clients' stay
 * counted) and exempts the client from the address's shared wait.
 */
export async function recordPasswordSuccess(db: Db, attempt: PasswordTry, now: Date): Promise<void> {
  await db
    .delete(signInFailures)
    .where(and(eq(signInFailures.email, attempt.email), eq(signInFailures.ip, attempt.client)));
  await rememberClient(db, attempt, now);
}

/**
 * A password reset proves the mailbox: every failure at the address is forgiven, from any client,
 * and the client that reset it is remembered as the owner's.
 */
export async function forgiveAddress(tx: Tx, attempt: PasswordTry, now: Date): Promise<void> {
  await tx.delete(signInFailures).where(eq(signInFailures.email, attempt.email));
  await rememberClient(tx, attempt, now);
}

async function rememberClient(db: Db | Tx, attempt: PasswordTry, now: Date): Promise<void> {
  await db
    .insert(signInClients)
    .values({ email: attempt.email, ip: attempt.client, at: now })
    .onConflictDoUpdate({ target: [signInClients.email, signInClients.ip], set: { at: now } });
}

/** Milliseconds until the oldest of the last `limit` failures leaves the window; 0 when fewer. */
function windowWait(recent: { at: Date }[], limit: number, now: Date): number {
  const oldest = recent[limit - 1];
  return oldest ? oldest.at.getTime() + FAILURE_WINDOW_MS - now.getTime() : 0;
}

async function pairWait(tx: Tx, attempt: PasswordTry, now: Date): Promise<number> {
  const recent = await tx
    .select({ at: signInFailures.at })
    .from(signInFailures)
    .where(
      and(
        eq(signInFailures.email, attempt.email),
        eq(signInFailures.ip, attempt.client),
        gt(signInFailures.at, new Date(now.getTime() - FAILURE_WINDOW_MS)),
      ),
    )
    .orderBy(desc(signInFailures.at))
    .limit(FAILURES_PER_PAIR);
  return windowWait(recent, FAILURES_PER_PAIR, now);
}

async function clientWait(tx: Tx, client: string, now: Date): Promise<number> {
  const recent = await tx
    .select({ at: signInFailures.at })
    .from(signInFailures)
    .where(
      and(eq(signInFailures.ip, client), gt(signInFailures.at, new Date(now.getTime() - FAILURE_WINDOW_MS))),
    )
    .orderBy(desc(signInFailures.at))
    .limit(FAILURES_PER_CLIENT);
  return windowWait(recent, FAILURES_PER_CLIENT, now);
}

/**
 * The address's shared wait: none for a client that signed in to it lately, none for the first 20
 * failures of the day, then 1 s after the latest failure, doubling with each further one up to
 * 15 minutes. Guessing from many clients slows to about four tries an hour, and the owner is
 * never shut out: a known client skips this wait, and a reset clears it.
 */
async function addressWait(tx: Tx, attempt: PasswordTry, now: Date): Promise<number> {
  const [known] = await tx
    .select({ id: signInClients.id })
    .from(signInClients)
    .where(
      and(
        eq(signInClients.email, attempt.email),
        eq(signInClients.ip, attempt.client),
        gt(signInClients.at, new Date(now.getTime() - KNOWN_CLIENT_MS)),
      ),
    );
  if (known) return 0;
  const [tally] = await tx
    .select({ failures: count(), latest: max(signInFailures.at) })
    .from(signInFailures)
    .where(
      and(
        eq(signInFailures.email, attempt.email),
        gt(signInFailures.at, new Date(now.getTime() - ADDRESS_WINDOW_MS)),
      ),
    );
  const beyond = (tally?.failures ?? 0) - ADDRESS_FREE_FAILURES;
  if (beyond < 0 || !tally?.latest) return 0;
  const backOff = Math.min(1000 * 2 ** beyond, ADDRESS_MAX_WAIT_MS);
  return tally.latest.getTime() + backOff - now.getTime();
}
