import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Changed, RunAudited } from '#server/audit';
import type { Db, Tx } from '#server/db/client';
import { staff } from '#server/db/schema';
import { BadInput, Conflict, Forbidden, Unauthorized } from '#server/errors';
import { countPasswordTry } from '#server/modules/account/account.throttle';
import type { StaffView } from '#shared/schemas/staff.rules';
import { totpRequired } from '#shared/schemas/staff.rules';
import { qrSvg } from './qr';
import { clearRecoveryCodes, RecoveryCodes, recoveryCodesLeft } from './recovery-codes';
import {
  endSessions,
  type StaffRow,
  type StaffService,
  type StaffUser,
  staffTry,
  staffView,
} from './staff.service';
import { matchTotp, newTotpSecret, openSecret, otpauthUri, sealSecret } from './totp';

/** A code offered for a change to the second factor: whose, from which client, and how it is audited. */
interface CodeCheck {
  user: StaffUser;
  row: StaffRow;
  code: string;
  client: string;
  audited: RunAudited;
}

/**
 * Staff sign-in and its second factor: the password (counted and throttled as for shoppers), then,
 * when the staff member has an authenticator, its code or one of their recovery codes. Every wrong
 * code counts as a failed try of the same throttle, so guessing codes is as slow as guessing
 * passwords.
 */
export class StaffSignIn {
  private readonly recovery: RecoveryCodes;

  constructor(
    private readonly staff: StaffService,
    /** Seals and opens TOTP secrets at rest (derived from the shop's secret). */
    private readonly totpKey: Buffer,
    /** The issuer authenticator apps show beside the code. */
    private readonly shopName: string,
  ) {
    this.recovery = new RecoveryCodes(totpKey);
  }

  private get now(): Date {
    return this.staff.deps.clock.now();
  }

  async signIn(
    input: { email: string; password: string; code?: string | undefined },
    client: string,
  ): Promise<{ token: string; staff: StaffView }> {
    // The try counts as a failure until the second factor is right too.
    const row = await this.staff.checkPassword(input.email, input.password, client);
    if (row.totpEnabledAt) {
      if (!input.code) throw new Unauthorized('errors:staff.needsCode', {}, { needsCode: true });
      await this.checkSecondFactor(row, input.code);
    }
    await this.staff.forgive(input.email, client);
    const token = await this.staff.openSession(row.id);
    return { token, staff: staffView(row) };
  }

  /** The authenticator's six digits, or else one of the recovery codes, spent here. */
  private async checkSecondFactor(row: StaffRow, code: string): Promise<void> {
    if (/^\d{6}$/.test(code)) {
      if (await this.spendCode(this.staff.db, row, code)) return;
      throw new Unauthorized('errors:staff.wrongCode', {}, { needsCode: true });
    }
    const spent = await this.recovery.spend(this.staff.db, row.id, code, this.now);
    if (spent === 'spent') return;
    const key = spent === 'used' ? 'errors:staff.recoveryCodeUsed' : 'errors:staff.wrongRecoveryCode';
    throw new Unauthorized(key, {}, { needsCode: true });
  }

  private async countWrongCode(row: StaffRow, client: string): Promise<void> {
    await countPasswordTry(this.staff.db, staffTry(row.email, client), this.now);
  }

