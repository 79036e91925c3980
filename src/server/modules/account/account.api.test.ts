import { createHash, createHmac } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailCodes, sessions, users } from '#server/db/schema';
import { deriveKey } from '#server/secret';
import { codeIn } from '../../../../tests/fakes/smtp-catcher';
import type { TestApp } from '../../../../tests/helpers/test-app';
import { setUpAccountShop } from './account.fixture';
import { SESSION_TTL_MS } from './account.service';

const SHOP_SECRET = 'a shop secret of at least thirty-two characters';
const shop = setUpAccountShop({ SHOP_NAME: 'Fresh Market', SHOP_SECRET });
const { smtp, call, codeFor, signUp, signIn, newAddress } = shop;
let t: TestApp;
beforeAll(() => {
  t = shop.t;
});

describe('sign-up, sign-in, sign-out', () => {
  it('signs up with a mailed code, signs in, and a token stops working after sign-out', async () => {
    const address = newAddress();
    const before = smtp.countTo(address);
    const sent = await call('POST', '/api/buy/email', { email: address }, { lang: 'zh-CN' });
    expect(sent).toMatchObject({ status: 200, body: { code: 200, message: 'ok' } });
    const mail = await smtp.latestTo(address, before);
    expect(mail.from).toBe('shop@localhost');
    expect(mail.subject.indexOf('注册验证码')).toBeLessThan(mail.subject.indexOf('sign-up code'));
    expect(mail.text.indexOf('欢迎来到鲜市场')).toBeLessThan(mail.text.indexOf('Welcome to Fresh Market'));
    expect(mail.html).toContain(codeIn(mail));
    const code = codeIn(mail) ?? '';
    expect(code).toMatch(/^\d{6}$/);

    const created = await call('POST', '/api/buy/registration', {
      email: address.toUpperCase(),
      code,
      name: ' Mei Lin ',
      password: 'correct horse 1',
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ email: address, name: 'Mei Lin', avatar: '' });
    expect(JSON.stringify(smtp.mails)).not.toContain('correct horse 1');

    const login = await signIn(address);
    expect(login.status).toBe(200);
    const { token, ...user } = login.body.data;
    expect(user).toEqual({
      uuid: created.body.data.uuid,
      email: address,
      name: 'Mei Lin',
      avatar: '',
      when_missing: 'refund',
    });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    expect((await call('GET', '/api/user', {}, { token })).body.data.email).toBe(address);
    expect((await call('GET', '/api/user', {}, { token: `Bearer ${token}` })).status).toBe(200);
    expect((await call('POST', '/api/quit', {}, { token })).status).toBe(200);
    const after = await call('GET', '/api/user', {}, { token });
    expect(after).toMatchObject({ status: 401, body: { code: 401, message: 'Please sign in first.' } });
    expect((await call('POST', '/api/quit', {}, { token })).status).toBe(401);
  });

  it('stores only a scrypt hash of the password and a hash of the token', async () => {
    const address = newAddress();
    await signUp(address);
    const { token } = (await signIn(address)).body.data;
    const [row] = await t.database.db.select().from(users).where(eq(users.email, address));
    // At the cost the test app injects (N = 2^10), in the same format as OWASP's N = 2^17.
    expect(row?.passwordHash).toMatch(/^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    const stored = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, row?.id ?? 0));
    expect(stored.map((s) => s.tokenHash)).not.toContain(token);
  });

  it('answers a wrong password and an unknown address alike', async () => {
    const address = newAddress();
    await signUp(address);
    const wrong = await signIn(address, 'not the password');
    const unknown = await signIn(newAddress(), 'not the password');
    expect(wrong).toMatchObject({
      status: 401,
      body: { code: 401, message: 'The email or password is incorrect.' },
    });
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.body).toEqual(wrong.body);
  });
});

