import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Permission } from '#shared/schemas/staff.rules';
import { Forbidden, Unauthorized } from '../errors';
import {
  checkStaffAccess,
  STAFF_IDLE_MS,
  type StaffService,
  type StaffUser,
} from '../modules/staff/staff.service';
import { tokenOf } from './auth';

export type { StaffUser };

export interface StaffCheck {
  /** Routes an owner may call before enrolling an authenticator (me, sign-out, TOTP set-up). */
  duringTotpSetup?: boolean;
}

/**
 * The cookie that carries the console's session (docs/architecture.md, The console's session):
 * HttpOnly so no script reads it, SameSite=Strict so no other site's page sends it, scoped to the
 * console's API, Secure when the request came over https.
 */
export const STAFF_COOKIE = 'staff_session';
export const STAFF_COOKIE_PATH = '/api/admin';
/** The header the console sends its session's CSRF token in, with every write. */
export const CSRF_HEADER = 'x-csrf-token';

const TOKEN_SHAPE = /^[\w-]{20,200}$/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The session's CSRF token: derived from the session's own secret token, so it needs no row and
 * ends with the session; a page may read it (sign-in and `me` answer it), and knowing it gives
 * nothing back of the cookie.
 */
export function csrfOf(sessionToken: string): string {
  return createHash('sha256').update(`staff-csrf\n${sessionToken}`).digest('base64url');
}

function cookieToken(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== STAFF_COOKIE) continue;
    const value = part.slice(at + 1).trim();
    return TOKEN_SHAPE.test(value) ? value : undefined;
  }
  return undefined;
}

/**
 * Where this request's staff session comes from: the console's cookie, or `authorization` (the
 * command line's and tests' way; a browser never sends that header across sites on its own).
 */
export function staffSessionOf(
  request: FastifyRequest,
): { token: string; via: 'cookie' | 'header' } | undefined {
  const header = tokenOf(request);
  if (header) return { token: header, via: 'header' };
  const cookie = cookieToken(request);
  return cookie ? { token: cookie, via: 'cookie' } : undefined;
}

/** The Set-Cookie value that opens (or, with null, clears) the console's session in this browser. */
export function sessionCookie(request: FastifyRequest, token: string | null): string {
  const parts = [
    `${STAFF_COOKIE}=${token ?? ''}`,
    `Path=${STAFF_COOKIE_PATH}`,
    `Max-Age=${token ? Math.floor(STAFF_IDLE_MS / 1000) : 0}`,
    'HttpOnly',
    'SameSite=Strict',
  ];
  // `protocol` reads X-Forwarded-Proto only from the proxies TRUST_PROXY names.
  if (request.protocol === 'https') parts.push('Secure');
  return parts.join('; ');
}

function sameSecret(sent: string, expected: string): boolean {
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * A write carried by the cookie must prove it comes from the console's own page: the browser says
 * it was not sent from another site, and the page sends the session's CSRF token back.
 */
function checkCsrf(request: FastifyRequest, token: string): void {
  const sent = request.headers[CSRF_HEADER];
  if (typeof sent !== 'string' || !sameSecret(sent, csrfOf(token))) throw csrfRefused();
}

/** `data.csrf` tells the console its token is stale (a new session began in another tab): ask `me` again. */
const csrfRefused = () => new Forbidden('errors:staff.csrf', {}, { csrf: true });

/** A console write sent from another site's page (the browser says so): refused before anything runs. */
function fromOtherSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}

/**
 * `request.requireStaff(permission?)` answers the signed-in staff member, or throws 401 (no, bad,
 * deleted or idle session; a shopper's token is unknown here) or 403 (a cookie-carried write
 * without the session's CSRF token, the role lacks the permission, or an owner has not yet
 * enrolled an authenticator). A session seen again renews its cookie, so the cookie lives as long
 * as the session's idle limit; a cookie whose session is gone is cleared.
 */
export const staffAuthPlugin = fp(
  async (app: FastifyInstance, opts: { staff: StaffService }) => {
    app.decorateRequest('staffCookie', undefined);
    app.addHook('onRequest', async (request) => {
      if (
        !SAFE_METHODS.has(request.method) &&
        request.url.startsWith('/api/admin/') &&
        fromOtherSite(request)
      )
        throw csrfRefused();
    });
    app.addHook('onSend', async (request, reply) => {
      if (request.staffCookie !== undefined) reply.header('set-cookie', request.staffCookie);
    });
    app.decorateRequest(
      'requireStaff',
      async function (this: FastifyRequest, permission?: Permission, check: StaffCheck = {}) {
        const session = staffSessionOf(this);
        const found = session ? await opts.staff.authenticate(session.token) : undefined;
        if (!session || !found) {
          if (session?.via === 'cookie') this.staffCookie = sessionCookie(this, null);
          throw new Unauthorized();
        }
        if (session.via === 'cookie') {
          if (!SAFE_METHODS.has(this.method)) checkCsrf(this, session.token);
          if (found.seen) this.staffCookie = sessionCookie(this, session.token);
        }
        checkStaffAccess(found.view, permission, check.duringTotpSetup === true);
        return found.user;
      },
    );
  },
  { name: 'staff-auth' },
);

declare module 'fastify' {
  interface FastifyRequest {
    requireStaff(permission?: Permission, check?: StaffCheck): Promise<StaffUser>;
    /** A Set-Cookie for the staff session that the answer carries (renewed or cleared). */
    staffCookie: string | undefined;
  }
}
