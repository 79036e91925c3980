import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopper } from '../../helpers/shoppers';
import { startTestApp, type TestApp } from '../../helpers/test-app';
import {
  type BodyShape,
  oversizeShapes,
  type StreamedAnswer,
  streamRequest,
  TRICKLE,
} from './oversize-bodies';
import { isApiPath, type Route, registeredRoutes, ruleOf, urlOf } from './route-table';
import { expectedLanguage, isMessageIn, settledFingerprint } from './shop-state';

/**
 * Every body too big in any way, to every API route, over a real socket. Each
 * body is sent a few KiB at a time just past the limit it breaks, then the client stalls without
 * ending it: an answer at all proves the server refused while the body was still arriving, never
 * after buffering it. Multipart is read only where a file is uploaded; elsewhere it is a 415.
 */

const t = await startTestApp();
const base = await listen(t);
afterAll(async () => t.close());
const routes = registeredRoutes(t.app).filter((r) => isApiPath(r.url) && r.method !== 'HEAD');
const shopper = await createShopper(t.database, t.clock.now());
const shapes = oversizeShapes(TRICKLE);

async function listen(app: TestApp): Promise<string> {
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;
}

function expectEnvelope(answer: StreamedAnswer, language: string, where: string): void {
  expect(answer.status, where).toBeLessThan(500);
  expect(answer.type, where).toMatch(/^application\/json/);
  expect(answer.body.code, where).toBe(answer.status);
  if (answer.status >= 400) {
    const ok = isMessageIn(expectedLanguage(language), answer.body.message);
    expect(ok, `${where}: ${answer.body.message}`).toBe(true);
  }
}

/** What a route answers to a shape: reads take no body at all and answer as they always do. */
function expectedStatus(route: Route, shape: BodyShape): number | undefined {
  if (route.method === 'GET') return undefined;
  const rule = ruleOf(route);
  // The product import checks the staff session before reading a byte: a shopper's token is a 401.
  if (rule?.staffBeforeBody) return 401;
  // The console's uploads check the staff session before reading a byte: a shopper's token is a 401.
  if (rule?.upload && rule.access === 'staff' && shape.headers['content-type']?.startsWith('multipart/'))
    return 401;
  return rule?.upload ? shape.status.upload : shape.status.form;
}

describe('an oversized body, trickled and never finished, to every API route', () => {
  it('covers every route in the route table', () => {
    expect(routes.every((route) => ruleOf(route))).toBe(true);
    const uploads = routes.filter((route) => ruleOf(route)?.upload).map((r) => `${r.method} ${r.url}`);
    expect(uploads.sort()).toEqual([
      'POST /api/admin/media/:kind',
      'POST /api/admin/products/:id/images',
      'POST /api/user/avatar',
    ]);
  });

  for (const route of routes) {
    const name = `${route.method} ${route.url}`;
    it(`${name}: refused while it arrives, in the caller's language, nothing changed`, async () => {
      const before = await settledFingerprint(t);
      for (const [i, shape] of shapes.entries()) {
        const language = i % 2 === 0 ? 'zh-CN' : 'en';
        const answer = await streamRequest(`${base}${urlOf(route, {})}`, {
          method: route.method,
          headers: { ...shape.headers, authorization: shopper.token, 'accept-language': language },
          body: shape.body(),
          hold: true,
        });
        const where = `${name} ${shape.name} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`;
        const status = expectedStatus(route, shape);
        // A read answers as it always does: the sandbox wallet's pay page is HTML.
        if (status === undefined && ruleOf(route)?.access === 'sandbox')
          expect(answer.status).toBeLessThan(500);
        else expectEnvelope(answer, language, where);
        if (status !== undefined) expect(answer.status, where).toBe(status);
      }
      expect(await settledFingerprint(t)).toEqual(before);
    });
  }

  it("reads no byte of a visitor's upload: 401 while the file still arrives", async () => {
    const file = shapes.find((shape) => shape.name === 'multipart file');
    if (!file) throw new Error('no file shape');
    const answer = await streamRequest(`${base}/api/user/avatar`, {
      method: 'POST',
      headers: { ...file.headers, 'accept-language': 'zh' },
      body: file.body(),
      hold: true,
    });
    expect(answer).toMatchObject({ status: 401, body: { code: 401, message: '请先登录。' } });
  });
});

describe('headers past the server’s limit', () => {
  it('get a 431 envelope and the connection closed', async () => {
    const answer = await rawExchange(
      base,
      `GET /api/index_banners HTTP/1.1\r\nHost: shop\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer.closed).toBe(true);
    expect(answer.text).toMatch(/^HTTP\/1\.1 431 /);
    const body = JSON.parse(answer.text.slice(answer.text.indexOf('\r\n\r\n') + 4));
    expectEnvelope({ status: 431, type: 'application/json', body, sent: 0 }, 'en', 'large headers');
  });
});

describe('a client that stops sending', () => {
  let slow: TestApp | undefined;
  let url = '';
  beforeAll(async () => {
    slow = await startTestApp({ REQUEST_TIMEOUT_MS: '200' });
    url = await listen(slow);
  });
  afterAll(async () => slow?.close());

  it('gets a 408 in its language, and the connection closed, once the request timeout passes', async () => {
    // Headers sent, ten bytes of a hundred, then nothing more.
    const stalledBody = await streamRequest(`${url}/api/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': '100',
        'accept-language': 'zh-CN',
      },
      body: [Buffer.from('email=a%40b')],
      hold: true,
    });
    expect(stalledBody.status).toBe(408);
    expectEnvelope(stalledBody, 'zh-CN', 'stalled body');
  });

  it('gets a 408 in English when its headers never finished', async () => {
    const stalledHeaders = await rawExchange(url, 'POST /api/login HTTP/1.1\r\nHost: shop\r\nX-Slow: ');
    expect(stalledHeaders.closed).toBe(true);
    expect(stalledHeaders.text).toMatch(/^HTTP\/1\.1 408 /);
    expect(stalledHeaders.text).toMatch(/\r\ncontent-type: application\/json/i);
    const body = JSON.parse(stalledHeaders.text.slice(stalledHeaders.text.indexOf('\r\n\r\n') + 4));
    expectEnvelope({ status: 408, type: 'application/json', body, sent: 0 }, 'en', 'stalled headers');
  });
});

/** Writes `text` on a fresh connection and answers what came back once the server closed it. */
function rawExchange(url: string, text: string): Promise<{ text: string; closed: boolean }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(text));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve({ text: Buffer.concat(chunks).toString(), closed: true }));
  });
}
