import { afterAll, beforeAll, expect } from 'vitest';
import { codeIn, SmtpCatcher } from '../../../../tests/fakes/smtp-catcher';
import { startTestApp, type TestApp } from '../../../../tests/helpers/test-app';

export interface CallOptions {
  ip?: string;
  token?: string;
  lang?: string;
}

export interface CallAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read the envelope's fields freely
  body: any;
  headers: Record<string, unknown>;
}

/** The account API tests' world: the real app mailing through a local SMTP catcher, and its calls. */
export interface AccountShop {
  /** The started app (read it inside a test or hook). */
  readonly t: TestApp;
  readonly smtp: SmtpCatcher;
  call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    form?: Record<string, string>,
    opts?: CallOptions,
  ): Promise<CallAnswer>;
  /** The code in the mail that `send` makes the shop send to `address`. */
  codeFor(address: string, send: () => Promise<unknown>): Promise<string>;
  signUp(address: string, password?: string): Promise<unknown>;
  signIn(address: string, password?: string, ip?: string): Promise<CallAnswer>;
  /** An address no test used before. */
  newAddress(): string;
  /** A client address no test used before: each call speaks from its own unless it says otherwise. */
  nextIp(): string;
}

/** Starts the shop before this file's tests and stops it after them. */
export function setUpAccountShop(env: Record<string, string> = {}): AccountShop {
  const smtp = new SmtpCatcher();
  let started: TestApp | undefined;
  beforeAll(async () => {
    started = await startTestApp({ SMTP_URL: await smtp.start(), ...env });
  });
  afterAll(async () => {
    await started?.close();
    await smtp.stop();
  });
  const app = (): TestApp => {
    if (!started) throw new Error('the shop starts in beforeAll');
    return started;
  };
  let ipCounter = 0;
  let mailCounter = 0;
  const nextIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

  const call: AccountShop['call'] = async (method, url, form = {}, opts = {}) => {
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (opts.token) headers.authorization = opts.token;
    if (opts.lang) headers['accept-language'] = opts.lang;
    const res = await app().app.inject({
      method,
      url,
      headers,
      payload: new URLSearchParams(form).toString(),
      remoteAddress: opts.ip ?? nextIp(),
    });
    return { status: res.statusCode, body: JSON.parse(res.body), headers: res.headers };
  };

  const codeFor: AccountShop['codeFor'] = async (address, send) => {
    const before = smtp.countTo(address);
    await send();
    const code = codeIn(await smtp.latestTo(address, before));
    if (!code) throw new Error('no code in the mail');
    return code;
  };

  const signUp: AccountShop['signUp'] = async (address, password = 'correct horse 1') => {
    const code = await codeFor(address, () => call('POST', '/api/buy/email', { email: address }));
    const res = await call('POST', '/api/buy/registration', {
      email: address,
      code,
      name: 'Mei Lin',
      password,
    });
    expect(res.status).toBe(200);
    return res.body.data;
  };

  return {
    get t() {
      return app();
    },
    smtp,
    call,
    codeFor,
    signUp,
    signIn: (address, password = 'correct horse 1', ip) =>
      call('POST', '/api/login', { email: address, password }, ip ? { ip } : {}),
    newAddress: () => `shopper${++mailCounter}.${Date.now()}@example.com`,
    nextIp,
  };
}