  /**
   * Whether `code` is the staff member's current code, never used before: the step it matched is
   * stored only if it is later than the last one used, so two requests cannot both use one code.
   */
  private async spendCode(tx: Db | Tx, row: StaffRow, code: string): Promise<boolean> {
    const secret = row.totpSecret ? openSecret(this.totpKey, row.totpSecret) : undefined;
    if (!secret) return false;
    const step = matchTotp(secret, code, this.now, row.totpLastStep);
    if (step === undefined) return false;
    const [spent] = await tx
      .update(staff)
      .set({ totpLastStep: step })
      .where(and(eq(staff.id, row.id), or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step))))
      .returning({ id: staff.id });
    return spent !== undefined;
  }

  private async row(user: StaffUser): Promise<StaffRow> {
    const [row] = await this.staff.db.select().from(staff).where(eq(staff.id, user.id));
    if (!row) throw new Unauthorized();
    return row;
  }

  /**
   * Starts enrolment: a new secret (kept sealed, not yet in force), the link an authenticator app
   * reads, and its QR code. The secret is shown only here; starting again replaces it.
   */
  async startTotp(user: StaffUser): Promise<{ secret: string; otpauthUri: string; qrSvg: string }> {
    const row = await this.row(user);
    if (row.totpEnabledAt) throw new Conflict('errors:staff.totpAlreadyOn');
    const secret = newTotpSecret();
    await this.staff.db
      .update(staff)
      .set({ totpSecret: sealSecret(this.totpKey, secret), totpLastStep: null })
      .where(eq(staff.id, row.id));
    const uri = otpauthUri(secret, this.shopName, row.email);
    return { secret, otpauthUri: uri, qrSvg: qrSvg(uri) };
  }

  /**
   * Puts the started secret in force once the app shows its first code, and answers the ten
   * recovery codes: shown only here, stored hashed.
   */
  async confirmTotp(
    user: StaffUser,
    code: string,
    client: string,
    audited: RunAudited,
  ): Promise<{ staff: StaffView; recoveryCodes: string[] }> {
    const row = await this.row(user);
    if (row.totpEnabledAt) throw new Conflict('errors:staff.totpAlreadyOn');
    if (!row.totpSecret) throw new BadInput('errors:staff.totpNotStarted');
    const now = this.now;
    let recoveryCodes: string[] = [];
    const staffView = await this.changeWithCode(
      { user, row, code, client, audited },
      'staff.totp.enable',
      { totpEnabledAt: now },
      async (tx) => {
        recoveryCodes = await this.recovery.replace(tx, row.id, now);
      },
    );
    return { staff: staffView, recoveryCodes };
  }

  /** How many unused recovery codes the staff member has left. */
  async recoveryCodesLeft(user: StaffUser): Promise<{ left: number }> {
    return { left: await recoveryCodesLeft(this.staff.db, user.id) };
  }

  /**
   * New recovery codes for old ones (all of which stop working), with a current authenticator
   * code: a lost list, or one running out. Answered once, here.
   */
  async regenerateRecoveryCodes(
    user: StaffUser,
    code: string,
    client: string,
    audited: RunAudited,
  ): Promise<{ recoveryCodes: string[] }> {
    const row = await this.row(user);
    if (!row.totpEnabledAt) throw new Conflict('errors:staff.totpNotOn');
    const now = this.now;
    const done = await audited(user, async (tx): Promise<Changed<string[] | undefined>> => {
      if (!(await this.spendCode(tx, row, code))) return { result: undefined, audit: [] };
      const codes = await this.recovery.replace(tx, row.id, now);
      return {
        result: codes,
        audit: { action: 'staff.recovery.renew', targetType: 'staff', targetId: row.id },
      };
    });
    if (!done) {
      await this.countWrongCode(row, client);
      throw new BadInput('errors:staff.wrongCode');
    }
    return { recoveryCodes: done };
  }

  /** Turns the second factor off, with a current code; owners must keep theirs. */
  async disableTotp(user: StaffUser, code: string, client: string, audited: RunAudited): Promise<StaffView> {
    if (totpRequired(user.role)) throw new Forbidden('errors:staff.ownerKeepsTotp');
    const row = await this.row(user);
    if (!row.totpEnabledAt) throw new Conflict('errors:staff.totpNotOn');
    const off = { totpSecret: null, totpEnabledAt: null, totpLastStep: null };
    return this.changeWithCode({ user, row, code, client, audited }, 'staff.totp.disable', off, (tx) =>
      clearRecoveryCodes(tx, row.id),
    );
  }

  /**
   * Spends a current code and makes `change` to the staff row, reported for the audit log as
   * `action`, with `also` in one transaction that `audited` runs; a wrong code changes nothing, counts as a
   * failed try once that transaction ended, and answers 400. The staff member's other sessions
   * end: they were opened under the old second factor (or without one).
   */
  private async changeWithCode(
    { user, row, code, client, audited }: CodeCheck,
    action: string,
    change: Partial<typeof staff.$inferInsert>,
    also?: (tx: Tx) => Promise<void>,
  ): Promise<StaffView> {
    const now = this.now;
    const done = await audited(user, async (tx): Promise<Changed<boolean>> => {
      if (!(await this.spendCode(tx, row, code))) return { result: false, audit: [] };
      await tx.update(staff).set(change).where(eq(staff.id, row.id));
      await also?.(tx);
      await endSessions(tx, row.id, now, user.sessionId);
      return { result: true, audit: { action, targetType: 'staff', targetId: row.id } };
    });
    if (!done) {
      await this.countWrongCode(row, client);
      throw new BadInput('errors:staff.wrongCode');
    }
    return this.staff.view(row.id);
  }
}
