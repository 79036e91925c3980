import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadShopSecret } from '#server/secret';
import { SignInAnswer, StaffView, TotpConfirmed, TotpSetup } from '#shared/schemas/admin/staff.zod';
import { expectAnswer } from '../../../../tests/helpers/answers';
import { codeAt } from '../../../../tests/helpers/rfc6238';
import { callAdmin, createStaff } from '../../../../tests/helpers/staff';
import { startTestApp, type TestApp } from '../../../../tests/helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ SHOP_NAME: 'Fresh Market' });
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST', url: string, form?: Record<string, string>, token?: string) =>
  callAdmin(t.app, token, method, url, form);

const code = (secret: string) => codeAt(secret, t.clock.now());

describe('an owner’s authenticator', () => {
  it('must be set up before anything else, then is asked for at every sign-in, each code once', async () => {
    const owner = await createStaff(t.database, t.clock.now(), { role: 'owner', totp: false });
    const first = await call('POST', '/api/admin/sign-in', { email: owner.email, password: owner.password });
    expect(first.status).toBe(200);
    expect(expectAnswer(SignInAnswer, first).staff).toMatchObject({ totpEnabled: false, totpRequired: true });
    const token = first.token;

    const blocked = await call('POST', '/api/admin/totp/disable', { code: '123456' }, token);
    expect(blocked.status).toBe(403);
    expect(blocked.body.data).toEqual({ totpSetupRequired: true });

    const started = await call('POST', '/api/admin/totp/start', {}, token);
    expect(started.status).toBe(200);
    const { secret, otpauthUri, qrSvg } = expectAnswer(TotpSetup, started);
    expect(otpauthUri).toBe(
      `otpauth://totp/Fresh%20Market:${encodeURIComponent(owner.email)}?secret=${secret}&issuer=Fresh%20Market&algorithm=SHA1&digits=6&period=30`,
    );
    expect(qrSvg).toMatch(/^<svg /);

    const wrongCode = code(secret) === '000000' ? '111111' : '000000';
    expect((await call('POST', '/api/admin/totp/confirm', { code: wrongCode }, token)).status).toBe(400);
    const confirmed = await call('POST', '/api/admin/totp/confirm', { code: code(secret) }, token);
    expect(confirmed.status).toBe(200);
    expect(expectAnswer(TotpConfirmed, confirmed).staff).toMatchObject({
      totpEnabled: true,
      totpRequired: false,
    });
    expect((await call('GET', '/api/admin/me', undefined, token)).body.data.totpRequired).toBe(false);
    expect((await call('POST', '/api/admin/totp/start', {}, token)).status).toBe(409);

    const signIn = (extra: Record<string, string> = {}) =>
      call('POST', '/api/admin/sign-in', { email: owner.email, password: owner.password, ...extra });
    const needs = await signIn();
    expect(needs.status).toBe(401);
    expect(needs.body).toMatchObject({
      message: 'enter the code from your authenticator app',
      data: { needsCode: true },
    });
    // The code that confirmed the set-up was used: it does not sign in.
    expect((await signIn({ code: code(secret) })).status).toBe(401);
    t.clock.advance(30_000);
    const current = code(secret);
    expect((await signIn({ code: current })).status).toBe(200);
    expect((await signIn({ code: current })).status).toBe(401);
    t.clock.advance(90_000);
    expect((await signIn({ code: codeAt(secret, new Date(t.clock.now().getTime() - 60_000)) })).status).toBe(
      401,
    );
    expect((await signIn({ code: code(secret) })).status).toBe(200);

    expect((await call('POST', '/api/admin/totp/disable', { code: code(secret) }, token)).status).toBe(403);
    expect(t.logs.join('\n')).not.toContain(secret);
  });

  it('is asked for with the code an app computes from the secret the helper enrolled', async () => {
    const owner = await createStaff(t.database, t.clock.now(), { role: 'owner', shopSecret: shopSecretOf() });
    const secret = owner.totpSecret ?? '';
    const res = await call('POST', '/api/admin/sign-in', {
      email: owner.email,
      password: owner.password,
      code: code(secret),
    });
    expect(res.status).toBe(200);
  });
});

describe('a manager’s authenticator', () => {
  it('is optional: set up, then turned off with a current code', async () => {
    const manager = await createStaff(t.database, t.clock.now(), { role: 'manager' });
    const started = await call('POST', '/api/admin/totp/start', {}, manager.token);
    const { secret } = started.body.data;
    expect(
      (await call('POST', '/api/admin/totp/confirm', { code: code(secret) }, manager.token)).status,
    ).toBe(200);
    t.clock.advance(30_000);
    const off = await call('POST', '/api/admin/totp/disable', { code: code(secret) }, manager.token);
    expect(off.status).toBe(200);
    expect(expectAnswer(StaffView, off)).toMatchObject({ totpEnabled: false, totpRequired: false });
    const signIn = await call('POST', '/api/admin/sign-in', {
      email: manager.email,
      password: manager.password,
    });
    expect(signIn.status).toBe(200);
  });
});

describe('sessions when the second factor changes', () => {
  const signIn = async (who: { email: string; password: string }) =>
    (await call('POST', '/api/admin/sign-in', { email: who.email, password: who.password })).token;

  it('enrolling ends the owner’s other sessions, opened before it, and keeps the one that enrolled', async () => {
    const owner = await createStaff(t.database, t.clock.now(), { role: 'owner', totp: false });
    const enrolling = await signIn(owner);
    const earlier = await signIn(owner);
    const { secret } = (await call('POST', '/api/admin/totp/start', {}, enrolling)).body.data;
    expect((await call('POST', '/api/admin/totp/confirm', { code: code(secret) }, enrolling)).status).toBe(
      200,
    );

    expect((await call('GET', '/api/admin/staff', undefined, earlier)).status).toBe(401);
    expect((await call('GET', '/api/admin/me', undefined, earlier)).status).toBe(401);
    expect((await call('GET', '/api/admin/staff', undefined, enrolling)).status).toBe(200);
  });

  it('turning it on or off ends a manager’s other sessions', async () => {
    const manager = await createStaff(t.database, t.clock.now(), { role: 'manager', totp: false });
    const other = await signIn(manager);
    const { secret } = (await call('POST', '/api/admin/totp/start', {}, manager.token)).body.data;
    expect(
      (await call('POST', '/api/admin/totp/confirm', { code: code(secret) }, manager.token)).status,
    ).toBe(200);
    expect((await call('GET', '/api/admin/me', undefined, other)).status).toBe(401);

    t.clock.advance(30_000);
    const withCode = { email: manager.email, password: manager.password, code: code(secret) };
    const second = (await call('POST', '/api/admin/sign-in', withCode)).token;
    t.clock.advance(30_000);
    expect(
      (await call('POST', '/api/admin/totp/disable', { code: code(secret) }, manager.token)).status,
    ).toBe(200);
    expect((await call('GET', '/api/admin/me', undefined, second)).status).toBe(401);
    expect((await call('GET', '/api/admin/me', undefined, manager.token)).status).toBe(200);
  });
});

function shopSecretOf(): Buffer {
  // The test app keeps its secret in DATA_DIR (secret.ts).
  return loadShopSecret(t.config);
}
