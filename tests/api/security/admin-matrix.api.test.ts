import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can, STAFF_ROLES, type StaffRole } from '#shared/schemas/staff.rules';
import en from '../../../public/locales/en/errors.json' with { type: 'json' };
import { createShopper } from '../../helpers/shoppers';
import { createStaff, staffHeaders } from '../../helpers/staff';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import {
  bodyParams,
  type Route,
  type RouteRule,
  registeredRoutes,
  ruleOf,
  type ShopperIds,
  urlOf,
} from './route-table';
import { plentifulProduct, staffCaller } from './shop-state';

/**
 * The operator console's authorization matrix, generated from the routes the server
 * registered: every /api/admin route is classified in route-table.ts, and answers each kind of
 * caller as its rule says — visitors, shoppers' tokens and expired staff sessions 401, a role
 * without the permission 403, an owner who has not enrolled an authenticator 403 except where
 * enrolling needs the route — and never a 5xx. Staff call as the console does, with the session
 * cookie and, on a write, its CSRF token; a cookie-carried write without that token, or sent from
 * another site, is refused 403.
 */
let t: TestApp;
let routes: Route[];
let admin: Route[];
/** The rows the calls name: one set for the file, so the shelves do not run out of stock. */
let own: ShopperIds;

beforeAll(async () => {
  t = await startTestApp();
  routes = registeredRoutes(t.app);
  admin = routes.filter((r) => r.url.startsWith('/api/admin/'));
  own = await staffCaller(t);
});
afterAll(async () => t?.close());

/** How a call carries its session: `authorization` (as given), or the console's cookie with or without the CSRF token. */
type Carry = 'header' | 'cookie' | 'cookie without csrf' | 'cookie from another site';

function sessionHeaders(method: string, token: string | undefined, carry: Carry): Record<string, string> {
  if (!token) return {};
  if (carry === 'header') return { authorization: token };
  const headers = staffHeaders(token, carry === 'cookie without csrf' ? 'GET' : method);
  return carry === 'cookie from another site' ? { ...headers, 'sec-fetch-site': 'cross-site' } : headers;
}

