import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { staffHeaders } from '../../helpers/staff';
import { startTestApp } from '../../helpers/test-app';
import { type BadRequest, badRequests, ODD_BODIES, type Value } from './bad-input-arbitraries';
import {
  fieldsOf,
  isApiPath,
  type Route,
  type RouteRule,
  registeredRoutes,
  ruleOf,
  type ShopperIds,
} from './route-table';
import {
  expectedLanguage,
  fingerprints,
  isMessageIn,
  plentifulProduct,
  settledFingerprint,
  shopperWithRows,
  staffCaller,
  without,
} from './shop-state';

/**
 * Bad input of every kind, to every API route the server registered (part 2): never a
 * 5xx, always the envelope with a message in the caller's language, and a refused call changes
 * nothing in the database.
 */
/** Runs per route; `FUZZ_RUNS=500` for a long hunt. */
const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 25);
const t = await startTestApp();
afterAll(async () => t.close());
const routes = registeredRoutes(t.app).filter((r) => isApiPath(r.url) && r.method !== 'HEAD');

/** Text for a query string, a form or a multipart part; a list repeats the field. */
function texts(value: Value): string[] {
  if (Array.isArray(value)) return value.flatMap(texts);
  if (value !== null && typeof value === 'object') return [jsonOf(value)];
  return [value === null ? '' : String(value)];
}

