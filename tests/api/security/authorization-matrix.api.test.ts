import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../../public/locales/en/errors.json' with { type: 'json' };
import zh from '../../../public/locales/zh/errors.json' with { type: 'json' };
import { createShopper } from '../../helpers/shoppers';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import {
  bodyParams,
  isApiPath,
  type Method,
  type Route,
  registeredRoutes,
  ruleOf,
  type ShopperIds,
  unclassified,
  urlOf,
} from './route-table';
import {
  expectedLanguage,
  isMessageIn,
  plentifulProduct,
  rowsOfShopper,
  settledFingerprint,
  shopperWithRows,
} from './shop-state';

/**
 * The authorization matrix of Generated from the routes the server registered: a visitor
 * gets 401 from every per-user route, another shopper's ids answer 404 as if they did not exist
 * (docs/architecture.md §4), and none of it changes anything.
 */
let t: TestApp;
let alice: ShopperIds;
let bob: ShopperIds;
let routes: Route[];
let signedOut: string;

beforeAll(async () => {
  t = await startTestApp();
  alice = await shopperWithRows(t);
  bob = await shopperWithRows(t);
  routes = registeredRoutes(t.app);
  const leaver = await createShopper(t.database, t.clock.now());
  expect(
    (await t.app.inject({ method: 'POST', url: '/api/quit', headers: { authorization: leaver.token } }))
      .statusCode,
  ).toBe(200);
  signedOut = leaver.token;
});
afterAll(async () => t?.close());

