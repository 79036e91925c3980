import { and, asc, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { signInFailures } from '../../db/schema';
import { TooManyRequests } from '../../errors';

/** Failed sign-ins allowed per address and per client address within the window. */
export const FAILURES_PER_ADDRESS = 5;
export const FAILURES_PER_CLIENT = 30;
export const FAILURE_WINDOW_MS = 15 * 60_000;

/**
 * Refuses a sign-in while the address, or the client, has too many recent failures. Counting per
 * address holds however many client addresses the tries come from.
 */
export async function checkSignInThrottle(db: Db, email: string, ip: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
  const forAddress = await db
    .select({ at: signInFailures.at })
    .from(signInFailures)
    .where(and(eq(signInFailures.email, email), gt(signInFailures.at, since)))
    .orderBy(asc(signInFailures.at));
  if (forAddress.length >= FAILURES_PER_ADDRESS) {
    const oldest = forAddress[forAddress.length - FAILURES_PER_ADDRESS];
    throw new TooManyRequests(waitSeconds(oldest?.at ?? now, now), 'errors:account.signInThrottled');
  }
  const [forClient] = await db
    .select({ n: count() })
    .from(signInFailures)
    .where(and(eq(signInFailures.ip, ip), gt(signInFailures.at, since)));
  if ((forClient?.n ?? 0) >= FAILURES_PER_CLIENT) {
    throw new TooManyRequests(Math.ceil(FAILURE_WINDOW_MS / 1000), 'errors:account.signInThrottled');
  }
}

function waitSeconds(oldest: Date, now: Date): number {
  return Math.max(1, Math.ceil((oldest.getTime() + FAILURE_WINDOW_MS - now.getTime()) / 1000));
}

export async function recordSignInFailure(db: Db, email: string, ip: string, now: Date): Promise<void> {
  await db.insert(signInFailures).values({ email, ip, at: now });
}

/** A successful sign-in forgives the address's earlier failures. */
export async function clearSignInFailures(db: Db, email: string): Promise<void> {
  await db.delete(signInFailures).where(eq(signInFailures.email, email));
}