async function send(route: Route, rule: RouteRule, token: string | undefined, carry: Carry = 'cookie') {
  // A call may change what the next one finds (an order cancelled, a staff member removed): the
  // next answers 404 or 409 then, which these tests accept as much as a 200.
  const params = rule.valid?.(own, plentifulProduct()) ?? {};
  const form = bodyParams(params);
  const inQuery = route.method === 'GET' || route.method === 'HEAD';
  const query = new URLSearchParams(form).toString();
  const url = urlOf(route, params);
  const res = await t.app.inject({
    method: route.method,
    url: inQuery && query ? `${url}?${query}` : url,
    headers: {
      ...sessionHeaders(route.method, token, carry),
      ...(!inQuery ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(!inQuery ? { payload: query } : {}),
  });
  // The product export answers CSV; everything else the JSON envelope.
  const isJson = String(res.headers['content-type'] ?? '').startsWith('application/json');
  return { status: res.statusCode, body: res.body && isJson ? JSON.parse(res.body) : res.body };
}

const staffRules = () =>
  admin
    .map((route) => ({ route, rule: ruleOf(route) }))
    .filter((r): r is { route: Route; rule: RouteRule } => r.rule?.access === 'staff');

describe('the admin routes', () => {
  it('are all classified, the public ones being sign-in and the set-password link', () => {
    const unclassified = admin.filter((r) => !ruleOf(r)).map((r) => `${r.method} ${r.url}`);
    expect(unclassified).toEqual([]);
    const open = admin.filter((r) => ruleOf(r)?.access !== 'staff').map((r) => `${r.method} ${r.url}`);
    expect(open.sort()).toEqual(['POST /api/admin/password/set', 'POST /api/admin/sign-in']);
    expect(staffRules().length).toBeGreaterThanOrEqual(14);
  });

  // Six calls per route, in the header and in the cookie: past the default 30 s on a busy machine.
  it('answer 401 to a visitor, a shopper’s token, a made-up token and an expired staff session', {
    timeout: 120_000,
  }, async () => {
    const shopper = await createShopper(t.database, t.clock.now());
    const expired = await createStaff(t.database, t.clock.now(), { role: 'owner' });
    t.clock.advance(12 * 3_600_000 + 1000);
    for (const { route, rule } of staffRules()) {
      const calls: [string | undefined, Carry][] = [
        [undefined, 'cookie'],
        [shopper.token, 'header'],
        [`Bearer ${'x'.repeat(43)}`, 'header'],
        [expired.token, 'header'],
        ['x'.repeat(43), 'cookie'],
        [expired.token, 'cookie'],
      ];
      for (const [token, carry] of calls) {
        const res = await send(route, rule, token, carry);
        expect({ route, token, carry, status: res.status }).toEqual({ route, token, carry, status: 401 });
        if (route.method !== 'HEAD') expect(res.body).toEqual({ code: 401, message: en.unauthorized });
      }
    }
  });

  // Three staff members and calls per route, over 200 in all: past the default 30 s on a busy machine.
  it('answer each role as its permissions say: 403 without, never a 401, 403 or 5xx with', {
    timeout: 120_000,
  }, async () => {
    for (const { route, rule } of staffRules()) {
      for (const role of STAFF_ROLES) {
        // A fresh caller each time: signing out or removing staff must not spoil the next call.
        const caller = await createStaff(t.database, t.clock.now(), { role });
        const res = await send(route, rule, caller.token);
        const allowed =
          (rule.permission === undefined || can(role as StaffRole, rule.permission)) &&
          !rule.forbiddenFor?.includes(role);
        const seen = { route: `${route.method} ${route.url}`, role, status: res.status };
        if (allowed) {
          expect(seen.status < 500 && seen.status !== 401 && seen.status !== 403, JSON.stringify(seen)).toBe(
            true,
          );
        } else {
          expect(seen).toEqual({ ...seen, status: 403 });
        }
      }
    }
  });

  it('refuse a write carried by the session cookie without its CSRF token or from another site; reads need none', {
    timeout: 120_000,
  }, async () => {
    for (const { route, rule } of staffRules()) {
      const owner = await createStaff(t.database, t.clock.now(), { role: 'owner' });
      const seen = (carry: Carry, status: number) => ({
        route: `${route.method} ${route.url}`,
        carry,
        status,
      });
      if (route.method === 'GET' || route.method === 'HEAD') {
        const res = await send(route, rule, owner.token, 'cookie without csrf');
        expect(
          res.status < 500 && res.status !== 401 && res.status !== 403,
          JSON.stringify(seen('cookie', res.status)),
        ).toBe(true);
        continue;
      }
      for (const carry of ['cookie without csrf', 'cookie from another site'] as const) {
        const res = await send(route, rule, owner.token, carry);
        expect(seen(carry, res.status)).toEqual(seen(carry, 403));
        expect(res.body).toEqual({ code: 403, message: en.staff.csrf, data: { csrf: true } });
      }
    }
  });

  it('hold an owner without an authenticator to enrolling first', async () => {
    for (const { route, rule } of staffRules()) {
      const owner = await createStaff(t.database, t.clock.now(), { role: 'owner', totp: false });
      const res = await send(route, rule, owner.token);
      const seen = { route: `${route.method} ${route.url}`, status: res.status };
      if (rule.duringTotpSetup)
        expect(seen.status < 500 && seen.status !== 403, JSON.stringify(seen)).toBe(true);
      else {
        expect(seen).toEqual({ ...seen, status: 403 });
        if (route.method !== 'HEAD') expect(res.body.data).toEqual({ totpSetupRequired: true });
      }
    }
  });

  it('keep a shopper’s own routes closed to a staff token', async () => {
    const owner = await createStaff(t.database, t.clock.now(), { role: 'owner' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: owner.token },
    });
    expect(res.statusCode).toBe(401);
  });
});
