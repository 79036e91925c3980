import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Database } from '#server/db/client';
import { staff, staffSessions } from '#server/db/schema';
import { PasswordHasher } from '#server/modules/account/password';
import { hashToken, newToken } from '#server/modules/account/secrets';
import { newTotpSecret, sealSecret } from '#server/modules/staff/totp';
import { CSRF_HEADER, csrfOf, STAFF_COOKIE } from '#server/plugins/staff-auth';
import { deriveKey } from '#server/secret';
import { SignInAnswer, TotpConfirmed } from '#shared/schemas/admin/staff.zod';
import type { StaffRole } from '#shared/schemas/staff.rules';
import { expectAnswer } from './answers';
import { codeAt } from './rfc6238';
import { TEST_SCRYPT_PARAMS } from './test-app';

export interface TestStaff {
  id: number;
  email: string;
  /** Signs in through `POST /api/admin/sign-in` (hashed at the tests' cheap scrypt cost). */
  password: string;
  /** A session token, already signed in: the cookie's value (`staffHeaders`) or `authorization`. */
  token: string;
  /** The authenticator's secret (base32), when TOTP is on. */
  totpSecret?: string;
}

export interface StaffOptions {
  role: StaffRole;
  /**
   * Whether an authenticator is enrolled; defaults to true for owners, so their token reaches
   * every route (an owner without one gets 403 `totpSetupRequired` until enrolled).
   */
  totp?: boolean;
  /** The app's shop secret (`SHOP_SECRET`), for tests that sign in with codes from `totpSecret`. */
  shopSecret?: Buffer;
  name?: string;
  language?: 'en' | 'zh';
}

let counter = 0;
const hasher = new PasswordHasher(TEST_SCRYPT_PARAMS);

