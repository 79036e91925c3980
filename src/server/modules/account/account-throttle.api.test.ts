import { describe, expect, it } from 'vitest';
import { type CallAnswer, setUpAccountShop } from './account.fixture';
import {
  ADDRESS_FREE_FAILURES,
  FAILURE_WINDOW_MS,
  FAILURES_PER_CLIENT,
  FAILURES_PER_PAIR,
} from './account.throttle';

const shop = setUpAccountShop();
const { call, codeFor, signUp, signIn, newAddress, nextIp } = shop;

const THROTTLED = /^Too many failed sign-ins\. Please wait \d+ seconds and try again\.$/;

function expectThrottled(res: CallAnswer, seconds?: number): void {
  expect(res.status).toBe(429);
  expect(res.body.message).toMatch(THROTTLED);
  if (seconds !== undefined) expect(res.headers['retry-after']).toBe(String(seconds));
}

async function failFromNewClients(address: string, times: number): Promise<void> {
  for (let i = 0; i < times; i++) expect((await signIn(address, `wrong ${i} pass`)).status).toBe(401);
}

async function resetPassword(address: string, password: string, ip: string): Promise<CallAnswer> {
  shop.t.clock.advance(61_000); // one code per address per minute
  const code = await codeFor(address, () => call('POST', '/api/buy/found/password', { email: address }));
  return call('PUT', '/api/buy/found/password', { email: address, code, password }, { ip });
}

describe('sign-in throttling per address and client pair', () => {
  it('five wrong passwords from one client do not stop the owner signing in from another', async () => {
    const address = newAddress();
    await signUp(address);
    const attacker = nextIp();
    for (let i = 0; i < FAILURES_PER_PAIR; i++) {
      expect((await signIn(address, `wrong ${i} pass`, attacker)).status).toBe(401);
    }
    expect((await signIn(address, 'correct horse 1', nextIp())).status).toBe(200);
    // The pair's limit holds, even against the right password, for 15 minutes.
    expectThrottled(await signIn(address, 'correct horse 1', attacker), 900);
    shop.t.clock.advance(FAILURE_WINDOW_MS + 1000);
    expect((await signIn(address, 'correct horse 1', attacker)).status).toBe(200);
  });

  it("a successful sign-in forgives that client's failures, not other clients'", async () => {
    const address = newAddress();
    await signUp(address);
    const [owner, other] = [nextIp(), nextIp()];
    for (let i = 0; i < FAILURES_PER_PAIR - 1; i++) {
      expect((await signIn(address, 'typo typo', owner)).status).toBe(401);
      expect((await signIn(address, 'guess guess', other)).status).toBe(401);
    }
    expect((await signIn(address, 'correct horse 1', owner)).status).toBe(200);
    for (let i = 0; i < FAILURES_PER_PAIR; i++) {
      expect((await signIn(address, 'typo typo', owner)).status).toBe(401);
    }
    expectThrottled(await signIn(address, 'typo typo', owner));
    expect((await signIn(address, 'guess guess', other)).status).toBe(401);
    expectThrottled(await signIn(address, 'guess guess', other));
  });

  it('counts a burst of concurrent tries: one client gets no more than five answers', async () => {
    const address = newAddress();
    await signUp(address);
    const ip = nextIp();
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, i) => signIn(address, `wrong ${i} pass`, ip)),
    );
    const statuses = burst.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(5).fill(429)]);
  });

  it('holds per client address across many addresses', async () => {
    const ip = nextIp();
    for (let i = 0; i < FAILURES_PER_CLIENT; i++) {
      expect((await signIn(newAddress(), 'whatever 123', ip)).status).toBe(401);
    }
    expectThrottled(await signIn(newAddress(), 'whatever 123', ip), 900);
    expect((await signIn(newAddress(), 'whatever 123')).status).toBe(401);
  });
});

describe('sign-in throttling per address across clients', () => {
  it('slows a guesser with many clients by doubling waits, alike for unknown addresses', async () => {
    const known = newAddress();
    await signUp(known);
    const unknown = newAddress();
    await failFromNewClients(known, ADDRESS_FREE_FAILURES);
    await failFromNewClients(unknown, ADDRESS_FREE_FAILURES);
    for (const wait of [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]) {
      const [a, b] = [await signIn(known, 'guess guess'), await signIn(unknown, 'guess guess')];
      expectThrottled(a, wait);
      expect([b.status, b.body, b.headers['retry-after']]).toEqual([
        a.status,
        a.body,
        a.headers['retry-after'],
      ]);
      shop.t.clock.advance(wait * 1000);
      const [c, d] = [await signIn(known, 'guess guess'), await signIn(unknown, 'guess guess')];
      expect(c.status).toBe(401);
      expect([d.status, d.body]).toEqual([c.status, c.body]);
    }
  });

  it("never stops the owner's own client, and a new client of the owner only waits", async () => {
    const address = newAddress();
    await signUp(address);
    const home = nextIp();
    expect((await signIn(address, 'correct horse 1', home)).status).toBe(200);
    await failFromNewClients(address, ADDRESS_FREE_FAILURES);
    for (const wait of [1, 2]) {
      shop.t.clock.advance(wait * 1000);
      await failFromNewClients(address, 1);
    }
    expectThrottled(await signIn(address, 'correct horse 1'), 4);
    expect((await signIn(address, 'correct horse 1', home)).status).toBe(200);
  });

  it('a password reset clears every failure of the address', async () => {
    const address = newAddress();
    await signUp(address);
    const attacker = nextIp();
    for (let i = 0; i < FAILURES_PER_PAIR; i++) {
      expect((await signIn(address, 'guess guess', attacker)).status).toBe(401);
    }
    await failFromNewClients(address, ADDRESS_FREE_FAILURES - FAILURES_PER_PAIR);
    expectThrottled(await signIn(address, 'correct horse 1', attacker), 900);
    expectThrottled(await signIn(address, 'correct horse 1'), 1);

    expect((await resetPassword(address, 'brand new pass', nextIp())).status).toBe(200);
    expect((await signIn(address, 'brand new pass', attacker)).status).toBe(200);
    expect((await signIn(address, 'guess guess')).status).toBe(401);
    expect((await signIn(address, 'brand new pass')).status).toBe(200);
  });
});

describe('changing the password', () => {
  it('throttles wrong current passwords like failed sign-ins of the address', async () => {
    const address = newAddress();
    await signUp(address);
    const home = nextIp();
    const { token } = (await signIn(address, 'correct horse 1', home)).body.data;
    const thief = nextIp();
    const change = (old: string, lang = 'en') =>
      call(
        'PUT',
        '/api/user/password',
        { old_password: old, password: 'stolen pass 1' },
        { token, ip: thief, lang },
      );
    for (let i = 0; i < FAILURES_PER_PAIR; i++) {
      expect(await change(`guess ${i} guess`)).toMatchObject({
        status: 400,
        body: { message: 'The current password is incorrect.' },
      });
    }
    const refused = await change('correct horse 1', 'zh-CN');
    expect(refused).toMatchObject({
      status: 429,
      body: { message: '登录失败次数过多，请等待 900 秒后再试。' },
    });
    expect(refused.headers['retry-after']).toBe('900');
    expectThrottled(await signIn(address, 'correct horse 1', thief));
    // Nothing changed: the owner signs in with the old password.
    expect((await signIn(address, 'correct horse 1', home)).status).toBe(200);
    shop.t.clock.advance(FAILURE_WINDOW_MS + 1000);
    expect((await change('correct horse 1')).status).toBe(200);
  });
});