describe('codes', () => {
  it('refuses a wrong code, and voids a code after five wrong tries', async () => {
    const address = newAddress();
    const code = await codeFor(address, () => call('POST', '/api/buy/email', { email: address }));
    const wrong = code === '000000' ? '111111' : '000000';
    const attempt = (c: string) =>
      call('POST', '/api/buy/registration', { email: address, code: c, name: 'A', password: 'password123' });
    for (let i = 0; i < 4; i++) {
      expect((await attempt(wrong)).body).toEqual({
        code: 400,
        message: 'The code is wrong or has expired. Please ask for a new one.',
      });
    }
    expect((await attempt(wrong)).body.message).toBe(
      'Too many wrong codes: this code no longer works. Please ask for a new one.',
    );
    expect((await attempt(code)).status).toBe(400);
  });

  it("stores a code only as an HMAC under the shop's own key, not as a plain hash anyone can try", async () => {
    const address = newAddress();
    const code = await codeFor(address, () => call('POST', '/api/buy/email', { email: address }));
    const [row] = await t.database.db
      .select({ codeHash: emailCodes.codeHash })
      .from(emailCodes)
      .where(and(eq(emailCodes.email, address), eq(emailCodes.purpose, 'signup')))
      .orderBy(desc(emailCodes.id))
      .limit(1);
    const input = `signup\n${address}\n${code}`;
    expect(row?.codeHash).not.toBe(createHash('sha256').update(input).digest('base64url'));
    const key = deriveKey(Buffer.from(SHOP_SECRET), 'email-code');
    expect(row?.codeHash).toBe(createHmac('sha256', key).update(input).digest('base64url'));
  });

  it('refuses an expired code', async () => {
    const address = newAddress();
    const code = await codeFor(address, () => call('POST', '/api/buy/email', { email: address }));
    t.clock.advance(10 * 60_000 + 1000);
    const res = await call('POST', '/api/buy/registration', {
      email: address,
      code,
      name: 'A',
      password: 'password123',
    });
    expect(res).toMatchObject({
      status: 400,
      body: { message: 'The code is wrong or has expired. Please ask for a new one.' },
    });
  });

  it('uses a code once', async () => {
    const address = newAddress();
    await signUp(address);
    t.clock.advance(61_000); // one code per address per minute, whatever its purpose
    const code = await codeFor(address, () => call('POST', '/api/buy/found/password', { email: address }));
    expect(
      (await call('PUT', '/api/buy/found/password', { email: address, code, password: 'new password 1' }))
        .status,
    ).toBe(200);
    const again = await call('PUT', '/api/buy/found/password', {
      email: address,
      code,
      password: 'new password 2',
    });
    expect(again.status).toBe(400);
    expect((await signIn(address, 'new password 1')).status).toBe(200);
  });

  it('sends one code per address per 60 s and five per hour, saying how long to wait', async () => {
    const address = newAddress();
    expect((await call('POST', '/api/buy/email', { email: address })).status).toBe(200);
    const soon = await call('POST', '/api/buy/email', { email: address });
    expect(soon.status).toBe(429);
    expect(soon.body.message).toMatch(/^A code was sent a moment ago\. Please wait (60|59) seconds/);
    expect(soon.headers['retry-after']).toMatch(/^(60|59)$/);
    for (let i = 0; i < 4; i++) {
      t.clock.advance(61_000);
      expect((await call('POST', '/api/buy/found/password', { email: address })).status).toBe(200);
    }
    t.clock.advance(61_000);
    const capped = await call('POST', '/api/buy/email', { email: address }, { lang: 'zh' });
    expect(capped.status).toBe(429);
    expect(capped.body.message).toMatch(/^获取验证码的次数过多，请等待 \d+ 秒。$/);
    t.clock.advance(3_600_000);
    expect((await call('POST', '/api/buy/email', { email: address })).status).toBe(200);
  });

  it('answers code requests alike for known and unknown addresses; only the mail differs', async () => {
    const known = newAddress();
    await signUp(known);
    t.clock.advance(61_000);
    const unknown = newAddress();
    for (const path of ['/api/buy/email', '/api/buy/found/password']) {
      const a = await call('POST', path, { email: known });
      const b = await call('POST', path, { email: unknown });
      expect([a.status, a.body]).toEqual([b.status, b.body]);
      t.clock.advance(61_000);
    }
    const knownMails = smtp.mails.filter((m) => m.to === known).slice(-2);
    expect(knownMails[0]?.subject).toContain('You already have a Fresh Market account');
    expect(codeIn(knownMails[0] as never)).toBeUndefined();
    expect(codeIn(knownMails[1] as never)).toMatch(/^\d{6}$/);
    const unknownMails = smtp.mails.filter((m) => m.to === unknown);
    expect(codeIn(unknownMails[0] as never)).toMatch(/^\d{6}$/);
    expect(codeIn(unknownMails[1] as never)).toBeUndefined();
  });
});

describe('password reset and change', () => {
  it('ends a session after its 30 days', async () => {
    const address = newAddress();
    await signUp(address);
    const { token } = (await signIn(address)).body.data;
    t.clock.advance(SESSION_TTL_MS - 60_000);
    expect((await call('GET', '/api/user', {}, { token })).status).toBe(200);
    t.clock.advance(60_001);
    expect(await call('GET', '/api/user', {}, { token })).toMatchObject({
      status: 401,
      body: { code: 401, message: 'Please sign in first.' },
    });
  });

  it('revokes every session on reset', async () => {
    const address = newAddress();
    await signUp(address);
    const tokens = [(await signIn(address)).body.data.token, (await signIn(address)).body.data.token];
    t.clock.advance(61_000);
    const code = await codeFor(address, () => call('POST', '/api/buy/found/password', { email: address }));
    expect(
      (await call('PUT', '/api/buy/found/password', { email: address, code, password: 'brand new pass' }))
        .status,
    ).toBe(200);
    for (const token of tokens) expect((await call('GET', '/api/user', {}, { token })).status).toBe(401);
    expect((await signIn(address)).status).toBe(401);
    expect((await signIn(address, 'brand new pass')).status).toBe(200);
  });

  it('changes the password with the current one and revokes the other sessions only', async () => {
    const address = newAddress();
    await signUp(address);
    const here = (await signIn(address)).body.data.token;
    const elsewhere = (await signIn(address)).body.data.token;
    const wrong = await call(
      'PUT',
      '/api/user/password',
      { old_password: 'nope nope', password: 'another pass 9' },
      { token: here },
    );
    expect(wrong).toMatchObject({ status: 400, body: { message: 'The current password is incorrect.' } });
    const ok = await call(
      'PUT',
      '/api/user/password',
      { old_password: 'correct horse 1', password: 'another pass 9' },
      { token: here },
    );
    expect(ok.status).toBe(200);
    expect((await call('GET', '/api/user', {}, { token: here })).status).toBe(200);
    expect((await call('GET', '/api/user', {}, { token: elsewhere })).status).toBe(401);
    expect((await signIn(address, 'another pass 9')).status).toBe(200);
  });
});

