import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app';

const SHOP = '<!doctype html><html><head><title>shop</title></head><body><div id="root"></div></body></html>';
const CONSOLE =
  '<!doctype html><html><head><meta name="robots" content="noindex, nofollow"><title>console</title></head><body><div id="admin-root"></div></body></html>';

let t: TestApp;
let webDir: string;

beforeAll(async () => {
  webDir = await mkdtemp(join(tmpdir(), 'shop-web-'));
  await writeFile(join(webDir, 'index.html'), SHOP);
  await mkdir(join(webDir, 'admin'));
  await writeFile(join(webDir, 'admin', 'index.html'), CONSOLE);
  t = await startTestApp({ WEB_DIR: webDir });
});
afterAll(async () => {
  await t?.close();
  await rm(webDir, { recursive: true, force: true });
});

describe('the operator console page', () => {
  it('is served for /admin and every path under it, never the storefront page', async () => {
    for (const url of [
      '/admin',
      '/admin/',
      '/admin/sign-in',
      '/admin/set-password?token=abc',
      '/admin/staff/7',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(CONSOLE);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
    }
    expect((await t.app.inject({ url: '/administrator' })).body).not.toContain('admin-root');
  });

  it('carries the document security headers, is never cached stale and asks not to be indexed', async () => {
    const res = await t.app.inject({ url: '/admin/staff' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    const direct = await t.app.inject({ url: '/admin/index.html' });
    expect(direct.headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  it('is disallowed in robots.txt and left out of the sitemap', async () => {
    expect((await t.app.inject({ url: '/robots.txt' })).body).toContain('Disallow: /admin\n');
    expect((await t.app.inject({ url: '/sitemap.xml' })).body).not.toContain('/admin');
  });

  it('says the console is not built rather than serving the storefront in its place', async () => {
    const bare = await mkdtemp(join(tmpdir(), 'shop-web-'));
    await writeFile(join(bare, 'index.html'), SHOP);
    const app = await startTestApp({ WEB_DIR: bare });
    try {
      const res = await app.app.inject({ url: '/admin' });
      expect(res.statusCode).toBe(503);
      expect(res.body).toContain('npm run build');
    } finally {
      await app.close();
      await rm(bare, { recursive: true, force: true });
    }
  });
});
