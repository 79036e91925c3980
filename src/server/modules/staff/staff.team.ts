import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Changed, RunAudited } from '#server/audit';
import type { Tx } from '#server/db/client';
import { staff } from '#server/db/schema';
import { Conflict, Forbidden, NotFound } from '#server/errors';
import type { Mailer } from '#server/mail/mailer';
import type { Language } from '#shared/constants';
import type { StaffRole, StaffView } from '#shared/schemas/staff.rules';
import { clearRecoveryCodes } from './recovery-codes';
import { endSessions, type StaffRow, type StaffService, staffView } from './staff.service';
import { staffInviteMail } from './staff-mail';

export interface TeamDeps {
  staff: StaffService;
  /** Invitations are mailed when SMTP is configured; the link is always answered too. */
  mailer?: Mailer;
  shopName: string;
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/**
 * The owner's management of staff (docs/api.md, Admin): list, invite, change a role, remove. The
 * shop always keeps an owner; every change reports its audit line and ends the sessions it makes
 * stale.
 */
export class StaffTeam {
  constructor(private readonly deps: TeamDeps) {}

  private get db() {
    return this.deps.staff.db;
  }

  private get now(): Date {
    return this.deps.staff.deps.clock.now();
  }

  async list(page: number, pageSize: number) {
    const active = isNull(staff.removedAt);
    const rows = await this.db
      .select()
      .from(staff)
      .where(active)
      .orderBy(asc(staff.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize);
    const [total] = await this.db.select({ n: count() }).from(staff).where(active);
    return { list: rows.map(staffView), total: total?.n ?? 0, page, page_size: pageSize };
  }

  /**
   * Adds a staff member (audited as `by`: null for the command line) and, once that committed,
   * mails their set-password link when the shop can mail.
   */
  async invite(
    input: { email: string; name: string; role: StaffRole; language?: Language },
    by: { id: number } | null,
    audited: RunAudited,
  ): Promise<{ id: number; setPasswordUrl: string; mailed: boolean }> {
    const added = await audited(by, (tx) => this.deps.staff.add(tx, input));
    const { mailer } = this.deps;
    let mailed = false;
    if (mailer?.kind === 'smtp') {
      try {
        await mailer.send(
          staffInviteMail({
            to: input.email,
            language: input.language ?? 'en',
            shop: this.deps.shopName,
            link: added.setPasswordUrl,
          }),
        );
        mailed = true;
      } catch (err) {
        // The owner still has the link to pass on by hand.
        this.deps.log?.warn({ err, staffId: added.id }, 'the staff invitation could not be mailed');
      }
    }
    return { ...added, mailed };
  }

  /** Gives a staff member a new role; their sessions end, so the new role applies at once. */
  async changeRole(tx: Tx, id: number, role: StaffRole): Promise<Changed<StaffView>> {
    const row = await this.lockedActive(tx, id);
    if (row.role === role) return { result: staffView(row), audit: [] };
    if (row.role === 'owner') await refuseLastOwner(tx);
    const [changed] = await tx.update(staff).set({ role }).where(eq(staff.id, id)).returning();
    await endSessions(tx, id, this.now);
    if (!changed) throw new NotFound('errors:staff.notFound');
    return {
      result: staffView(changed),
      audit: {
        action: 'staff.role',
        targetType: 'staff',
        targetId: id,
        before: { role: row.role },
        after: { role },
      },
    };
  }

  /** Removes a staff member: their sessions end; the row stays for the audit log. */
  async remove(tx: Tx, id: number): Promise<Changed<null>> {
    const row = await this.lockedActive(tx, id);
    if (row.role === 'owner') await refuseLastOwner(tx);
    const now = this.now;
    await tx.update(staff).set({ removedAt: now }).where(eq(staff.id, id));
    await endSessions(tx, id, now);
    return {
      result: null,
      audit: {
        action: 'staff.remove',
        targetType: 'staff',
        targetId: id,
        before: { email: row.email, name: row.name, role: row.role },
      },
    };
  }

  /**
   * Resets a staff member's second factor after a lost authenticator (by an owner, or from the
   * command line: `by` null): secret and recovery codes forgotten, every session ended, so they
   * sign in with their password and enrol again (owners before anything else). An owner resets
   * others only: their own needs the command line, so one stolen session cannot strip it.
   */
  async resetTotp(tx: Tx, id: number, by: { id: number } | null): Promise<Changed<StaffView>> {
    if (by?.id === id) throw new Forbidden('errors:staff.resetOwnTotp');
    const row = await this.lockedActive(tx, id);
    if (!row.totpEnabledAt && !row.totpSecret) {
      throw new Conflict('errors:staff.noTotpToReset', { name: row.name });
    }
    const now = this.now;
    const [changed] = await tx
      .update(staff)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
      .where(eq(staff.id, id))
      .returning();
    if (!changed) throw new NotFound('errors:staff.notFound');
    await clearRecoveryCodes(tx, id);
    await endSessions(tx, id, now);
    return {
      result: staffView(changed),
      audit: { action: 'staff.totp.reset', targetType: 'staff', targetId: id },
    };
  }

  /** Finds a staff member by id or e-mail, for the command line. */
  async find(idOrEmail: string): Promise<StaffRow> {
    const byId = /^\d{1,9}$/.test(idOrEmail);
    const [row] = await this.db
      .select()
      .from(staff)
      .where(
        and(
          byId ? eq(staff.id, Number(idOrEmail)) : eq(staff.email, idOrEmail.toLowerCase()),
          isNull(staff.removedAt),
        ),
      );
    if (!row) throw new NotFound('errors:staff.notFound');
    return row;
  }

  private async lockedActive(tx: Tx, id: number): Promise<StaffRow> {
    const [row] = await tx
      .select()
      .from(staff)
      .where(and(eq(staff.id, id), isNull(staff.removedAt)))
      .for('update');
    if (!row) throw new NotFound('errors:staff.notFound');
    return row;
  }
}

/**
 * Refuses to demote or remove an owner when they are the last one. Every owner row is locked, so
 * two owners demoting each other at once cannot both pass: the second sees one owner left.
 */
async function refuseLastOwner(tx: Tx): Promise<void> {
  const owners = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(and(eq(staff.role, 'owner'), isNull(staff.removedAt)))
    .orderBy(asc(staff.id))
    .for('update');
  if (owners.length <= 1) throw new Conflict('errors:staff.lastOwner');
}