/** A staff member made straight in the database, with a signed-in session, for calling admin routes. */
export async function createStaff(database: Database, now: Date, options: StaffOptions): Promise<TestStaff> {
  const email = `${options.role}${++counter}.${randomUUID().slice(0, 8)}@example.com`;
  const password = `password ${counter} ${randomUUID().slice(0, 8)}`;
  const totp = options.totp ?? options.role === 'owner';
  const totpSecret = totp ? newTotpSecret() : undefined;
  const key = deriveKey(options.shopSecret ?? randomBytes(32), 'staff-totp');
  const [row] = await database.db
    .insert(staff)
    .values({
      email,
      name: options.name ?? `${options.role} ${counter}`,
      role: options.role,
      language: options.language ?? 'en',
      passwordHash: await hasher.hash(password),
      totpSecret: totpSecret ? sealSecret(key, totpSecret) : null,
      totpEnabledAt: totp ? now : null,
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error('no staff');
  const token = newToken();
  await database.db
    .insert(staffSessions)
    .values({ staffId: row.id, tokenHash: hashToken(token), createdAt: now, lastSeenAt: now });
  return { id: row.id, email, password, token, ...(totpSecret ? { totpSecret } : {}) };
}

/** One staff member of each role, each with a session of their own (createStaff). */
export async function createTeam(database: Database, now: Date): Promise<Record<StaffRole, TestStaff>> {
  return {
    owner: await createStaff(database, now, { role: 'owner' }),
    manager: await createStaff(database, now, { role: 'manager' }),
    packer: await createStaff(database, now, { role: 'packer' }),
  };
}

/**
 * The headers the console's page sends: the session cookie, and for a write the session's CSRF
 * token (docs/architecture.md, The console's session).
 */
export function staffHeaders(token: string, method = 'GET'): Record<string, string> {
  const headers: Record<string, string> = { cookie: `${STAFF_COOKIE}=${token}` };
  if (method !== 'GET') headers[CSRF_HEADER] = csrfOf(token);
  return headers;
}

/** The session token a sign-in answer set in its cookie, if it set one. */
export function cookieTokenOf(setCookie: string | string[] | undefined): string | undefined {
  const first = [setCookie ?? []].flat().find((c) => c.startsWith(`${STAFF_COOKIE}=`));
  const value = first?.slice(STAFF_COOKIE.length + 1).split(';')[0];
  return value ? value : undefined;
}

let ipCounter = 0;

export interface AdminCallOptions {
  /** The client's address; each call speaks from a new one unless it says. */
  ip?: string;
  lang?: string;
  /** Leaves out the CSRF token of a write, as a forged request would. */
  noCsrf?: boolean;
}

/**
 * Calls an admin route as the console does, with the staff session's cookie (and its CSRF token
 * for a write), a form body for writes, the query for reads; answers the status, the parsed
 * envelope and the session token a sign-in set in its cookie.
 */
export async function callAdmin(
  app: FastifyInstance,
  token: string | undefined,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  form?: Record<string, string>,
  opts: AdminCallOptions = {},
  // biome-ignore lint/suspicious/noExplicitAny: tests read the envelope's fields freely
): Promise<{ status: number; body: any; token?: string }> {
  const headers: Record<string, string> = token ? staffHeaders(token, opts.noCsrf ? 'GET' : method) : {};
  if (opts.lang) headers['accept-language'] = opts.lang;
  const ip = opts.ip ?? `10.77.${Math.floor(++ipCounter / 250) % 250}.${ipCounter % 250}`;
  const inQuery = method === 'GET' && form;
  const res = await app.inject({
    method,
    url: inQuery ? `${url}?${new URLSearchParams(form).toString()}` : url,
    headers,
    remoteAddress: ip,
    ...(form && !inQuery ? { payload: form } : {}),
  });
  const signedIn = cookieTokenOf(res.headers['set-cookie']);
  return {
    status: res.statusCode,
    body: res.body ? JSON.parse(res.body) : undefined,
    ...(signedIn ? { token: signedIn } : {}),
  };
}

/** A new product with every field publishing needs but a picture, as the console's editor sends it. */
export const COMPLETE_PRODUCT = {
  category_id: '1',
  en_name: 'Dragon fruit',
  zn_name: '火龙果',
  en_number: '1 piece',
  zn_number: '1个',
  price: '3.49',
};

/** `POST /api/admin/sign-in` with a member's password and, when given, their second factor. */
export function signInStaff(
  app: FastifyInstance,
  who: { email: string; password: string },
  code?: string,
  lang?: string,
): ReturnType<typeof callAdmin> {
  const form = { email: who.email, password: who.password, ...(code === undefined ? {} : { code }) };
  return callAdmin(app, undefined, 'POST', '/api/admin/sign-in', form, lang ? { lang } : {});
}

/** The session a sign-in answered (its cookie), checking the answer's shape on the way. */
export function sessionOf(signedIn: Awaited<ReturnType<typeof callAdmin>>): string {
  expectAnswer(SignInAnswer, signedIn);
  if (!signedIn.token) throw new Error('sign-in set no session cookie');
  return signedIn.token;
}

/** The authenticator app's code for `secret` at `now` (the tests' own RFC 6238 reading). */
export const authenticatorCode = (secret: string, now: Date): string => codeAt(secret, now);

/**
 * Enrols an authenticator for the session `token` as the console's two-factor page does (start,
 * then confirm with the app's code at `now`): answers its secret and the recovery codes shown once.
 */
export async function enrolAuthenticator(
  app: FastifyInstance,
  token: string,
  now: Date,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const { secret } = (await callAdmin(app, token, 'POST', '/api/admin/totp/start', {})).body.data;
  const confirmed = await callAdmin(app, token, 'POST', '/api/admin/totp/confirm', {
    code: authenticatorCode(secret, now),
  });
  return { secret, recoveryCodes: expectAnswer(TotpConfirmed, confirmed).recoveryCodes };
}

/**
 * A console request with the staff session `token` (none: a visitor), answered raw: for a file (a
 * CSV export) or just a status. Headers as callAdmin's.
 */
export function injectAsStaff(
  app: FastifyInstance,
  token: string | undefined,
  method: 'GET' | 'POST',
  url: string,
): Promise<LightMyRequestResponse> {
  return app.inject({ method, url, headers: token ? staffHeaders(token, method) : {} });
}