/** JSON text written by hand, so keys like `__proto__` and repeated keys reach the server as sent. */
function jsonOf(value: Value): string {
  if (Array.isArray(value)) return `[${value.map(jsonOf).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${value.entries.map(([k, v]) => `${JSON.stringify(k)}:${jsonOf(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function searchOf(params: [string, Value][]): string {
  const search = new URLSearchParams();
  for (const [key, value] of params) for (const v of texts(value)) search.append(key, v);
  return search.toString();
}

function multipartOf(params: [string, Value][], file: BadRequest['file']) {
  const boundary = 'fuzzBoundary7MA4YWxk';
  const parts: Buffer[] = [];
  for (const [key, value] of params) {
    for (const v of texts(value)) {
      const name = key.replace(/["\r\n]/g, '_');
      parts.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`),
      );
    }
  }
  if (file) {
    const name = file.field.replace(/["\r\n]/g, '_');
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { type: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat(parts) };
}

function injectOf(route: Route, req: BadRequest, token: string): InjectOptions {
  const path = route.url.replace(/:\w+/g, (name) => req.path[name] ?? '');
  // Staff call as the console does: the session cookie, and its CSRF token on a write.
  const session =
    route.url.startsWith('/api/admin/') && token
      ? staffHeaders(token, route.method)
      : { authorization: token };
  const headers: Record<string, string> = { ...session, 'accept-language': req.language };
  const withQuery = (search: string) => (search ? `${path}?${search}` : path);
  const method = route.method;
  switch (req.channel) {
    case 'query':
      return { method, url: withQuery(searchOf(req.params)), headers };
    case 'form':
      headers['content-type'] = 'application/x-www-form-urlencoded';
      return { method, url: path, headers, payload: searchOf(req.params) };
    case 'json':
      headers['content-type'] = 'application/json';
      return { method, url: path, headers, payload: jsonOf({ entries: req.params }) };
    case 'multipart': {
      const { type, body } = multipartOf(req.params, req.file);
      headers['content-type'] = type;
      return { method, url: path, headers, payload: body };
    }
    case 'odd': {
      const odd = ODD_BODIES[req.odd] ?? { type: 'text/plain', body: '' };
      headers['content-type'] = odd.type;
      return {
        method,
        url: withQuery(`${searchOf(req.params)}&%=%zz&a=%E0%A4%A`),
        headers,
        payload: odd.body,
      };
    }
  }
}

/** Whether the request's path parameters are the valid ones, as `badRequests` leaves them. */
function pathIntact(req: BadRequest, valid: Record<string, string>): boolean {
  return Object.entries(req.path).every(([name, value]) => value === encodeURIComponent(valid[name] ?? 'x'));
}

const protoKeys = () => Object.getOwnPropertyNames(Object.prototype).sort();
const PROTO_KEYS = protoKeys();

/** What every answer to bad input must be; returns whether the call was refused. */
function checkAnswer(
  rule: RouteRule,
  res: { statusCode: number; headers: Record<string, unknown>; body: string },
  language: string,
  where: string,
) {
  expect(res.statusCode, where).toBeLessThan(500);
  const type = String(res.headers['content-type'] ?? '');
  const isJson = type.startsWith('application/json');
  // Only the gateway's notification (plain text), the sandbox pay page (HTML) and a download's
  // file (a 200 only) answer otherwise.
  const download = rule.download !== undefined && res.statusCode === 200;
  if (download) expect(type.startsWith(rule.download ?? ''), where).toBe(true);
  else if (rule.access === 'public' || rule.access === 'shopper' || rule.access === 'staff') {
    expect(isJson, where).toBe(true);
  }
  if (isJson) {
    const body = JSON.parse(res.body);
    if (res.statusCode < 400) expect(body, where).toMatchObject({ code: 200, message: 'ok' });
    else {
      expect(body.code, where).toBe(res.statusCode);
      expect(isMessageIn(expectedLanguage(language), body.message), `${where}: ${body.message}`).toBe(true);
    }
  }
  expect(protoKeys()).toEqual(PROTO_KEYS);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  return res.statusCode >= 400;
}

/**
 * The caller for a route: a signed-in shopper with rows of their own (a fresh one per route); for
 * admin routes also a signed-in owner, so the fuzz reaches past the guard.
 */
async function callerFor(rule: RouteRule): Promise<ShopperIds | undefined> {
  if (rule.access === 'staff') return staffCaller(t);
  return rule.access === 'shopper' || rule.access === 'public' ? shopperWithRows(t) : undefined;
}

/** The token a route is called with: the shopper's, an owner's for admin routes, none for the rest. */
function tokenFor(rule: RouteRule, own: ShopperIds | undefined): string {
  if (rule.access === 'shopper') return own?.token ?? '';
  if (rule.access === 'staff') return own?.staffToken ?? '';
  return '';
}

describe('bad input to every API route', () => {
  for (const route of routes) {
    const rule = ruleOf(route);
    const name = `${route.method} ${route.url}`;
    if (!rule) {
      it(`${name} has an access decision in route-table.ts`, () => {
        expect.fail(`${name} is not in ROUTE_RULES`);
      });
      continue;
    }
    it(`${name}: no 5xx, a message in the caller's language, nothing changed when refused`, async () => {
      const own = await callerFor(rule);
      const valid = own ? (rule.valid?.(own, plentifulProduct()) ?? {}) : {};
      // Visitors call the public routes: sign-in and sign-up calls take no token.
      const token = tokenFor(rule, own);
      const fingerprint = fingerprints(t);
      let state = await fingerprint();
      await fc.assert(
        fc.asyncProperty(badRequests(route, fieldsOf(t.app, route, rule, valid), valid), async (req) => {
          const res = await t.app.inject(injectOf(route, req, token));
          const where = `${name} ${req.channel} → ${res.statusCode} ${res.body.slice(0, 300)}`;
          const refused = checkAnswer(rule, res, req.language, where);
          // Multipart is read only where a file is uploaded: anywhere else it is refused unread
          // (unless the path itself was refused first).
          if (
            req.channel === 'multipart' &&
            route.method !== 'GET' &&
            !rule.upload &&
            pathIntact(req, valid)
          ) {
            expect(res.statusCode, where).toBe(415);
          }
          const after = await fingerprint();
          if (refused) {
            expect(without(after, rule.writesWhenRefused), where).toEqual(
              without(state, rule.writesWhenRefused),
            );
          }
          state = after;
        }),
        { numRuns: NUM_RUNS },
      );
    });
  }
});

describe('each field alone', () => {
  // Values random runs meet rarely: a NUL (which PostgreSQL text cannot hold), a lone surrogate,
  // 100 kB, a repeated field, a far date; and in a JSON body every type but text.
  const killers: Value[] = [
    'a\u0000b',
    '\uD800',
    'x'.repeat(100_000),
    ['1', '2'],
    '9999-12-31',
    '275760-09-13T00:00',
  ];
  const jsonKillers: Value[] = [
    12345,
    -1.5,
    true,
    null,
    ['a', 'b'],
    { entries: [['a', '1']] },
    'x'.repeat(100_000),
    '\u0000',
    '\uD800',
    'a\uDC00',
  ];

  // Thousands of requests, more with every route: minutes on a busy 2-core machine, not 30 s.
  it('every field its request schemas declare, holding a value that breaks databases and parsers, is refused or accepted, never a 5xx', {
    timeout: 300_000,
  }, async () => {
    for (const route of routes) {
      const rule = ruleOf(route);
      if (!rule) continue;
      const own = rule.access === 'staff' ? await staffCaller(t) : await shopperWithRows(t);
      const valid = rule.valid?.(own, plentifulProduct()) ?? {};
      const fields = fieldsOf(t.app, route, rule, valid);
      const token = tokenFor(rule, own);
      const reads = route.method === 'GET';
      for (const field of fields) {
        const tries: [BadRequest['channel'], Value][] = [
          ...killers.map((k): [BadRequest['channel'], Value] => [reads ? 'query' : 'form', k]),
          ...(reads || field.startsWith(':')
            ? []
            : jsonKillers.map((k): [BadRequest['channel'], Value] => ['json', k])),
        ];
        for (const [i, [channel, killer]] of tries.entries()) {
          const language = i % 2 === 0 ? 'zh-CN' : 'en';
          const params: [string, Value][] = Object.entries({ ...valid, [field]: killer });
          const pathText = typeof killer === 'string' ? killer.replace('\uD800', '\uFFFD') : String(killer);
          const path = Object.fromEntries(
            (route.url.match(/:\w+/g) ?? []).map((name) => [
              name,
              encodeURIComponent(name === field ? pathText : (valid[name] ?? 'x')),
            ]),
          );
          const req: BadRequest = { channel, params, path, odd: 0, language };
          const res = await t.app.inject(injectOf(route, req, token));
          const where = `${route.method} ${route.url} ${channel} ${field}=${JSON.stringify(killer).slice(0, 12)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
          checkAnswer(rule, res, language, where);
          // Half a character is bad input wherever it is sent (http.ts), not a value to store.
          if (channel === 'json' && killer === '\uD800') expect(res.statusCode, where).toBe(400);
        }
      }
    }
  });
});

describe('edge values the console once answered with a 500', () => {
  it('a far day and half a character are refused, named, in the caller’s language, and change nothing', async () => {
    const { staffToken } = await staffCaller(t);
    const before = await settledFingerprint(t);
    const ask = (url: string, language: string, payload?: string) =>
      t.app.inject({
        method: payload === undefined ? 'GET' : 'POST',
        url,
        headers: {
          ...staffHeaders(staffToken ?? '', payload === undefined ? 'GET' : 'POST'),
          'accept-language': language,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(payload === undefined ? {} : { payload }),
      });
    const cases: [string, string, string | undefined, string][] = [
      ['/api/admin/orders?to=9999-12-31', 'en', undefined, 'The field to is not valid.'],
      ['/api/admin/orders?from=0001-01-01', 'zh-CN', undefined, '字段 from 无效。'],
      ['/api/admin/packing?day=9999-12-31', 'zh-CN', undefined, '字段 day 无效。'],
      ['/api/admin/packing?day=275760-09-13', 'en', undefined, 'The field day is not valid.'],
      [
        '/api/admin/reports?from=9999-12-31&to=9999-12-31',
        'en',
        undefined,
        "Please choose the report's first and last days as real dates (YYYY-MM-DD).",
      ],
      [
        '/api/admin/reports?from=2000-01-01&to=2099-12-31',
        'zh-CN',
        undefined,
        '一份报表最多涵盖 731 天，请选择更短的日期范围。',
      ],
      [
        '/api/admin/reports/export?kind=days&from=2026-02-01&to=2026-01-01',
        'en',
        undefined,
        "The report's first day comes after its last day. Please swap them.",
      ],
      ['/api/admin/search-aliases', 'zh-CN', '{"alias":"\\ud800","target":"apple"}', '字段 alias 无效。'],
    ];
    for (const [url, language, payload, message] of cases) {
      const res = await ask(url, language, payload);
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({ code: 400, message });
    }
    expect(await settledFingerprint(t)).toEqual(before);
  });
});

describe('bodies no client sends', () => {
  it('oversized, mistyped or broken bodies are refused in the caller’s language and change nothing', async () => {
    const own = await shopperWithRows(t);
    const before = await settledFingerprint(t);
    const huge = 'x'.repeat(1_100_000);
    const bodies = [
      { type: 'application/json', body: JSON.stringify({ name: huge }), status: 413 },
      { type: 'application/x-www-form-urlencoded', body: `name=${huge}`, status: 413 },
      { type: 'application/xml', body: '<a/>', status: 415 },
      { type: 'application/json', body: '{"name":', status: 400 },
      multipartFile(6 * 1024 * 1024),
    ];
    for (const route of routes.filter((r) => r.method !== 'GET')) {
      const rule = ruleOf(route);
      if (!rule) continue;
      const url = route.url.replace(/:\w+/g, '1');
      for (const [i, { type, body, status }] of bodies.entries()) {
        const language = i % 2 === 0 ? 'zh-CN' : 'en';
        const res = await t.app.inject({
          method: route.method,
          url,
          headers: { authorization: own.token, 'accept-language': language, 'content-type': type },
          payload: body,
        });
        const where = `${route.method} ${route.url} ${type} → ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(checkAnswer(rule, res, language, where), where).toBe(true);
        // A staff upload checks the session first: this caller's shopper token is a 401, the file unread.
        const upload = rule.access === 'staff' ? 401 : 413;
        const expected = rule.staffBeforeBody
          ? 401
          : type.startsWith('multipart/')
            ? rule.upload
              ? upload
              : 415
            : status;
        expect(res.statusCode, where).toBe(expected);
      }
    }
    expect(await settledFingerprint(t)).toEqual(before);
  });
});

/** A multipart body with one file larger than any upload the shop takes. */
function multipartFile(bytes: number): { type: string; body: Buffer; status?: number } {
  const { type, body } = multipartOf([], { field: 'file', bytes: new Uint8Array(bytes) });
  return { type, body };
}
