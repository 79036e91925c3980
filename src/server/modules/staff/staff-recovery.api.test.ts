import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  RecoveryCodesAnswer,
  RecoveryCodesLeft,
  SignInAnswer,
  StaffView,
} from '#shared/schemas/admin/staff.zod';
import { expectAnswer } from '../../../../tests/helpers/answers';
import { shopCommandIn } from '../../../../tests/helpers/shop-command';
import {
  authenticatorCode,
  callAdmin,
  createStaff,
  enrolAuthenticator,
  sessionOf,
  signInStaff,
} from '../../../../tests/helpers/staff';
import { startTestApp, type TestApp } from '../../../../tests/helpers/test-app';

/** Recovery codes and resetting the second factor: the way back after a lost authenticator. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

type Form = Record<string, string>;
const call = (method: 'GET' | 'POST', url: string, form?: Form, token?: string, lang?: string) =>
  callAdmin(t.app, token, method, url, form, lang ? { lang } : {});
const code = (secret: string) => authenticatorCode(secret, t.clock.now());

interface Enrolled {
  email: string;
  password: string;
  token: string;
  secret: string;
  recoveryCodes: string[];
}

/** A staff member who enrols through the console, as a new owner does: answers their codes. */
async function enrol(role: 'owner' | 'manager' = 'owner'): Promise<Enrolled> {
  const who = await createStaff(t.database, t.clock.now(), { role, totp: false });
  const token = sessionOf(await signInStaff(t.app, who));
  const { secret, recoveryCodes } = await enrolAuthenticator(t.app, token, t.clock.now());
  // The next authenticator code is a new step's.
  t.clock.advance(30_000);
  return { email: who.email, password: who.password, token, secret, recoveryCodes };
}

const signIn = (who: { email: string; password: string }, second?: string, lang?: string) =>
  signInStaff(t.app, who, second, lang);
const left = async (token: string) =>
  expectAnswer(RecoveryCodesLeft, await call('GET', '/api/admin/totp/recovery-codes', undefined, token)).left;

const shopCommand = (...argv: string[]) => shopCommandIn(t, ...argv);

describe('recovery codes', () => {
  it('are ten at enrolment, each signs in once in place of the code, and the count left shows it', async () => {
    const owner = await enrol();
    expect(owner.recoveryCodes).toHaveLength(10);
    expect(new Set(owner.recoveryCodes).size).toBe(10);
    for (const c of owner.recoveryCodes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await left(owner.token)).toBe(10);

    const [first = '', second = ''] = owner.recoveryCodes;
    const used = await signIn(owner, first);
    expect(used.status).toBe(200);
    const session = sessionOf(used);
    expect((await call('GET', '/api/admin/me', undefined, session)).status).toBe(200);
    expect(await left(owner.token)).toBe(9);

    const again = await signIn(owner, first);
    expect(again.status).toBe(401);
    expect(again.body.message).toBe(
      'This recovery code has already been used. Each code works once: enter another one.',
    );
    const againZh = await signIn(owner, first, 'zh');
    expect(againZh.body.message).toBe('此恢复码已经用过。每个恢复码只能用一次，请换一个。');

    // Typed as it reads on paper: upper case, with spaces instead of the dash.
    expect((await signIn(owner, second.toUpperCase().replace('-', ' '))).status).toBe(200);
    expect(await left(owner.token)).toBe(8);

    const wrong = await signIn(owner, 'aaaaa-bbbbb', 'zh');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({
      message: '恢复码不正确。请核对后重试，或输入身份验证器应用中的验证码。',
      data: { needsCode: true },
    });
    expect((await signIn(owner, 'not a code at all')).status).toBe(400);
    expect(await left(owner.token)).toBe(8);
  });

  it('count as failed tries when wrong, so guessing them locks the sign-in like guessing codes', async () => {
    const owner = await enrol();
    const ip = '10.99.1.1';
    const tryCode = (c: string) =>
      callAdmin(
        t.app,
        undefined,
        'POST',
        '/api/admin/sign-in',
        { email: owner.email, password: owner.password, code: c },
        { ip },
      );
    let status = 0;
    for (let i = 0; i < 8 && status !== 429; i++) status = (await tryCode('zzzzz-zzzzz')).status;
    expect(status).toBe(429);
    // Locked: even a good code is not tried, and is not spent.
    expect((await tryCode(owner.recoveryCodes[0] ?? '')).status).toBe(429);
    expect(await left(owner.token)).toBe(10);
  });

  it('sign in once when the same code is sent twice at the same moment', async () => {
    const owner = await enrol();
    const c = owner.recoveryCodes[3] ?? '';
    const answers = await Promise.all([signIn(owner, c), signIn(owner, c)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401]);
    expect(await left(owner.token)).toBe(9);
  });

  it('are made anew with a current code: the old ones stop working, a wrong code changes nothing', async () => {
    const owner = await enrol();
    await signIn(owner, owner.recoveryCodes[0]);
    expect(await left(owner.token)).toBe(9);

    const wrongCode = code(owner.secret) === '000000' ? '111111' : '000000';
    const refused = await call('POST', '/api/admin/totp/recovery-codes', { code: wrongCode }, owner.token);
    expect(refused.status).toBe(400);
    expect(await left(owner.token)).toBe(9);

    const renewed = await call(
      'POST',
      '/api/admin/totp/recovery-codes',
      { code: code(owner.secret) },
      owner.token,
    );
    expect(renewed.status).toBe(200);
    const { recoveryCodes } = expectAnswer(RecoveryCodesAnswer, renewed);
    expect(recoveryCodes).toHaveLength(10);
    expect(await left(owner.token)).toBe(10);
    expect((await signIn(owner, owner.recoveryCodes[1])).status).toBe(401);
    expect((await signIn(owner, recoveryCodes[1])).status).toBe(200);
  });

  it('go when a manager turns two-factor off', async () => {
    const manager = await enrol('manager');
    const off = await call('POST', '/api/admin/totp/disable', { code: code(manager.secret) }, manager.token);
    expect(off.status).toBe(200);
    expect(await left(manager.token)).toBe(0);
  });
});