const LANGUAGES = ['en', 'zh-CN'] as const;
const ALL_METHODS: Method[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

async function send(
  method: Method,
  url: string,
  params: Record<string, string>,
  token: string | undefined,
  language: string,
) {
  const form = bodyParams(params);
  const inQuery = method === 'GET' || method === 'HEAD';
  const query = new URLSearchParams(form).toString();
  const res = await t.app.inject({
    method,
    url: inQuery && query ? `${url}?${query}` : url,
    headers: {
      'accept-language': language,
      ...(token ? { authorization: token } : {}),
      ...(!inQuery ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    ...(!inQuery ? { payload: query } : {}),
  });
  const json = res.headers['content-type']?.toString().startsWith('application/json');
  return { status: res.statusCode, body: json && res.body ? res.json() : res.body };
}

const lang = (i: number) => LANGUAGES[i % 2] ?? 'en';
const textOf = (language: string) => (language.startsWith('zh') ? zh : en);

describe('the route table', () => {
  it('has an access decision for every API route, and no decision for a route that is gone', () => {
    expect(unclassified(routes)).toEqual({ missing: [], stale: [], writableFiles: [] });
  });

  it('is read from the server itself', () => {
    const api = routes.filter((r) => isApiPath(r.url));
    expect(api.length).toBeGreaterThanOrEqual(40);
    expect(api).toContainEqual({ method: 'DELETE', url: '/api/cart/:itemId' });
    expect(api).toContainEqual({ method: 'GET', url: '/api/order/:orderNo/payment' });
    expect(api).toContainEqual({ method: 'HEAD', url: '/api/credit_card' });
  });
});

describe('a visitor', () => {
  it('gets 401 from every per-user route, in their language, and changes nothing', async () => {
    const before = await settledFingerprint(t);
    const perUser = routes.filter((r) => ruleOf(r)?.access === 'shopper');
    expect(perUser.length).toBeGreaterThanOrEqual(25);
    let i = 0;
    for (const route of perUser) {
      const rule = ruleOf(route);
      const probes = typeof rule?.foreign === 'function' ? rule.foreign(alice, bob) : [];
      const params = probes[0]?.params ?? rule?.valid?.(alice, plentifulProduct()) ?? {};
      // No token, a made-up one, an overlong one, an empty one, and one that was signed out.
      for (const token of [undefined, 'Bearer not-a-token', `Bearer ${'x'.repeat(300)}`, '', signedOut]) {
        const language = lang(i++);
        const res = await send(route.method, urlOf(route, params), params, token, language);
        expect({ route, token, status: res.status }).toEqual({ route, token, status: 401 });
        if (route.method === 'HEAD') continue;
        expect(res.body).toEqual({ code: 401, message: textOf(language).unauthorized });
      }
    }
    expect(await settledFingerprint(t)).toEqual(before);
  });

  it('reads the catalogue, and reaches the sign-in and sign-up calls', async () => {
    const publicRoutes = routes.filter((r) => ruleOf(r)?.access === 'public');
    let i = 0;
    for (const route of publicRoutes) {
      const params = ruleOf(route)?.valid?.(bob, plentifulProduct()) ?? {};
      const language = lang(i++);
      const res = await send(route.method, urlOf(route, params), params, undefined, language);
      if (route.method === 'GET' || route.method === 'HEAD') {
        expect({ route, status: res.status }).toEqual({ route, status: 200 });
        if (route.method === 'GET') expect(res.body).toMatchObject({ code: 200, message: 'ok' });
      } else {
        // Sign-in, sign-up and reset answer visitors; what they say is about the input, never a 5xx.
        expect({ route, status: res.status, tooHigh: res.status >= 500 }).toMatchObject({
          route,
          tooHigh: false,
        });
        expect(res.body).toMatchObject({ code: res.status });
        if (res.status >= 400) expect(isMessageIn(expectedLanguage(language), res.body.message)).toBe(true);
      }
    }
  });

  it('gets the web app’s files, or a 404, never a 5xx', async () => {
    const files = routes.filter((r) => !isApiPath(r.url));
    for (const route of files) {
      const url = route.url.replace(/\*$/, 'en/errors.json').replace(/:\w+/g, 'x');
      const res = await send(route.method, url, {}, undefined, 'en');
      expect({ route, tooHigh: res.status >= 500 }).toEqual({ route, tooHigh: false });
    }
  });

  it('serves the shop’s own public files (robots, sitemap, manifest, icons) to visitors, read only', async () => {
    const site = ['/robots.txt', '/sitemap.xml', '/manifest.webmanifest', '/icons/*'];
    for (const url of site) {
      const methods = routes
        .filter((r) => r.url === url)
        .map((r) => r.method)
        .sort();
      expect({ url, methods }).toEqual({ url, methods: ['GET', 'HEAD'] });
      const res = await send('GET', url.replace('*', 'icon-192.png'), {}, undefined, 'en');
      expect({ url, status: res.status }).toEqual({ url, status: 200 });
    }
  });

  it('cannot pass an unsigned notification or an unknown sandbox link off as the gateway', async () => {
    const before = await settledFingerprint(t);
    const ipn = await send(
      'POST',
      '/api/yuansfer/ipn',
      { reference: alice.orderNo, status: 'success', amount: '0.01', verifySign: 'forged' },
      undefined,
      'en',
    );
    expect(ipn).toEqual({ status: 400, body: 'invalid' });
    for (const method of ['GET', 'POST'] as const) {
      const res = await send(method, '/sandbox/pay/made-up-link', { outcome: 'paid' }, undefined, 'en');
      expect(res.status).toBe(404);
    }
    expect(await settledFingerprint(t)).toEqual(before);
  });
});

describe("another shopper's ids", () => {
  it('answer 404 as if they did not exist, with every method, and change nothing', async () => {
    const before = await settledFingerprint(t);
    const withIds = routes.filter((r) => {
      const rule = ruleOf(r);
      return rule?.access === 'shopper' && typeof rule.foreign === 'function';
    });
    expect(withIds.length).toBeGreaterThanOrEqual(10);
    const nobody = ghostOf(alice);
    let i = 0;
    for (const route of withIds) {
      const rule = ruleOf(route);
      if (typeof rule?.foreign !== 'function') continue;
      const ghostProbes = rule.foreign(nobody, bob);
      for (const [n, probe] of rule.foreign(alice, bob).entries()) {
        const url = urlOf(route, probe.params);
        const ghost = ghostProbes[n]?.params ?? {};
        // The call itself misses; and on a path that carries the owner's id, every other method
        // answers exactly as it does for an id that does not exist.
        const methods = url === route.url ? [route.method] : ALL_METHODS;
        for (const method of methods) {
          const language = lang(i++);
          const res = await send(method, url, probe.params, bob.token, language);
          const unknown = await send(method, urlOf(route, ghost), ghost, bob.token, language);
          const seen = { method, url, probe, status: res.status };
          if (method === route.method) expect(seen).toEqual({ ...seen, status: 404 });
          const body = masked(res.body, alice);
          expect({ ...seen, body }).toEqual({
            ...seen,
            status: unknown.status,
            body: masked(unknown.body, nobody),
          });
          if (method === 'HEAD') continue;
          expect(res.body.code).toBe(res.status);
          expect(isMessageIn(expectedLanguage(language), res.body.message)).toBe(true);
        }
      }
    }
    expect(await settledFingerprint(t)).toEqual(before);
  });

  it('never show up in what another shopper reads or changes through the routes that take no id', async () => {
    const aliceBefore = await rowsOfShopper(t.database, alice.id);
    const own = routes.filter((r) => ruleOf(r)?.access === 'shopper' && ruleOf(r)?.foreign === 'own');
    expect(own.length).toBeGreaterThanOrEqual(12);
    const secrets = [alice.email, alice.uuid, alice.address, alice.orderNo, alice.card, alice.token];
    for (const route of own) {
      // A fresh shopper each time: signing out or changing a profile must not spoil the next call.
      const mallory = await createShopper(t.database, t.clock.now());
      const params = ruleOf(route)?.valid?.(bob, plentifulProduct()) ?? {};
      const res = await send(route.method, urlOf(route, params), params, mallory.token, 'en');
      expect({ route, tooHigh: res.status >= 500 }).toEqual({ route, tooHigh: false });
      const text = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
      for (const secret of secrets)
        expect({ route, leaks: text.includes(secret) }).toEqual({ route, leaks: false });
    }
    expect(await rowsOfShopper(t.database, alice.id)).toEqual(aliceBefore);
  });
});

/** The same shape of ids as `s`, for rows that do not exist. */
function ghostOf(s: ShopperIds): ShopperIds {
  return {
    ...s,
    address: randomUUID(),
    card: randomUUID(),
    cartLine: 999_999_999,
    orderNo: s.orderNo.replace(/\d{10}$/, '0000000000'),
    orderLine: 999_999_999,
  };
}

/** An answer's text with the ids of `s` blanked, to compare answers about different ids. */
function masked(body: unknown, s: ShopperIds): string {
  let text = typeof body === 'string' ? body : JSON.stringify(body);
  for (const id of [s.address, s.card, String(s.cartLine), s.orderNo, String(s.orderLine)]) {
    text = text.replace(new RegExp(`\\b${id}\\b`, 'g'), '<id>');
  }
  return text;
}
