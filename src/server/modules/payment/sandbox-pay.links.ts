import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { payments } from '#server/db/schema';

/**
 * A sandbox pay link stands for one wallet attempt and works once (docs: SECURITY.md, payments):
 * `open` until its Pay or Fail is pressed, `used` afterwards (or once the attempt is settled some
 * other way), `unknown` when no attempt has its reference (a database started afresh).
 */
export type SandboxLinkState = 'open' | 'used' | 'unknown';

/** The state of the link for the attempt `reference`, for its page. */
export async function sandboxLinkState(db: Db, reference: string): Promise<SandboxLinkState> {
  const [row] = await db
    .select({ status: payments.status, usedAt: payments.sandboxUsedAt })
    .from(payments)
    .where(and(eq(payments.reference, reference), eq(payments.kind, 'wallet')));
  if (!row) return 'unknown';
  return row.status === 'started' && row.usedAt === null ? 'open' : 'used';
}

/**
 * Claims the link for one press of Pay or Fail: a conditional update, so of two presses — in one
 * process or two — exactly one answers `claimed`; every other finds the link `used`.
 */
export async function claimSandboxLink(
  db: Db,
  reference: string,
  now: Date,
): Promise<'claimed' | Exclude<SandboxLinkState, 'open'>> {
  const claimed = await db
    .update(payments)
    .set({ sandboxUsedAt: now, updatedAt: now })
    .where(
      and(
        eq(payments.reference, reference),
        eq(payments.kind, 'wallet'),
        eq(payments.status, 'started'),
        isNull(payments.sandboxUsedAt),
      ),
    )
    .returning({ id: payments.id });
  if (claimed.length > 0) return 'claimed';
  return (await sandboxLinkState(db, reference)) === 'unknown' ? 'unknown' : 'used';
}
