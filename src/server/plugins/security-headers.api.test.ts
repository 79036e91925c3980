import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../tests/helpers/test-app';
import { apiSecurityHeadersFor, securityHeadersFor } from './security-headers';

let t: TestApp;
let webDir: string;
beforeAll(async () => {
  webDir = await mkdtemp(join(tmpdir(), 'shop-web-'));
  await writeFile(join(webDir, 'index.html'), '<!doctype html><title>shop</title>');
  t = await startTestApp({ WEB_DIR: webDir });
});
afterAll(async () => {
  await t?.close();
  await rm(webDir, { recursive: true, force: true });
});

describe('security headers', () => {
  const answers = [
    ['a catalogue read', 'GET', '/api/index_banners', 200],
    ['a rejected read', 'GET', '/api/index_product?page=x', 400],
    ['a per-user call without a token', 'GET', '/api/cart', 401],
    ['an unknown API path', 'GET', '/api/nothing-here', 404],
    ['a page of the app', 'GET', '/category/1', 200],
    ['a HEAD of a page', 'HEAD', '/profile', 200],
    ['a translation file', 'GET', '/locales/en/common.json', 200],
  ] as const;

  it.each(answers)('are on %s', async (_name, method, url, status) => {
    const res = await t.app.inject({ method, url });
    expect(res.statusCode).toBe(status);
    const csp = String(res.headers['content-security-policy']);
    if (url.startsWith('/api/')) {
      // Data, never a document: nothing may load, run or frame it.
      expect(csp).toBe("default-src 'none';frame-ancestors 'none'");
    } else {
      expect(csp).toBe(
        "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
          "font-src 'self';connect-src 'self';object-src 'none';base-uri 'self';form-action 'self';" +
          "frame-ancestors 'none'",
      );
    }
    expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
    });
    // HSTS only makes sense when the shop is reached over https.
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('add HSTS and upgrade-insecure-requests behind an https address', () => {
    const headers = securityHeadersFor('https://shop.example');
    expect(headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(headers['content-security-policy']).toMatch(/;upgrade-insecure-requests$/);
    expect(apiSecurityHeadersFor('https://shop.example')['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });
});