describe('an owner resetting someone’s two-factor', () => {
  it('ends their sessions; they sign in with the password alone and enrol again', async () => {
    const owner = await enrol();
    const other = await enrol();
    const otherSession = sessionOf(await signIn(other, code(other.secret)));

    const reset = await call(
      'POST',
      `/api/admin/staff/${await idOf(other.email)}/reset-2fa`,
      {},
      owner.token,
    );
    expect(reset.status).toBe(200);
    expect(expectAnswer(StaffView, reset)).toMatchObject({ totpEnabled: false, totpRequired: true });
    expect((await call('GET', '/api/admin/me', undefined, other.token)).status).toBe(401);
    expect((await call('GET', '/api/admin/me', undefined, otherSession)).status).toBe(401);

    const back = await signIn(other);
    expect(back.status).toBe(200);
    expect(expectAnswer(SignInAnswer, back).staff).toMatchObject({ totpEnabled: false, totpRequired: true });
    // Nothing left to reset: said, and nothing changes.
    const twice = await call(
      'POST',
      `/api/admin/staff/${await idOf(other.email)}/reset-2fa`,
      {},
      owner.token,
    );
    expect(twice.status).toBe(409);
    expect((await call('GET', '/api/admin/me', undefined, sessionOf(back))).status).toBe(200);
  });

  it('is not for their own second factor', async () => {
    const owner = await enrol();
    const own = await call(
      'POST',
      `/api/admin/staff/${await idOf(owner.email)}/reset-2fa`,
      {},
      owner.token,
      'en',
    );
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(
      "You cannot reset your own two-factor sign-in here. Ask another owner, or use the shop's command line.",
    );
    expect((await call('GET', '/api/admin/me', undefined, owner.token)).body.data.totpEnabled).toBe(true);
  });
});

describe('npm run shop -- staff reset-2fa', () => {
  it('resets a staff member’s second factor and ends their sessions', async () => {
    const owner = await enrol();
    const done = await shopCommand('staff', 'reset-2fa', owner.email.toUpperCase());
    expect(done).toMatchObject({ code: 0, stderr: '' });
    expect(done.stdout).toContain(`${owner.email}: two-factor sign-in reset`);
    expect((await call('GET', '/api/admin/me', undefined, owner.token)).status).toBe(401);
    const back = await signIn(owner);
    expect(back.status).toBe(200);
    expect(back.body.data.staff).toMatchObject({ totpEnabled: false, totpRequired: true });
  });

  it('says so for an unknown address, and for none', async () => {
    expect(await shopCommand('staff', 'reset-2fa', 'nobody@example.com')).toEqual({
      code: 1,
      stdout: '',
      stderr: 'There is no such staff member.',
    });
    const none = await shopCommand('staff', 'reset-2fa');
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^this command needs an e-mail address/);
  });
});

async function idOf(email: string): Promise<number> {
  const owner = await createStaff(t.database, t.clock.now(), { role: 'owner' });
  const list = await call('GET', '/api/admin/staff', { page: '1', page_size: '200' }, owner.token);
  const found = (list.body.data.list as { id: number; email: string }[]).find((s) => s.email === email);
  if (!found) throw new Error(`no staff member ${email}`);
  return found.id;
}
