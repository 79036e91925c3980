import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadShopSecret } from '#server/secret';
import { AuditPage } from '#shared/schemas/admin/audit.zod';
import { Invited, NoAnswer, SignInAnswer, StaffPage, StaffView } from '#shared/schemas/admin/staff.zod';
import { SmtpCatcher } from '../../../../tests/fakes/smtp-catcher';
import { expectAnswer } from '../../../../tests/helpers/answers';
import { codeAt } from '../../../../tests/helpers/rfc6238';
import { callAdmin, createStaff, type TestStaff } from '../../../../tests/helpers/staff';
import { startTestApp, type TestApp } from '../../../../tests/helpers/test-app';

let t: TestApp;
const smtp = new SmtpCatcher();
beforeAll(async () => {
  t = await startTestApp({ SMTP_URL: await smtp.start(), PUBLIC_URL: 'https://shop.example' });
});
afterAll(async () => {
  await t?.close();
  await smtp.stop();
});

const call = (
  who: TestStaff | string | undefined,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  form?: Record<string, string>,
  ip?: string,
) => callAdmin(t.app, typeof who === 'string' ? who : who?.token, method, url, form, ip ? { ip } : {});
const signIn = (form: Record<string, string>, ip?: string) =>
  call(undefined, 'POST', '/api/admin/sign-in', form, ip);
const staff = (role: 'owner' | 'manager' | 'packer') => createStaff(t.database, t.clock.now(), { role });
const HOUR = 3_600_000;

describe('staff sessions', () => {
  it('last while used, end after 12 hours idle', async () => {
    const manager = await staff('manager');
    for (let i = 0; i < 3; i++) {
      t.clock.advance(11 * HOUR);
      expect((await call(manager, 'GET', '/api/admin/me')).status).toBe(200);
    }
    t.clock.advance(12 * HOUR + 1000);
    expect((await call(manager, 'GET', '/api/admin/me')).status).toBe(401);
  });

  it('throttle wrong passwords from one client, as for shoppers', async () => {
    const packer = await staff('packer');
    const ip = '10.66.0.1';
    for (let i = 0; i < 5; i++) {
      const res = await signIn({ email: packer.email, password: `wrong ${i}x` }, ip);
      expect(res.status).toBe(401);
    }
    const throttled = await signIn({ email: packer.email, password: packer.password }, ip);
    expect(throttled.status).toBe(429);
    // Another client still signs in.
    const elsewhere = await signIn({ email: packer.email, password: packer.password }, '10.66.0.2');
    expect(elsewhere.status).toBe(200);
  });

  it('count wrong authenticator codes as failed tries', async () => {
    const owner = await createStaff(t.database, t.clock.now(), {
      role: 'owner',
      shopSecret: loadShopSecret(t.config),
    });
    const ip = '10.66.1.1';
    const right = codeAt(owner.totpSecret ?? '', t.clock.now());
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await signIn({ email: owner.email, password: owner.password, code: wrong }, ip);
      expect(res.status).toBe(401);
    }
    const throttled = await signIn({ email: owner.email, password: owner.password, code: right }, ip);
    expect(throttled.status).toBe(429);
  });
});

