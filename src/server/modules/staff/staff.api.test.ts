import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MeAnswer, NoAnswer, SignInAnswer } from '#shared/schemas/admin/staff.zod';
import { expectAnswer } from '../../../../tests/helpers/answers';
import { callAdmin, createStaff } from '../../../../tests/helpers/staff';
import { startTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { runShopCommand } from '../../cli/shop-commands';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://shop.example' });
});
afterAll(async () => t?.close());

const call = (
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  form?: Record<string, string>,
  opts: { token?: string; lang?: string } = {},
) => callAdmin(t.app, opts.token, method, url, form, opts.lang ? { lang: opts.lang } : {});

/** Runs `npm run shop -- …` against the test's database and answers what it printed. */
async function shop(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runShopCommand(
    argv,
    {
      database: t.database,
      config: t.config,
      clock: t.clock,
      log: pino({ level: 'silent' }),
      print: (l) => out.push(l),
    },
    (m) => err.push(m),
  );
  return { code, out, err };
}

const linkToken = (url: string) => new URL(url).searchParams.get('token') ?? '';

describe('staff sign-in', () => {
  it('adds an owner from the command line, whose one-time link sets the password they sign in with', async () => {
    const added = await shop('staff', 'add', 'Boss@Example.com', '--role', 'owner', '--name', 'Mei');
    expect(added.code).toBe(0);
    const link = added.out.find((l) => l.startsWith('https://shop.example/admin/set-password?token='));
    expect(link).toBeDefined();

    const set = await call('POST', '/api/admin/password/set', {
      token: linkToken(link ?? ''),
      password: 'correct horse',
    });
    expect(set.status).toBe(200);
    expectAnswer(NoAnswer, set);
    const again = await call('POST', '/api/admin/password/set', {
      token: linkToken(link ?? ''),
      password: 'another one',
    });
    expect(again.status).toBe(400);

    const signedIn = await call('POST', '/api/admin/sign-in', {
      email: 'boss@example.com',
      password: 'correct horse',
    });
    expect(signedIn.status).toBe(200);
    expect(expectAnswer(SignInAnswer, signedIn).staff).toMatchObject({
      email: 'boss@example.com',
      name: 'Mei',
      role: 'owner',
      totpEnabled: false,
      totpRequired: true,
    });
    const me = await call('GET', '/api/admin/me', undefined, { token: signedIn.token });
    expect(expectAnswer(MeAnswer, me)).toMatchObject({ email: 'boss@example.com', totpRequired: true });
  });

  it('lists staff, changes a role and removes staff from the command line, never the last owner', async () => {
    await shop('staff', 'add', 'cli.packer@example.com', '--role', 'packer');
    const listed = await shop('staff', 'list');
    expect(listed.out.join('\n')).toMatch(/packer\s+cli\.packer@example\.com/);
    const promoted = await shop('staff', 'role', 'cli.packer@example.com', 'manager');
    expect(promoted.out).toEqual(['cli.packer@example.com: packer -> manager (their sessions ended)']);
    expect((await shop('staff', 'remove', 'cli.packer@example.com')).code).toBe(0);
    expect((await shop('staff', 'list')).out.join('\n')).not.toContain('cli.packer@example.com');
    expect((await shop('staff', 'remove', 'cli.packer@example.com')).code).toBe(1);
    // The first test's owner is the only one.
    const refused = await shop('staff', 'remove', 'boss@example.com');
    expect(refused).toMatchObject({
      code: 1,
      err: ['The shop must keep at least one owner: make someone else an owner first.'],
    });
  });

  it('refuses a second staff member with the same address, and an unknown role', async () => {
    await shop('staff', 'add', 'twice@example.com', '--role', 'packer');
    expect((await shop('staff', 'add', 'twice@example.com', '--role', 'packer')).code).toBe(1);
    expect((await shop('staff', 'add', 'x@example.com', '--role', 'king')).code).toBe(2);
  });

  it('answers a wrong password and an unknown address alike, in the caller language', async () => {
    const packer = await createStaff(t.database, t.clock.now(), { role: 'packer' });
    const wrong = await call('POST', '/api/admin/sign-in', {
      email: packer.email,
      password: 'not it at all',
    });
    const unknown = await call('POST', '/api/admin/sign-in', {
      email: 'nobody@example.com',
      password: 'whatever1',
    });
    expect(wrong).toEqual(unknown);
    expect(wrong).toEqual({ status: 401, body: { code: 401, message: 'wrong e-mail or password' } });
    const zh = await call(
      'POST',
      '/api/admin/sign-in',
      { email: packer.email, password: 'nope nope' },
      { lang: 'zh' },
    );
    expect(zh.body.message).toBe('邮箱或密码错误');
  });

  it('signs in, knows who is signed in, and signs out for good', async () => {
    const manager = await createStaff(t.database, t.clock.now(), { role: 'manager' });
    const signedIn = await call('POST', '/api/admin/sign-in', {
      email: manager.email,
      password: manager.password,
    });
    expect(signedIn.status).toBe(200);
    const { token } = signedIn;
    expect(expectAnswer(MeAnswer, await call('GET', '/api/admin/me', undefined, { token }))).toMatchObject({
      id: manager.id,
      role: 'manager',
      totpRequired: false,
      // The shop's clock (SHOP_TIME_ZONE), which the console shows every time on.
      time_zone: 'America/Los_Angeles',
    });
    expect(expectAnswer(SignInAnswer, signedIn).time_zone).toBe('America/Los_Angeles');
    const signedOut = await call('POST', '/api/admin/sign-out', {}, { token });
    expect(signedOut.status).toBe(200);
    expectAnswer(NoAnswer, signedOut);
    expect((await call('GET', '/api/admin/me', undefined, { token })).status).toBe(401);
  });

  it('does not let a shopper token or no token in', async () => {
    expect((await call('GET', '/api/admin/me')).status).toBe(401);
    expect((await call('GET', '/api/admin/me', undefined, { token: 'x'.repeat(43) })).status).toBe(401);
  });
});
