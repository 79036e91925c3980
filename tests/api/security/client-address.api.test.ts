import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAILURES_PER_CLIENT } from '#server/modules/account/account.throttle';
import { startTestApp, type TestApp } from '../../helpers/test-app';

/**
 * Behind a proxy (TRUST_PROXY), the client a throttle counts is the address the proxy saw: the
 * right-most X-Forwarded-For entry. Entries to its left are whatever the client wrote.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: 'true' });
});
afterAll(async () => t?.close());

let accounts = 0;
/** A failed sign-in for an address no one used, through the proxy, as `forwardedFor`. */
async function failedSignIn(forwardedFor: string): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: '127.0.0.1',
    headers: { 'x-forwarded-for': forwardedFor },
    payload: { email: `nobody${++accounts}@example.com`, password: 'not the password' },
  });
  return res.statusCode;
}

const spoofed = (i: number) => `10.${i % 250}.${Math.floor(i / 250)}.7`;

describe('the client address behind a proxy', () => {
  it('is the entry the proxy added, whatever the client put before it', async () => {
    for (let i = 0; i < FAILURES_PER_CLIENT; i++) {
      expect(await failedSignIn(`${spoofed(i)}, 198.51.100.7`)).toBe(401);
    }
    expect(await failedSignIn(`${spoofed(999)}, 198.51.100.7`)).toBe(429);
    expect(await failedSignIn('198.51.100.8')).toBe(401);
  });

  it('counts an IPv6 client by its /64', async () => {
    for (let i = 0; i < FAILURES_PER_CLIENT; i++) {
      expect(await failedSignIn(`2001:db8:5:6::${(i + 1).toString(16)}`)).toBe(401);
    }
    expect(await failedSignIn('2001:db8:5:6:ffff:ffff:ffff:ffff')).toBe(429);
    expect(await failedSignIn('2001:db8:5:7::1')).toBe(401);
  });
});
