import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, createShopper, type Shopper } from '../../tests/helpers/shoppers';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app';

/**
 * What reaches the log when a client puts secrets in the URL, however it spells their names: the
 * server decodes `pass%77ord` to `password` before it reads it, so the log must see through it too.
 */
let t: TestApp;
let shopper: Shopper;
beforeAll(async () => {
  // Debug, so that successful reads are logged as well.
  t = await startTestApp({ LOG_LEVEL: 'debug' });
  shopper = await createShopper(t.database, t.clock.now());
});
afterAll(async () => t?.close());

/** Values that must never appear in a log line, each sent once under a disguised secret name. */
const VARIANTS: { method: 'GET' | 'POST' | 'PUT'; url: string; secrets: string[] }[] = [
  { method: 'POST', url: '/api/login?email=a%40b.co&pass%77ord=Pw0rdAlpha1', secrets: ['Pw0rdAlpha1'] },
  { method: 'POST', url: '/api/login?email=a%40b.co&PASSWORD=Pw0rdBravo2', secrets: ['Pw0rdBravo2'] },
  { method: 'POST', url: '/api/login?email=a%40b.co&Pass%57ord=Pw0rdCharlie3', secrets: ['Pw0rdCharlie3'] },
  { method: 'POST', url: '/api/login?email=a%40b.co&password%5B%5D=Pw0rdDelta4', secrets: ['Pw0rdDelta4'] },
  { method: 'POST', url: '/api/login?email=a%40b.co&password[]=Pw0rdEcho5', secrets: ['Pw0rdEcho5'] },
  { method: 'POST', url: '/api/login?email=a%40b.co&pass%2577ord=Pw0rdFoxtrot6', secrets: ['Pw0rdFoxtrot6'] },
  { method: 'POST', url: '/api/login?email=a%40b.co&pass+word=Pw0rdGolf7', secrets: ['Pw0rdGolf7'] },
  { method: 'POST', url: '/api/login?email=a%40b.co&%E0%A4%A=Pw0rdHotel8', secrets: ['Pw0rdHotel8'] },
  { method: 'POST', url: '/api/login?email=a%40b.co&password=%50w0rdIndia9', secrets: ['Pw0rdIndia9'] },
  {
    method: 'PUT',
    url: '/api/credit_card?card%5Fno=6011000000000012&c%6Fde=4321',
    secrets: ['6011000000000012', '4321'],
  },
  {
    method: 'PUT',
    url: '/api/credit_card?name=Mei&card_no=4007000000027&%63ode=9876&expiration_time=08%2F29',
    secrets: ['9876', '4007000000027', '08/29'],
  },
  {
    method: 'PUT',
    url: '/api/credit_card?billing%5Bcard%5D=5424000000000015',
    secrets: ['5424000000000015'],
  },
  {
    method: 'GET',
    url: '/api/index_product?en_search=apple&T%4FKEN=TokValue0Kilo',
    secrets: ['TokValue0Kilo'],
  },
  // Values no log line holds by chance (a bare 4-digit code can sit inside a timestamp).
  { method: 'GET', url: '/api/index_product?en_search=apple&cvv=Cvv7531Value', secrets: ['Cvv7531Value'] },
  {
    method: 'GET',
    url: '/api/index_product?en_search=apple&CardCode=Code8642Value',
    secrets: ['Code8642Value'],
  },
];

describe('request logs', () => {
  it('hold no secret sent in the URL, whatever the spelling of its name', async () => {
    const leaked: { url: string; leaks: string[] }[] = [];
    for (const variant of VARIANTS) {
      const before = t.logs.length;
      const res = await t.app.inject({
        method: variant.method,
        url: variant.url,
        headers: { authorization: shopper.token },
      });
      expect(res.statusCode).toBeLessThan(500);
      const lines = t.logs.slice(before);
      // The request was logged (so the check below is about its line, not about silence).
      expect({ url: variant.url, logged: lines.some((l) => l.includes('"msg":"request"')) }).toEqual({
        url: variant.url,
        logged: true,
      });
      const text = lines.join('');
      // Also as the server would read it: a value may itself be percent-encoded, twice even.
      const decoded = percentDecoded(percentDecoded(text));
      const leaks = variant.secrets.filter((s) => text.includes(s) || decoded.includes(s));
      if (leaks.length > 0) leaked.push({ url: variant.url, leaks });
    }
    expect(leaked).toEqual([]);
  });
});

describe('an unexpected database error', () => {
  it('is logged with its statement, and without the personal data it was given', async () => {
    // A fault only this address trips: the insert fails inside the database, as a bug would.
    await t.database.db.execute(
      sql.raw(`ALTER TABLE addresses ADD CONSTRAINT test_fault CHECK (city <> 'Faultville') NOT VALID`),
    );
    const personal = {
      name: 'Xiaoqing',
      surname: 'Ouyangfeng',
      phone: '415-555-0187',
      address: '77 Quietwater Lane',
      area: 'Suite 9Z',
      city: 'Faultville',
      province: 'Quietshire',
      zip: '82001',
    };
    const before = t.logs.length;
    const res = await callAs(t.app, shopper, 'POST', '/api/address', personal);
    expect(res.status).toBe(500);
    const lines = t.logs.slice(before);
    const logged = lines.find((l) => l.includes('"msg":"unhandled error"'));
    expect(logged).toContain('insert into \\"addresses\\"');
    expect(JSON.parse(logged ?? '{}').err).toMatchObject({ sqlState: '23514', constraint: 'test_fault' });
    const text = lines.join('');
    const leaks = [...Object.values(personal), shopper.email].filter((v) => text.includes(v));
    expect(leaks).toEqual([]);
  });
});

/** Every `%XX` as the byte it stands for (ASCII secrets are all these tests send). */
function percentDecoded(text: string): string {
  return text.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
