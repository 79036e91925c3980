import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema';
import { PasswordHasher } from '#server/modules/account/password';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import {
  bodyParams,
  isApiPath,
  type Route,
  type RouteRule,
  registeredRoutes,
  ruleOf,
  urlOf,
} from './route-table';
import { plentifulProduct, shopperWithRows } from './shop-state';

/**
 * docs/architecture.md §4: per-user answers carry `Cache-Control: no-store`, so no shared cache (a proxy, a
 * CDN) nor the browser's back button serves one shopper's token, cart or card to the next person;
 * catalogue answers stay publicly cacheable. Read from the route table, so a new route is covered.
 */
let t: TestApp;
let routes: Route[];
beforeAll(async () => {
  t = await startTestApp();
  routes = registeredRoutes(t.app).filter((r) => isApiPath(r.url));
});
afterAll(async () => t?.close());

const isRead = (route: Route) => route.method === 'GET' || route.method === 'HEAD';
const isPublicRead = (route: Route) => ruleOf(route)?.access === 'public' && isRead(route);

/** One call with the route's parameters: in the query for a read, as a form otherwise. */
async function call(route: Route, params: Record<string, string>, token?: string) {
  const fields = new URLSearchParams(bodyParams(params)).toString();
  const url = urlOf(route, params);
  const res = await t.app.inject({
    method: route.method,
    url: isRead(route) && fields ? `${url}?${fields}` : url,
    headers: {
      ...(token ? { authorization: token } : {}),
      ...(isRead(route) ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
    },
    ...(isRead(route) ? {} : { payload: fields }),
  });
  return { route, status: res.statusCode, cache: res.headers['cache-control'] };
}

describe('what caches may keep', () => {
  it('the catalogue: public answers', async () => {
    const reads = routes.filter(isPublicRead);
    expect(reads.length).toBeGreaterThanOrEqual(18);
    for (const route of reads) {
      const params = ruleOf(route)?.valid?.(undefined as never, plentifulProduct()) ?? {};
      const seen = await call(route, params);
      expect(seen).toEqual({ route, status: 200, cache: expect.stringMatching(/^public, max-age=\d+/) });
    }
  });

  // Two calls per route, ninety in all: more than the default 30 s on a busy machine.
  it('nothing any other route answers, to its shopper or to a visitor', { timeout: 120_000 }, async () => {
    // Signing out last, so that the shopper's token holds for every other call.
    const signsOut = (r: Route) => r.url === '/api/quit';
    const others = routes.filter((r) => !isPublicRead(r) && !signsOut(r)).concat(routes.filter(signsOut));
    expect(others.length).toBeGreaterThanOrEqual(30);
    const own = await shopperWithRows(t);
    for (const route of others) {
      const rule = ruleOf(route) as RouteRule;
      const params = rule.valid?.(own, plentifulProduct()) ?? {};
      const asOwner = await call(route, params, own.token);
      expect(asOwner).toEqual({ ...asOwner, cache: 'no-store' });
      // The shopper's own reads answer data, so the header is checked on real answers.
      if (rule.access === 'shopper' && isRead(route)) expect(asOwner.status).toBe(200);
      const asVisitor = await call(route, params);
      expect(asVisitor).toEqual({ ...asVisitor, cache: 'no-store' });
    }
  });

  it('nothing of a sign-in that hands out a token', async () => {
    const email = `cached.${randomUUID().slice(0, 8)}@example.com`;
    // Cheap scrypt parameters: the hash carries them, and the check follows them.
    const passwordHash = await new PasswordHasher({ N: 1024, r: 8, p: 1 }).hash('a long password');
    const now = t.clock.now();
    await t.database.db
      .insert(users)
      .values({ uuid: randomUUID(), email, name: 'Cached', passwordHash, createdAt: now });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: 'a long password' },
    });
    expect(res.json().data.token).toMatch(/\S{40,}/);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
