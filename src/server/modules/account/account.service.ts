import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { sessions, users } from '#server/db/schema';
import { BadInput, Forbidden, Unauthorized } from '#server/errors';
import { type AccountMailKind, accountMail } from '#server/mail/account-mail';
import type { Mailer } from '#server/mail/mailer';
import type { Language } from '#shared/constants';
import type { LoginAnswer, User } from '#shared/schemas/account';
import { asWhenMissing, type WhenMissing } from '#shared/schemas/cart';
import {
  type CodeAttempt,
  type CodeCheck,
  type CodePurpose,
  checkCode,
  checkCodeRate,
  codeError,
  issueCode,
} from './account.codes';
import { lockAddress } from './account.locks';
import { checkPasswordTry, forgiveAddress, type PasswordTry } from './account.throttle';
import type { PasswordHasher } from './password';
import { hashToken, newToken } from './secrets';
import { rememberLanguage } from './shopper-language';

/** Sign-in tokens last 30 days; a sign-out, a reset or a password change revokes them earlier. */
export const SESSION_TTL_MS = 30 * 86_400_000;

export interface AccountDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  shopName: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Every password hash and check goes through its bounded queue. */
  passwords: PasswordHasher;
  /** Mailed codes are stored as an HMAC under this key (derived from the shop's secret). */
  codeKey: Buffer;
}

/** The signed-in shopper behind a request. */
export interface AuthUser extends User {
  id: number;
  sessionId: number;
}

type UserRow = typeof users.$inferSelect;
type Registered = { user: UserRow } | { error: Exclude<CodeCheck, 'ok'> };
const publicUser = (u: UserRow): User => ({
  uuid: u.uuid,
  email: u.email,
  name: u.name,
  avatar: u.avatar,
  when_missing: asWhenMissing(u.whenMissing),
});

/** Accounts (docs/architecture.md §5): codes by mail, sign-up, sign-in, reset, sign-out, profile. */
export class AccountService {
  constructor(private readonly deps: AccountDeps) {}

  private get db(): Db {
    return this.deps.db;
  }

  /**
   * Mails a sign-up or reset code. The answer is the same whether or not the address has an
   * account; the mail differs (an existing account gets a sign-in hint instead of a sign-up code,
   * an unknown address a note instead of a reset code).
   */
  async sendCode(purpose: CodePurpose, email: string, ip: string, language: Language): Promise<void> {
    const now = this.deps.clock.now();
    const mail = await this.db.transaction(async (tx) => {
      await lockAddress(tx, email);
      await checkCodeRate(tx, email, ip, now);
      const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
      const withCode = purpose === 'signup' ? !existing : Boolean(existing);
      const code = await issueCode(tx, this.deps.codeKey, { email, purpose, ip, withCode }, now);
      const kind: AccountMailKind =
        purpose === 'signup' ? (code ? 'signupCode' : 'signupExisting') : code ? 'resetCode' : 'resetUnknown';
      return { kind, code };
    });
    await this.deps.mailer.send(
      accountMail({ kind: mail.kind, to: email, language, shop: this.deps.shopName, code: mail.code }),
    );
    if (this.deps.mailer.kind === 'outbox' && mail.code) {
      // Without SMTP the code must reach the shop owner somehow (docs/architecture.md §3).
      this.deps.log.info(
        { email, purpose },
        `no SMTP_URL: the ${purpose} code for this address is ${mail.code}`,
      );
    }
  }

  /**
   * Creates an account with a mailed sign-up code. The code is checked before the password is
   * hashed, so a wrong code costs the shop no hash; it is used up only once the hash is made.
   */
  async register(input: { email: string; name: string; password: string; code: string }): Promise<User> {
    const attempt: CodeAttempt = { email: input.email, purpose: 'signup', code: input.code };
    await this.refuseWrongCode(attempt);
    const passwordHash = await this.deps.passwords.hash(input.password);
    const now = this.deps.clock.now();
    const result = await this.db.transaction(async (tx): Promise<Registered> => {
      await lockAddress(tx, input.email);
      const check = await checkCode(tx, this.deps.codeKey, attempt, now, 'use');
      if (check !== 'ok') return { error: check };
      const [row] = await tx
        .insert(users)
        .values({ uuid: randomUUID(), email: input.email, name: input.name, passwordHash, createdAt: now })
        .onConflictDoNothing()
        .returning();
      return row ? { user: row } : { error: 'invalid' };
    });
    if ('error' in result) throw codeError(result.error);
    return publicUser(result.user);
  }

