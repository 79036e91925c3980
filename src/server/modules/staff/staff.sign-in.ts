import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client';
import { staff } from '#server/db/schema';
import { Unauthorized } from '#server/errors';
import { countPasswordTry } from '#server/modules/account/account.throttle';
import type { StaffView } from '#shared/schemas/staff.rules';
import { type StaffRow, type StaffService, staffTry, staffView } from './staff.service';
import { matchTotp, openSecret } from './totp';

/**
 * Staff sign-in: the password (counted and throttled as for shoppers), then, when the staff member
 * has an authenticator, its code. A wrong code counts as a failed try of the same throttle.
 */
export class StaffSignIn {
  constructor(
    private readonly staff: StaffService,
    /** Opens TOTP secrets at rest (derived from the shop's secret). */
    private readonly totpKey: Buffer,
  ) {}

  async signIn(
    input: { email: string; password: string; code?: string | undefined },
    client: string,
  ): Promise<{ token: string; staff: StaffView }> {
    const row = await this.staff.checkPassword(input.email, input.password, client);
    if (row.totpEnabledAt) {
      if (!input.code) throw new Unauthorized('errors:staff.needsCode', {}, { needsCode: true });
      if (!(await this.spendCode(this.staff.db, row, input.code))) {
        const { db, clock } = this.staff.deps;
        await countPasswordTry(db, staffTry(input.email, client), clock.now());
        throw new Unauthorized('errors:staff.wrongCode', {}, { needsCode: true });
      }
    }
    const token = await this.staff.openSession(row.id);
    return { token, staff: staffView(row) };
  }

  /**
   * Whether `code` is the staff member's current code, never used before: the step it matched is
   * stored only if it is later than the last one used, so two requests cannot both use one code.
   */
  async spendCode(tx: Db | Tx, row: StaffRow, code: string, sealed = row.totpSecret): Promise<boolean> {
    const secret = sealed ? openSecret(this.totpKey, sealed) : undefined;
    if (!secret) return false;
    const step = matchTotp(secret, code, this.staff.deps.clock.now(), row.totpLastStep);
    if (step === undefined) return false;
    const [used] = await tx
      .update(staff)
      .set({ totpLastStep: step })
      .where(and(eq(staff.id, row.id), or(isNull(staff.totpLastStep), lt(staff.totpLastStep, step))))
      .returning({ id: staff.id });
    return used !== undefined;
  }
}
