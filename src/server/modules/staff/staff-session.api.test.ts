import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffSessions } from '#server/db/schema';
import { hashToken } from '#server/modules/account/secrets';
import { csrfOf } from '#server/plugins/staff-auth';
import { MeAnswer, SignInAnswer } from '#shared/schemas/admin/staff.zod';
import en from '../../../../public/locales/en/errors.json' with { type: 'json' };
import zh from '../../../../public/locales/zh/errors.json' with { type: 'json' };
import { expectAnswer } from '../../../../tests/helpers/answers';
import { cookieTokenOf, createStaff, staffHeaders } from '../../../../tests/helpers/staff';
import { startTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { STAFF_IDLE_MS } from './staff.service';

/*
 * The console's session (docs/architecture.md, The console's session): an HttpOnly cookie every tab
 * of the browser shares, a CSRF token the page sends back with each write, and an end that holds
 * everywhere at once (sign-out deletes the session; idle expiry).
 */
let t: TestApp;
beforeAll(async () => {
  // One proxy in front, as behind a TLS-terminating load balancer.
  t = await startTestApp({ TRUST_PROXY: '1' });
});
afterAll(async () => t?.close());

async function signIn(headers: Record<string, string> = {}) {
  const who = await createStaff(t.database, t.clock.now(), { role: 'manager' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/sign-in',
    headers,
    payload: { email: who.email, password: who.password },
  });
  const setCookie = String(res.headers['set-cookie'] ?? '');
  return { who, res, setCookie, token: cookieTokenOf(setCookie) ?? '', body: JSON.parse(res.body) };
}

const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>) =>
  t.app.inject({ method, url, headers, ...(method === 'POST' ? { payload: {} } : {}) });

describe('the console’s session cookie', () => {
  it('is set at sign-in, HttpOnly and SameSite=Strict for the console’s API, for the session’s idle life; no token in the answer', async () => {
    const { res, setCookie, token } = await signIn();
    expect(res.statusCode).toBe(200);
    expect(setCookie).toMatch(/^staff_session=[\w-]{43}; /);
    const attributes = setCookie.split('; ').slice(1);
    expect(attributes).toEqual([
      'Path=/api/admin',
      `Max-Age=${STAFF_IDLE_MS / 1000}`,
      'HttpOnly',
      'SameSite=Strict',
    ]);
    const answer = expectAnswer(SignInAnswer, res);
    expect(JSON.stringify(answer)).not.toContain(token);
    expect(answer.csrf).toBe(csrfOf(token));
  });

  it('is Secure when the request came over https through the trusted proxy', async () => {
    const { setCookie } = await signIn({ 'x-forwarded-proto': 'https' });
    expect(setCookie.split('; ')).toContain('Secure');
  });

  it('lets a new tab (the cookie alone) learn who is signed in and the CSRF token from me', async () => {
    const { who, token, body } = await signIn();
    const me = await call('GET', '/api/admin/me', { cookie: `staff_session=${token}` });
    const answer = expectAnswer(MeAnswer, me);
    expect(answer).toMatchObject({ id: who.id, role: 'manager', csrf: body.data.csrf });
  });

  it('refuses a write without the CSRF token, with a wrong one, or sent from another site, in the caller’s language', async () => {
    const { token } = await signIn();
    const cookie = `staff_session=${token}`;
    const forged: Record<string, string>[] = [
      { cookie },
      { cookie, 'x-csrf-token': csrfOf('another session') },
      { cookie, 'x-csrf-token': csrfOf(token), 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of forged) {
      const res = await call('POST', '/api/admin/totp/start', headers);
      expect(res.statusCode).toBe(403);
      expect(JSON.parse(res.body)).toEqual({ code: 403, message: en.staff.csrf, data: { csrf: true } });
    }
    const zhRes = await call('POST', '/api/admin/totp/start', { cookie, 'accept-language': 'zh' });
    expect(JSON.parse(zhRes.body).message).toBe(zh.staff.csrf);
    const fine = await call('POST', '/api/admin/totp/start', { ...staffHeaders(token, 'POST') });
    expect(fine.statusCode).toBe(200);
    const sameOrigin = await call('POST', '/api/admin/totp/start', {
      ...staffHeaders(token, 'POST'),
      'sec-fetch-site': 'same-origin',
    });
    expect(sameOrigin.statusCode).toBe(200);
  });

  it('refuses a sign-in posted from another site’s page', async () => {
    const { res } = await signIn({ 'sec-fetch-site': 'cross-site' });
    expect(res.statusCode).toBe(403);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('is renewed as the session is used, so it lasts as long as the session does', async () => {
    const { token } = await signIn();
    t.clock.advance(STAFF_IDLE_MS - 60_000);
    const used = await call('GET', '/api/admin/me', { cookie: `staff_session=${token}` });
    expect(used.statusCode).toBe(200);
    expect(String(used.headers['set-cookie'])).toMatch(
      new RegExp(`^staff_session=${token}; Path=/api/admin; Max-Age=${STAFF_IDLE_MS / 1000};`),
    );
    t.clock.advance(STAFF_IDLE_MS - 60_000);
    expect((await call('GET', '/api/admin/me', { cookie: `staff_session=${token}` })).statusCode).toBe(200);
  });

  it('ends after the idle limit, and the stale cookie is cleared', async () => {
    const { token } = await signIn();
    t.clock.advance(STAFF_IDLE_MS + 1000);
    const res = await call('GET', '/api/admin/me', { cookie: `staff_session=${token}` });
    expect(res.statusCode).toBe(401);
    expect(String(res.headers['set-cookie'])).toMatch(/^staff_session=; Path=\/api\/admin; Max-Age=0;/);
  });

  it('ends everywhere at sign-out: the session row is deleted and the cookie cleared', async () => {
    const { token } = await signIn();
    const out = await call('POST', '/api/admin/sign-out', staffHeaders(token, 'POST'));
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/^staff_session=; Path=\/api\/admin; Max-Age=0;/);
    const rows = await t.database.db
      .select()
      .from(staffSessions)
      .where(eq(staffSessions.tokenHash, hashToken(token)));
    expect(rows).toEqual([]);
    // Another tab still sends the same cookie: it opens nothing now.
    expect((await call('GET', '/api/admin/me', { cookie: `staff_session=${token}` })).statusCode).toBe(401);
  });

  it('never lets a GET change anything: sign-out by GET is not a route', async () => {
    const { token } = await signIn();
    const res = await call('GET', '/api/admin/sign-out', { cookie: `staff_session=${token}` });
    expect(res.statusCode).toBe(404);
    expect((await call('GET', '/api/admin/me', { cookie: `staff_session=${token}` })).statusCode).toBe(200);
  });
});