  /** Counts a wrong code (committed) and refuses it, before anything costly is done. */
  private async refuseWrongCode(attempt: CodeAttempt): Promise<void> {
    const check = await this.db.transaction(async (tx) => {
      await lockAddress(tx, attempt.email);
      return checkCode(tx, this.deps.codeKey, attempt, this.deps.clock.now(), 'check');
    });
    if (check !== 'ok') throw codeError(check);
  }

  /**
   * Signs in. Each try is counted and throttled per address and client pair, per client, and per
   * address across clients (account.throttle.ts); a wrong address and a wrong password answer alike.
   */
  async signIn(email: string, password: string, client: string, language?: Language): Promise<LoginAnswer> {
    const [user] = await this.db.select().from(users).where(eq(users.email, email));
    const matches = await this.checkPassword({ email, client }, password, user?.passwordHash);
    if (!user || !matches) throw new Unauthorized('errors:account.badCredentials');
    // Said only to whoever knows the password: a stranger learns nothing about the account.
    if (user.disabledAt) throw new Forbidden('errors:account.disabled');
    const token = await this.openSession(user.id, this.deps.clock.now());
    if (language) await rememberLanguage(this.db, user.id, language);
    return { ...publicUser(user), token };
  }

  private checkPassword(attempt: PasswordTry, password: string, stored?: string): Promise<boolean> {
    return checkPasswordTry(this.deps, attempt, password, stored);
  }

  private async openSession(userId: number, now: Date): Promise<string> {
    const token = newToken();
    await this.db.insert(sessions).values({
      userId,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SESSION_TTL_MS),
    });
    return token;
  }

  /**
   * Sets a new password with a mailed reset code (checked before hashing, as for sign-up), revokes
   * every session of the account, and forgives every failed sign-in of the address.
   */
  async resetPassword(
    input: { email: string; password: string; code: string },
    client: string,
  ): Promise<void> {
    const attempt: CodeAttempt = { email: input.email, purpose: 'reset', code: input.code };
    await this.refuseWrongCode(attempt);
    const passwordHash = await this.deps.passwords.hash(input.password);
    const now = this.deps.clock.now();
    const check = await this.db.transaction(async (tx) => {
      await lockAddress(tx, input.email);
      const result = await checkCode(tx, this.deps.codeKey, attempt, now, 'use');
      if (result !== 'ok') return result;
      const [user] = await tx
        .update(users)
        .set({ passwordHash })
        .where(eq(users.email, input.email))
        .returning();
      if (!user) return 'invalid';
      await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
      await forgiveAddress(tx, { email: input.email, client }, now);
      return 'ok';
    });
    if (check !== 'ok') throw codeError(check);
  }

  /** The shopper holding this token, or undefined when it is unknown, revoked or expired. */
  async authenticate(token: string): Promise<AuthUser | undefined> {
    const now = this.deps.clock.now();
    const [row] = await this.db
      .select({ user: users, sessionId: sessions.id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, hashToken(token)),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
          isNull(users.disabledAt),
        ),
      );
    return row ? { ...publicUser(row.user), id: row.user.id, sessionId: row.sessionId } : undefined;
  }

  async signOut(user: AuthUser): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: this.deps.clock.now() })
      .where(eq(sessions.id, user.sessionId));
  }

  async updateProfile(
    user: AuthUser,
    change: { name?: string; avatar?: string; whenMissing?: WhenMissing },
  ): Promise<User> {
    // An update with nothing to set is an SQL error: a call that changes nothing just reads.
    const [row] =
      Object.keys(change).length === 0
        ? await this.db.select().from(users).where(eq(users.id, user.id))
        : await this.db.update(users).set(change).where(eq(users.id, user.id)).returning();
    if (!row) throw new Unauthorized();
    return publicUser(row);
  }

  /**
   * Changes the password after checking the current one, a try counted and throttled like a
   * sign-in of the account's address from this client; every other session is revoked.
   */
  async changePassword(user: AuthUser, change: { old: string; new: string }, client: string): Promise<void> {
    const [row] = await this.db.select().from(users).where(eq(users.id, user.id));
    if (!row) throw new Unauthorized();
    if (!(await this.checkPassword({ email: row.email, client }, change.old, row.passwordHash)))
      throw new BadInput('errors:account.oldPasswordWrong');
    if (change.old === change.new) throw new BadInput('errors:account.samePassword');
    const passwordHash = await this.deps.passwords.hash(change.new);
    const now = this.deps.clock.now();
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
      await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(
          and(eq(sessions.userId, user.id), isNull(sessions.revokedAt), ne(sessions.id, user.sessionId)),
        );
    });
  }
}