describe('the owner’s staff management', () => {
  it('invites staff by mail with a one-time link, lists them, changes a role and removes them', async () => {
    const owner = await staff('owner');
    const invited = await call(owner, 'POST', '/api/admin/staff', {
      email: 'Packer.New@example.com',
      name: 'Lin',
      role: 'packer',
    });
    expect(invited.status).toBe(200);
    const { id, setPasswordUrl } = expectAnswer(Invited, invited);
    expect(setPasswordUrl).toMatch(/^https:\/\/shop\.example\/admin\/set-password\?token=[\w-]{43}$/);
    const mail = await smtp.latestTo('packer.new@example.com');
    expect(mail.text).toContain(setPasswordUrl);
    expect(mail.subject).toContain('invited');

    const token = new URL(setPasswordUrl).searchParams.get('token') ?? '';
    expect(
      (await call(undefined, 'POST', '/api/admin/password/set', { token, password: 'packing all day' }))
        .status,
    ).toBe(200);
    const signedIn = await signIn({
      email: 'packer.new@example.com',
      password: 'packing all day',
    });
    expect(expectAnswer(SignInAnswer, signedIn).staff).toMatchObject({ id, role: 'packer', name: 'Lin' });
    const packerToken: string = signedIn.token ?? '';

    const list = await call(owner, 'GET', '/api/admin/staff');
    expect(expectAnswer(StaffPage, list).list).toContainEqual(
      expect.objectContaining({ id, email: 'packer.new@example.com', role: 'packer' }),
    );
    expect(list.body.data).toMatchObject({ page: 1, total: expect.any(Number) });

    // A new role ends the sessions the old one opened.
    const promoted = await call(owner, 'POST', `/api/admin/staff/${id}/role`, { role: 'manager' });
    expect(expectAnswer(StaffView, promoted)).toMatchObject({ id, role: 'manager' });
    expect((await call(packerToken, 'GET', '/api/admin/me')).status).toBe(401);

    const again = await signIn({
      email: 'packer.new@example.com',
      password: 'packing all day',
    });
    const managerToken: string = again.token ?? '';
    const removed = await call(owner, 'DELETE', `/api/admin/staff/${id}`);
    expect(removed.status).toBe(200);
    expectAnswer(NoAnswer, removed);
    expect((await call(managerToken, 'GET', '/api/admin/me')).status).toBe(401);
    const gone = await signIn({
      email: 'packer.new@example.com',
      password: 'packing all day',
    });
    expect(gone.status).toBe(401);
    expect((await call(owner, 'DELETE', `/api/admin/staff/${id}`)).status).toBe(404);
  });

  it('keeps the last owner', async () => {
    const { list } = (await call(await staff('owner'), 'GET', '/api/admin/staff', { page_size: '100' })).body
      .data;
    // Remove every owner but one made here, then try to demote and remove that one.
    const last = await staff('owner');
    for (const s of list as { id: number; role: string }[]) {
      if (s.role === 'owner')
        expect((await call(last, 'DELETE', `/api/admin/staff/${s.id}`)).status).toBe(200);
    }
    const demote = await call(last, 'POST', `/api/admin/staff/${last.id}/role`, { role: 'manager' });
    expect(demote.status).toBe(409);
    expect(demote.body.message).toBe(
      'The shop must keep at least one owner: make someone else an owner first.',
    );
    expect((await call(last, 'DELETE', `/api/admin/staff/${last.id}`)).status).toBe(409);
    // With a second owner, the first may step down.
    await staff('owner');
    expect((await call(last, 'POST', `/api/admin/staff/${last.id}/role`, { role: 'manager' })).status).toBe(
      200,
    );
  });

  it('is for owners only', async () => {
    for (const role of ['manager', 'packer'] as const) {
      const who = await staff(role);
      expect((await call(who, 'GET', '/api/admin/staff')).status).toBe(403);
      expect(
        (await call(who, 'POST', '/api/admin/staff', { email: 'x@example.com', name: 'X', role: 'owner' }))
          .status,
      ).toBe(403);
    }
  });
});

describe('the audit log', () => {
  it('records every staff change, newest first, filtered by who and what, naming who did it', async () => {
    const owner = await createStaff(t.database, t.clock.now(), { role: 'owner', name: 'Olive Owner' });
    const invited = await call(owner, 'POST', '/api/admin/staff', {
      email: 'audited@example.com',
      name: 'Au',
      role: 'packer',
    });
    const id = String(invited.body.data.id);
    await call(owner, 'POST', `/api/admin/staff/${id}/role`, { role: 'manager' });
    await call(owner, 'DELETE', `/api/admin/staff/${id}`);

    const manager = await staff('manager');
    const log = await call(manager, 'GET', '/api/admin/audit', { target: `staff:${id}` });
    expect(log.status).toBe(200);
    expect(expectAnswer(AuditPage, log).list.map((e) => e.action)).toEqual([
      'staff.remove',
      'staff.role',
      'staff.invite',
    ]);
    expect(log.body.data.list[1]).toMatchObject({
      staffId: owner.id,
      staffEmail: owner.email,
      staffName: 'Olive Owner',
      targetType: 'staff',
      targetId: id,
      // Who the target is, even after their removal (the row stays for the log).
      targetName: 'Au',
      before: { role: 'packer' },
      after: { role: 'manager' },
    });
    const byOwner = await call(manager, 'GET', '/api/admin/audit', {
      staff: String(owner.id),
      page_size: '2',
    });
    expect(byOwner.body.data).toMatchObject({ total: 3, page: 1, page_size: 2 });
    expect(byOwner.body.data.list).toHaveLength(2);
    expect((await call(await staff('packer'), 'GET', '/api/admin/audit')).status).toBe(403);
  });
});
