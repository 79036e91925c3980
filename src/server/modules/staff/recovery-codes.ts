import { createHmac, randomInt } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client';
import { staffRecoveryCodes } from '#server/db/schema';
import {
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  recoveryCodeOf,
} from '#shared/schemas/staff.rules';

/*
 * One-time recovery codes: the way back into the console when the authenticator is lost. Only a
 * hash keyed by the shop's secret is stored (a copy of the database alone cannot be tried
 * offline); each code is spent by one conditional update, so two requests cannot both use it.
 */

/** What offering a recovery code came to. */
export type RecoverySpend = 'spent' | 'used' | 'wrong';

function newCode(): string {
  let code = '';
  for (let i = 0; i < RECOVERY_CODE_LENGTH; i++) {
    code += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
  }
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export class RecoveryCodes {
  constructor(private readonly key: Buffer) {}

  private hash(code: string): string {
    return createHmac('sha256', this.key).update(`recovery:${code}`).digest('base64url');
  }

  /** Replaces the staff member's codes with new ones, answered once here, in `tx`. */
  async replace(tx: Tx | Db, staffId: number, now: Date): Promise<string[]> {
    await clearRecoveryCodes(tx, staffId);
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode);
    await tx.insert(staffRecoveryCodes).values(
      codes.map((code) => ({
        staffId,
        codeHash: this.hash(recoveryCodeOf(code) ?? code),
        createdAt: now,
      })),
    );
    return codes;
  }

  /** Spends `text` if it is one of the staff member's unused codes; says why not otherwise. */
  async spend(tx: Tx | Db, staffId: number, text: string, now: Date): Promise<RecoverySpend> {
    const code = recoveryCodeOf(text);
    if (!code) return 'wrong';
    const ofCode = and(
      eq(staffRecoveryCodes.staffId, staffId),
      eq(staffRecoveryCodes.codeHash, this.hash(code)),
    );
    const [spent] = await tx
      .update(staffRecoveryCodes)
      .set({ usedAt: now })
      .where(and(ofCode, isNull(staffRecoveryCodes.usedAt)))
      .returning({ id: staffRecoveryCodes.id });
    if (spent) return 'spent';
    const [known] = await tx.select({ id: staffRecoveryCodes.id }).from(staffRecoveryCodes).where(ofCode);
    return known ? 'used' : 'wrong';
  }
}

/** How many of the staff member's recovery codes are still unused. */
export async function recoveryCodesLeft(db: Db | Tx, staffId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.staffId, staffId), isNull(staffRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Forgets every recovery code of the staff member (second factor off or reset). */
export async function clearRecoveryCodes(tx: Tx | Db, staffId: number): Promise<void> {
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
}
