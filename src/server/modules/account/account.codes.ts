import { and, count, desc, eq, gt } from 'drizzle-orm';
import type { Tx } from '#server/db/client';
import { emailCodes } from '#server/db/schema';
import { BadInput, TooManyRequests } from '#server/errors';
import { hashCode, newCode } from './secrets';

export type CodePurpose = 'signup' | 'reset';

/** docs/architecture.md §5: a code lives 10 minutes, 5 wrong tries void it, one per address per 60 s. */
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;
export const CODE_RESEND_MS = 60_000;
export const CODES_PER_ADDRESS_PER_HOUR = 5;
export const CODES_PER_CLIENT_PER_HOUR = 20;
const HOUR_MS = 3_600_000;

const secondsUntil = (from: Date, now: Date) =>
  Math.max(1, Math.ceil((from.getTime() - now.getTime()) / 1000));

/**
 * Refuses a new code while the address had one in the last 60 s, or 5 in the last hour, or the
 * client asked for 20 in the last hour; the 429 says how many seconds to wait. The same for every
 * address, with or without an account, so it reveals nothing.
 */
export async function checkCodeRate(tx: Tx, email: string, ip: string, now: Date): Promise<void> {
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const recent = await tx
    .select({ createdAt: emailCodes.createdAt })
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), gt(emailCodes.createdAt, hourAgo)))
    .orderBy(desc(emailCodes.createdAt));
  const last = recent[0];
  if (last && now.getTime() - last.createdAt.getTime() < CODE_RESEND_MS) {
    throw new TooManyRequests(
      secondsUntil(new Date(last.createdAt.getTime() + CODE_RESEND_MS), now),
      'errors:account.codeWait',
    );
  }
  const oldest = recent[CODES_PER_ADDRESS_PER_HOUR - 1];
  if (oldest) {
    throw new TooManyRequests(
      secondsUntil(new Date(oldest.createdAt.getTime() + HOUR_MS), now),
      'errors:account.codeHourly',
    );
  }
  const [fromClient] = await tx
    .select({ n: count() })
    .from(emailCodes)
    .where(and(eq(emailCodes.ip, ip), gt(emailCodes.createdAt, hourAgo)));
  if ((fromClient?.n ?? 0) >= CODES_PER_CLIENT_PER_HOUR) {
    throw new TooManyRequests(Math.ceil(HOUR_MS / 1000), 'errors:account.codeHourly');
  }
}

/** Records a sent mail; returns the code to put in it, or undefined for a mail that carries none. */
export async function issueCode(
  tx: Tx,
  key: Buffer,
  input: { email: string; purpose: CodePurpose; ip: string; withCode: boolean },
  now: Date,
): Promise<string | undefined> {
  const code = input.withCode ? newCode() : undefined;
  await tx.insert(emailCodes).values({
    email: input.email,
    purpose: input.purpose,
    codeHash: code ? hashCode(key, input.email, input.purpose, code) : '',
    ip: input.ip,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
  });
  return code;
}

export type CodeCheck = 'ok' | 'invalid' | 'voided';

export interface CodeAttempt {
  email: string;
  purpose: CodePurpose;
  code: string;
}

/**
 * Checks a code against the address's newest one for the purpose; with `use`, a right code is
 * used up. A wrong code counts a try; the fifth voids it. The caller commits the counted try even
 * when it then refuses the request.
 */
export async function checkCode(
  tx: Tx,
  key: Buffer,
  attempt: CodeAttempt,
  now: Date,
  use: 'check' | 'use',
): Promise<CodeCheck> {
  const { email, purpose, code } = attempt;
  const [latest] = await tx
    .select()
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose)))
    .orderBy(desc(emailCodes.createdAt), desc(emailCodes.id))
    .limit(1);
  if (!latest || latest.usedAt || latest.codeHash === '' || latest.expiresAt <= now) return 'invalid';
  if (latest.attempts >= CODE_MAX_ATTEMPTS) return 'voided';
  if (latest.codeHash !== hashCode(key, email, purpose, code)) {
    const attempts = latest.attempts + 1;
    await tx.update(emailCodes).set({ attempts }).where(eq(emailCodes.id, latest.id));
    return attempts >= CODE_MAX_ATTEMPTS ? 'voided' : 'invalid';
  }
  if (use === 'use') await tx.update(emailCodes).set({ usedAt: now }).where(eq(emailCodes.id, latest.id));
  return 'ok';
}

export function codeError(check: Exclude<CodeCheck, 'ok'>): BadInput {
  return new BadInput(check === 'voided' ? 'errors:account.codeVoided' : 'errors:account.codeInvalid');
}
