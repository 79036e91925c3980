import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Changed, RunAudited } from '#server/audit';
import type { Clock } from '#server/clock';
import type { Db, Tx } from '#server/db/client';
import { staff, staffSessions, staffTokens } from '#server/db/schema';
import { BadInput, Forbidden, Unauthorized } from '#server/errors';
import {
  checkPasswordTry,
  type PasswordTry,
  recordPasswordSuccess,
} from '#server/modules/account/account.throttle';
import type { PasswordHasher } from '#server/modules/account/password';
import { hashToken, newToken } from '#server/modules/account/secrets';
import { LANGUAGES, type Language } from '#shared/constants';
import {
  can,
  isStaffRole,
  type Permission,
  type StaffRole,
  type StaffView,
  totpRequired,
} from '#shared/schemas/staff.rules';

/** A staff session ends after this long without a request (contract: 12 h idle). */
export const STAFF_IDLE_MS = 12 * 3_600_000;
/** `last_seen_at` is written at most this often, so reads do not each write. */
export const LAST_SEEN_EVERY_MS = 60_000;
/** A set-password link works once, for a day. */
export const SET_PASSWORD_TTL_MS = 24 * 3_600_000;

/** The signed-in staff member behind a request (src/server/plugins/staff-auth.ts). */
export interface StaffUser {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  language: Language;
  totpEnabled: boolean;
  sessionId: number;
}

export interface StaffDeps {
  db: Db;
  clock: Clock;
  /** The shoppers' hasher: one queue bounds every password computation of the shop. */
  passwords: PasswordHasher;
  /** Where set-password links point: PUBLIC_URL (or http://HOST:PORT). */
  publicUrl: string;
}

export type StaffRow = typeof staff.$inferSelect;

const languageOf = (value: string): Language =>
  (LANGUAGES as readonly string[]).includes(value) ? (value as Language) : 'en';

export function staffView(row: StaffRow): StaffView {
  const role = isStaffRole(row.role) ? row.role : 'packer';
  const totpEnabled = row.totpEnabledAt !== null;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role,
    language: languageOf(row.language),
    totpEnabled,
    totpRequired: totpRequired(role) && !totpEnabled,
  };
}

/** Staff sign-in tries are throttled like shoppers' but counted apart: an owner is often a shopper too. */
export const staffTry = (email: string, client: string): PasswordTry => ({ email: `staff:${email}`, client });

/**
 * Staff accounts and their sessions (docs/architecture.md, Staff): sign-in with the shoppers'
 * hashing and throttles, 12-hour idle sessions, one-time set-password links.
 */
export class StaffService {
  constructor(readonly deps: StaffDeps) {}

  get db(): Db {
    return this.deps.db;
  }

  async findActive(email: string): Promise<StaffRow | undefined> {
    const [row] = await this.db
      .select()
      .from(staff)
      .where(and(eq(staff.email, email), isNull(staff.removedAt)));
    return row;
  }

  /**
   * Checks the password (counted and throttled); a wrong address and a wrong password answer
   * alike. The try stays counted as a failure until `forgive` says the sign-in succeeded.
   */
  async checkPassword(email: string, password: string, client: string): Promise<StaffRow> {
    const row = await this.findActive(email);
    const matches = await checkPasswordTry(
      this.deps,
      staffTry(email, client),
      password,
      row?.passwordHash,
      false,
    );
    if (!row || !matches) throw new Unauthorized('errors:staff.badCredentials');
    return row;
  }

  /** A sign-in succeeded: the client's failures at this address are forgiven (account.throttle.ts). */
  async forgive(email: string, client: string): Promise<void> {
    await recordPasswordSuccess(this.db, staffTry(email, client), this.deps.clock.now());
  }

  async openSession(staffId: number): Promise<string> {
    const token = newToken();
    const now = this.deps.clock.now();
    await this.db
      .insert(staffSessions)
      .values({ staffId, tokenHash: hashToken(token), createdAt: now, lastSeenAt: now });
    return token;
  }

  /**
   * The staff member holding this token, or undefined when it is unknown, revoked, idle for 12
   * hours, or its holder was removed. Marks the session seen, at most once a minute (`seen`).
   */
  async authenticate(
    token: string,
  ): Promise<{ user: StaffUser; view: StaffView; seen: boolean } | undefined> {
    const now = this.deps.clock.now();
    const [row] = await this.db
      .select({ staff, session: staffSessions })
      .from(staffSessions)
      .innerJoin(staff, eq(staff.id, staffSessions.staffId))
      .where(
        and(
          eq(staffSessions.tokenHash, hashToken(token)),
          isNull(staffSessions.revokedAt),
          isNull(staff.removedAt),
          gt(staffSessions.lastSeenAt, new Date(now.getTime() - STAFF_IDLE_MS)),
        ),
      );
    if (!row) return undefined;
    const seen = now.getTime() - row.session.lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS;
    if (seen) {
      await this.db
        .update(staffSessions)
        .set({ lastSeenAt: now })
        .where(eq(staffSessions.id, row.session.id));
    }
    const view = staffView(row.staff);
    const { totpRequired: _r, ...user } = view;
    return { user: { ...user, sessionId: row.session.id }, view, seen };
  }

