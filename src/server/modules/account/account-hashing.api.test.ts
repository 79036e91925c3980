import { describe, expect, it } from 'vitest';
import { setUpAccountShop } from './account.fixture';
import type { HashQueue } from './hash-queue';

const shop = setUpAccountShop();
const { call, codeFor, signUp, signIn, newAddress, nextIp } = shop;

/** Takes every place in the queue, running and waiting, until `release` is called. */
function fill(queue: HashQueue): { release(): Promise<void> } {
  let open: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  const places = queue.limits.running + queue.limits.waiting;
  const held = Array.from({ length: places }, () => queue.run(() => gate));
  return {
    release: async () => {
      open();
      await Promise.all(held);
    },
  };
}

describe('password hashing', () => {
  it('refuses wrong sign-up and reset codes without hashing: they are answered while every hash place is taken', async () => {
    const known = newAddress();
    await signUp(known);
    shop.t.clock.advance(61_000);
    const resetCode = await codeFor(known, () => call('POST', '/api/buy/found/password', { email: known }));
    const unknown = newAddress();
    await call('POST', '/api/buy/found/password', { email: unknown });
    const fresh = newAddress();
    const signupCode = await codeFor(fresh, () => call('POST', '/api/buy/email', { email: fresh }));
    const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

    const queue = shop.t.passwords.queue;
    const held = fill(queue);
    try {
      expect(queue.load).toEqual({ running: queue.limits.running, waiting: queue.limits.waiting });
      const invalid = {
        status: 400,
        body: { message: 'The code is wrong or has expired. Please ask for a new one.' },
      };
      const signup = { email: fresh, code: wrong(signupCode), name: 'Mei', password: 'long enough' };
      expect(await call('POST', '/api/buy/registration', signup)).toMatchObject(invalid);
      const reset = { email: known, code: wrong(resetCode), password: 'long enough' };
      expect(await call('PUT', '/api/buy/found/password', reset)).toMatchObject(invalid);
      const resetUnknown = { email: unknown, code: '123456', password: 'long enough' };
      expect(await call('PUT', '/api/buy/found/password', resetUnknown)).toMatchObject(invalid);

      // A right code needs a hash: the shop says it is busy, and the code stays good.
      const busy = await call('POST', '/api/buy/registration', { ...signup, code: signupCode });
      expect(busy).toMatchObject({
        status: 503,
        body: { code: 503, message: 'The shop is busy right now. Please try again in 5 seconds.' },
      });
      expect(busy.headers['retry-after']).toBe('5');
    } finally {
      await held.release();
    }
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
    expect(
      (
        await call('POST', '/api/buy/registration', {
          email: fresh,
          code: signupCode,
          name: 'Mei',
          password: 'long enough',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await call('PUT', '/api/buy/found/password', {
          email: known,
          code: resetCode,
          password: 'long enough',
        })
      ).status,
    ).toBe(200);
    expect((await signIn(fresh, 'long enough')).status).toBe(200);
    expect((await signIn(known, 'long enough')).status).toBe(200);
  });

  it('answers sign-ins 503 in both languages when the line is full, without counting them as failures', async () => {
    const address = newAddress();
    await signUp(address);
    const ip = nextIp();
    const held = fill(shop.t.passwords.queue);
    try {
      for (let i = 0; i < 6; i++) {
        const res = await signIn(address, 'not the password', ip);
        expect(res).toMatchObject({ status: 503, headers: { 'retry-after': '5' } });
      }
      const zh = await call('POST', '/api/login', { email: address, password: 'x' }, { ip, lang: 'zh-CN' });
      expect(zh.body).toEqual({ code: 503, message: '商店当前繁忙，请 5 秒后再试。' });
      const { token } = (await signIn(address)).body.data ?? {};
      expect(token).toBeUndefined();
    } finally {
      await held.release();
    }
    expect((await signIn(address, 'correct horse 1', ip)).status).toBe(200);
  });
});