describe('profile', () => {
  it("changes the name and chooses a bundled avatar, and refuses someone else's picture", async () => {
    const address = newAddress();
    await signUp(address);
    const { token } = (await signIn(address)).body.data;
    const avatars = (await call('GET', '/api/avatars')).body.data as string[];
    expect(avatars.length).toBeGreaterThanOrEqual(8);
    const res = await call('PATCH', '/api/user', { name: '林美', avatar: avatars[2] ?? '' }, { token });
    expect(res.body.data).toMatchObject({ name: '林美', avatar: avatars[2] });
    expect((await signIn(address)).body.data.name).toBe('林美');
    const foreign = await call('PATCH', '/api/user', { avatar: 'https://evil.example/x.png' }, { token });
    expect(foreign).toMatchObject({
      status: 400,
      body: { message: 'Please choose one of the offered pictures or upload your own.' },
    });
    const empty = await call('PATCH', '/api/user', { name: '   ' }, { token, lang: 'zh' });
    expect(empty.body).toEqual({ code: 400, message: '请输入您的名字。' });
  });

  it('resizes an uploaded picture and serves it', async () => {
    const address = newAddress();
    await signUp(address);
    const { token } = (await signIn(address)).body.data;
    const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    const boundary = '----shoptest';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/avatar',
      headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    const url = JSON.parse(res.body).data.avatar as string;
    expect(url).toMatch(/^\/uploads\/avatars\/.+-192\.webp$/);
    const image = await t.app.inject({ url });
    expect(image.statusCode).toBe(200);
    expect(await sharp(image.rawPayload).metadata()).toMatchObject({
      width: 192,
      height: 192,
      format: 'webp',
    });

    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/user/avatar',
      headers: { authorization: token, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\n\r\nnot an image\r\n--${boundary}--\r\n`,
      ),
    });
    expect(garbage.statusCode).toBe(400);
  });
});

describe('validation', () => {
  it.each([
    [{ email: '' }, 'Empty Email', '请输入邮箱'],
    [{ email: 'not-an-email' }, 'Email Not Valid', '邮箱格式不正确'],
    [{ email: '.dot@example.com' }, 'Email Not Valid', '邮箱格式不正确'],
    [{ email: 'a@b.c' }, 'Email Not Valid', '邮箱格式不正确'],
  ])('sign-in with %j says %s', async (form, en, zh) => {
    expect((await call('POST', '/api/login', { ...form, password: 'x' })).body).toEqual({
      code: 400,
      message: en,
    });
    expect((await call('POST', '/api/login', { ...form, password: 'x' }, { lang: 'zh-TW' })).body).toEqual({
      code: 400,
      message: zh,
    });
  });

  it('names each missing or bad sign-up field', async () => {
    const address = newAddress();
    const base = { email: address, code: '123456', name: 'A', password: 'password123' };
    expect((await call('POST', '/api/buy/registration', { ...base, code: '' })).body.message).toBe(
      'Empty Code',
    );
    expect((await call('POST', '/api/buy/registration', { ...base, name: '' })).body.message).toBe(
      'Please enter your name.',
    );
    expect((await call('POST', '/api/buy/registration', { ...base, password: '' })).body.message).toBe(
      'Empty Password',
    );
    for (const password of ['short', 'x'.repeat(16)])
      expect((await call('POST', '/api/buy/registration', { ...base, password })).body.message).toBe(
        'The password must be 8 to 15 characters long.',
      );
    expect((await call('POST', '/api/login', { email: address })).body.message).toBe('Empty Password');
  });

  it('refuses repeated fields and never logs a password or code', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login?email=a@example.com&email=b@example.com&password=hunter22hunter',
    });
    expect(res.statusCode).toBe(400);
    expect(t.logs.join('\n')).not.toContain('hunter22hunter');
    for (const mail of smtp.mails) {
      const code = codeIn(mail);
      // As a whole number: six digits can occur inside a millisecond timestamp.
      if (code) expect(t.logs.join('\n')).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
    }
  });
});
