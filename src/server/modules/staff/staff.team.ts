import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '#server/db/client';
import { staff } from '#server/db/schema';
import { Conflict, NotFound } from '#server/errors';
import type { Mailer } from '#server/mail/mailer';
import type { Language } from '#shared/constants';
import type { StaffRole, StaffView } from '#shared/schemas/staff.rules';
import { recordAudit } from './audit';
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
 * shop always keeps an owner; every change is audited and ends the sessions it makes stale.
 */
export class StaffTeam {
  constructor(private readonly deps: TeamDeps) {}

  private get db() {
    return this.deps.staff.db;
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

  /** Adds a staff member and mails their set-password link when the shop can mail. */
  async invite(
    input: { email: string; name: string; role: StaffRole; language?: Language },
    by: number | null,
  ): Promise<{ id: number; setPasswordUrl: string; mailed: boolean }> {
    const added = await this.deps.staff.add(input, by);
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
  async changeRole(id: number, role: StaffRole, by: number | null): Promise<StaffView> {
    const now = this.deps.staff.deps.clock.now();
    return this.db.transaction(async (tx) => {
      const row = await this.lockedActive(tx, id);
      if (row.role === role) return staffView(row);
      if (row.role === 'owner') await refuseLastOwner(tx);
      const [changed] = await tx.update(staff).set({ role }).where(eq(staff.id, id)).returning();
      await endSessions(tx, id, now);
      await recordAudit(tx, {
        staffId: by,
        action: 'staff.role',
        targetType: 'staff',
        targetId: String(id),
        before: { role: row.role },
        after: { role },
        at: now,
      });
      if (!changed) throw new NotFound('errors:staff.notFound');
      return staffView(changed);
    });
  }

  /** Removes a staff member: their sessions end; the row stays for the audit log. */
  async remove(id: number, by: number | null): Promise<void> {
    const now = this.deps.staff.deps.clock.now();
    await this.db.transaction(async (tx) => {
      const row = await this.lockedActive(tx, id);
      if (row.role === 'owner') await refuseLastOwner(tx);
      await tx.update(staff).set({ removedAt: now }).where(eq(staff.id, id));
      await endSessions(tx, id, now);
      await recordAudit(tx, {
        staffId: by,
        action: 'staff.remove',
        targetType: 'staff',
        targetId: String(id),
        before: { email: row.email, name: row.name, role: row.role },
        at: now,
      });
    });
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
