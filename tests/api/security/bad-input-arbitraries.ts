import fc from 'fast-check';
import { bodyParams, type Route } from './route-table';

/** A parameter value as a client could send it: text, a number, a list or a nested object. */
export type Value = string | number | boolean | null | Value[] | { entries: [string, Value][] };

/** One bad request: where its parameters travel, what they are, and the caller's language. */
export interface BadRequest {
  channel: 'query' | 'form' | 'json' | 'multipart' | 'odd';
  params: [string, Value][];
  path: Record<string, string>;
  /** A file part for multipart requests. */
  file?: { field: string; bytes: Uint8Array };
  odd: number;
  language: string;
}

/** Strings that have broken shops before: wildcards, quotes, SQL and markup, encodings, numbers in disguise. */
const NASTY = [
  '%',
  '_',
  '%_%',
  '\\',
  "'",
  '"',
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '1) OR (1=1',
  "1' UNION SELECT password_hash FROM users --",
  '$1',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../etc/passwd',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uFEFF',
  '\u202E',
  '𝟘𝟙',
  '苹果',
  '蘋果',
  '١٢٣',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '00000',
  '1e309',
  '99999999999999999999',
  '2147483648',
  '-0',
  '1.5',
  ' ',
  '',
  '__proto__',
  'constructor',
  '[object Object]',
  'null',
  'undefined',
  'true',
  '{{field}}',
  '08/99',
  '13/30',
  '4111111111111111',
  'a@b',
  'x@example.com',
  // Far dates: a database or a time zone library refuses what a schema let through.
  '9999-12-31',
  '0001-01-01',
  '0000-00-00',
  '275760-09-13',
  '+275760-09-13',
  '9999-12-31T23:59',
  '0001-01-01T00:00',
  // Invalid Unicode: lone surrogates (a JSON body carries them as `\ud800` escapes).
  '\uDFFF',
  'a\uDBFFb',
  '\uDC00\uD800',
];

const text: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 12 }),
  fc.integer({ min: 1_000, max: 120_000 }).map((n) => 'x'.repeat(n)),
);

const scalar: fc.Arbitrary<Value> = fc.oneof(
  { weight: 4, arbitrary: text },
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 2 ** 31, 2 ** 53 + 1, 1e308, -1e308, 5e-324),
  fc.boolean(),
  fc.constant(null),
);

const POLLUTERS = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString', 'valueOf'];

function keyOf(fields: readonly string[]): fc.Arbitrary<string> {
  const known = [
    ...fields.filter((f) => !f.startsWith(':')),
    ...POLLUTERS,
    'items',
    'items[0][id]',
    'billing',
  ];
  return fc.oneof(fc.constantFrom(...known), fc.string({ maxLength: 8 }));
}

function anyValue(fields: readonly string[]): fc.Arbitrary<Value> {
  const { value } = fc.letrec<{ value: Value }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 6, arbitrary: scalar },
      fc.array(tie('value'), { maxLength: 3 }),
      fc
        .array(fc.tuple(keyOf(fields), tie('value')), { maxLength: 3 })
        .map((entries): Value => ({ entries })),
    ),
  }));
  return value;
}

/** Lone surrogates replaced, as a browser's URL encoder does (encodeURIComponent throws on them). */
function wellFormed(s: string): string {
  return s.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/** Malformed path segments that a URL-encoding client would never send. */
const RAW_PATH = ['%', '%zz', '%E0%A4%A', '%00', '..%2F..', '%2e%2e', 'a%2Fb', '%C0%AF'];

function pathValue(): fc.Arbitrary<string> {
  return fc.oneof(
    text.map((s) => encodeURIComponent(wellFormed(s))),
    fc.constantFrom(...RAW_PATH),
  );
}

/**
 * Requests for one route: its known fields (those its request schemas declare) (some kept valid, some left out, at least one replaced
 * by something bad), extra keys including prototype-pollution ones, over every channel the server
 * reads.
 */
export function badRequests(
  route: Route,
  fields: readonly string[],
  valid: Record<string, string>,
): fc.Arbitrary<BadRequest> {
  const names = [...new Set([...fields, ...Object.keys(valid)])];
  const pathNames = (route.url.match(/:\w+/g) ?? []) as string[];
  const reads = route.method === 'GET' || route.method === 'HEAD';
  const channels = reads
    ? (['query', 'odd'] as const)
    : (['query', 'form', 'form', 'json', 'json', 'multipart', 'odd'] as const);
  return fc
    .record({
      channel: fc.constantFrom(...channels),
      replaced: fc.subarray(names, { minLength: names.length > 0 ? 1 : 0 }),
      dropped: fc.subarray(Object.keys(bodyParams(valid))),
      values: fc.array(anyValue(fields), { minLength: names.length, maxLength: names.length }),
      paths: fc.array(pathValue(), { minLength: pathNames.length, maxLength: pathNames.length }),
      extra: fc.array(fc.tuple(keyOf(fields), anyValue(fields)), { maxLength: 3 }),
      file: fc.option(fc.record({ field: keyOf(['file']), bytes: fc.uint8Array({ maxLength: 64 }) }), {
        nil: undefined,
      }),
      odd: fc.nat(ODD_BODIES.length - 1),
      language: fc.oneof(
        fc.constantFrom('en', 'zh', 'zh-CN', 'zh-TW,zh;q=0.9', 'ZH', 'en-US,en;q=0.8', 'fr', ' zh', ''),
        fc.string({ unit: 'binary-ascii', maxLength: 12 }).filter((s) => /^[\x20-\x7e]*$/.test(s)),
      ),
    })
    .map(({ channel, replaced, dropped, values, paths, extra, file, odd, language }) => {
      const chosen = new Map<string, Value>(Object.entries(bodyParams(valid)));
      for (const name of dropped) chosen.delete(name);
      const path: Record<string, string> = {};
      for (const name of pathNames) path[name] = encodeURIComponent(valid[name] ?? 'x');
      replaced.forEach((name, i) => {
        const value = values[i] ?? null;
        if (name.startsWith(':')) {
          const at = pathNames.indexOf(name);
          path[name] = paths[at] ?? '';
        } else chosen.set(name, value);
      });
      const params: [string, Value][] = [...chosen.entries(), ...extra];
      return { channel, params, path, odd, language, ...(file ? { file } : {}) };
    });
}

/** Bodies no client of ours sends: wrong types, broken syntax, a JSON that is not an object. */
export const ODD_BODIES: { type: string; body: string }[] = [
  { type: 'application/json', body: '{"email":' },
  { type: 'application/json', body: '[1,2,3]' },
  { type: 'application/json', body: '"text"' },
  { type: 'application/json', body: 'null' },
  { type: 'application/json', body: '{"__proto__":{"polluted":1}}' },
  { type: 'application/json', body: '{"constructor":{"prototype":{"polluted":1}}}' },
  { type: 'application/json', body: '' },
  { type: 'application/json; charset=utf-16', body: '{}' },
  { type: 'application/xml', body: '<a>1</a>' },
  { type: 'text/plain', body: 'email=a@b.c' },
  { type: 'application/x-www-form-urlencoded', body: '%%%&=&a=%zz&__proto__[polluted]=1' },
  { type: 'multipart/form-data', body: 'no boundary' },
  { type: 'multipart/form-data; boundary=xyz', body: '--xyz\r\nbroken' },
  {
    type: 'multipart/form-data; boundary=xyz',
    body: '--xyz\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\n1\r\n--xyz--\r\n',
  },
];