  /** Signing out deletes the session: its cookie then opens nothing, in any tab. */
  async signOut(user: StaffUser): Promise<void> {
    await this.db.delete(staffSessions).where(eq(staffSessions.id, user.sessionId));
  }

  async view(id: number): Promise<StaffView> {
    const [row] = await this.db.select().from(staff).where(eq(staff.id, id));
    if (!row) throw new Unauthorized();
    return staffView(row);
  }

  /** A one-time set-password link for this staff member, valid a day; only its hash is kept. */
  async issueSetPasswordLink(tx: Tx | Db, staffId: number, now: Date): Promise<string> {
    const token = newToken();
    await tx.insert(staffTokens).values({
      staffId,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SET_PASSWORD_TTL_MS),
    });
    return `${this.deps.publicUrl}/admin/set-password?token=${token}`;
  }

  /**
   * Sets the password with a set-password link's token (used up here). The link is checked, the
   * password hashed outside the transaction, and the token claimed inside it, so it works once.
   * The audit line names the link's staff member as who acted (`audited` runs the transaction).
   */
  async setPassword(token: string, password: string, audited: RunAudited): Promise<void> {
    // A link that cannot work costs the shop no hash (as a wrong mailed code does not).
    const usable = and(
      eq(staffTokens.tokenHash, hashToken(token)),
      isNull(staffTokens.usedAt),
      gt(staffTokens.expiresAt, this.deps.clock.now()),
    );
    const [known] = await this.db.select({ staffId: staffTokens.staffId }).from(staffTokens).where(usable);
    if (!known) throw new BadInput('errors:staff.linkInvalid');
    const passwordHash = await this.deps.passwords.hash(password);
    const now = this.deps.clock.now();
    const notDone: Changed<boolean> = { result: false, audit: [] };
    // One token hash names one link, so the staff member claimed below is this one.
    const done = await audited({ id: known.staffId }, async (tx) => {
      const [claimed] = await tx
        .update(staffTokens)
        .set({ usedAt: now })
        .where(
          and(
            eq(staffTokens.tokenHash, hashToken(token)),
            isNull(staffTokens.usedAt),
            gt(staffTokens.expiresAt, now),
          ),
        )
        .returning();
      if (!claimed) return notDone;
      const [row] = await tx
        .update(staff)
        .set({ passwordHash })
        .where(and(eq(staff.id, claimed.staffId), isNull(staff.removedAt)))
        .returning({ id: staff.id });
      if (!row) return notDone;
      // A new password ends every session the old one opened.
      await endSessions(tx, row.id, now);
      return { result: true, audit: { action: 'staff.password.set', targetType: 'staff', targetId: row.id } };
    });
    if (!done) throw new BadInput('errors:staff.linkInvalid');
  }

  /** Adds a staff member, in the caller's transaction, and answers their set-password link. */
  async add(
    tx: Tx,
    input: { email: string; name: string; role: StaffRole; language?: Language },
  ): Promise<Changed<{ id: number; setPasswordUrl: string }>> {
    const now = this.deps.clock.now();
    const [row] = await tx
      .insert(staff)
      .values({
        email: input.email,
        name: input.name,
        role: input.role,
        language: input.language ?? 'en',
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new BadInput('errors:staff.exists');
    const setPasswordUrl = await this.issueSetPasswordLink(tx, row.id, now);
    return {
      result: { id: row.id, setPasswordUrl },
      audit: {
        action: 'staff.invite',
        targetType: 'staff',
        targetId: row.id,
        after: { email: row.email, name: row.name, role: row.role },
      },
    };
  }
}

/**
 * Ends every open session of a staff member (new password, new role, removal), or every one but
 * `except`: the session that changed the second factor stays, the others were opened without it.
 */
export async function endSessions(tx: Tx | Db, staffId: number, now: Date, except?: number): Promise<void> {
  await tx
    .update(staffSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(staffSessions.staffId, staffId),
        isNull(staffSessions.revokedAt),
        except === undefined ? undefined : ne(staffSessions.id, except),
      ),
    );
}

/** 403 unless the role allows `permission`; 403 `totpSetupRequired` while an owner has not enrolled. */
export function checkStaffAccess(
  view: StaffView,
  permission: Permission | undefined,
  duringTotpSetup: boolean,
): void {
  if (view.totpRequired && !duringTotpSetup) {
    throw new Forbidden('errors:staff.totpSetupRequired', {}, { totpSetupRequired: true });
  }
  if (permission && !can(view.role, permission)) throw new Forbidden();
}
