import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app';
import { banners } from './db/schema';
import { bumpCatalogueVersion } from './modules/catalogue/catalogue.snapshot';

let t: TestApp;
let webDir: string;
const INDEX =
  '<!doctype html><html><head><title>shop</title></head><body><div id="root"></div></body></html>';

beforeAll(async () => {
  webDir = await mkdtemp(join(tmpdir(), 'shop-web-'));
  await writeFile(join(webDir, 'index.html'), INDEX);
  t = await startTestApp({ WEB_DIR: webDir });
});
afterAll(async () => {
  await t?.close();
  await rm(webDir, { recursive: true, force: true });
});

const page = async (url: string) => (await t.app.inject({ url })).body;
const firstBanner = async () =>
  JSON.parse((await t.app.inject({ url: '/api/index_banners' })).body).data[0].image as string;
const preloads = (html: string) => html.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];

describe('the app page', () => {
  it('preloads the first banner on the home page, at the widths and sizes the carousel uses', async () => {
    const image = await firstBanner();
    for (const url of ['/', '/home', '/home/']) {
      const html = await page(url);
      const [link, ...more] = preloads(html);
      expect(more).toEqual([]);
      expect(link).toContain(`href="${image}"`);
      expect(link).toContain(
        `imagesrcset="${image.replace('-1280.webp', '-640.webp')} 640w, ${image} 1280w"`,
      );
      expect(link).toContain('imagesizes="(min-width: 1240px) 1192px, 100vw"');
      expect(html.indexOf(link ?? '')).toBeLessThan(html.indexOf('</head>'));
    }
  });

  it('serves the plain page elsewhere', async () => {
    for (const url of ['/category/1', '/product/x', '/profile']) expect(await page(url)).toBe(INDEX);
  });

  it('answers 404 for a missing file or server route, never the page in its place', async () => {
    for (const url of [
      '/media/nothing-640.webp',
      '/assets/gone.js',
      '/uploads/avatars/x.webp',
      '/locales/xx/y.json',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('<div id="root">');
    }
  });

  it('follows the catalogue when the banners change', async () => {
    const before = await firstBanner();
    const rows = await t.database.db.select().from(banners).orderBy(asc(banners.sort), asc(banners.id));
    const [first, second] = rows;
    if (!first || !second) throw new Error('two banners needed');
    await t.database.db.transaction(async (tx) => {
      await tx.update(banners).set({ sort: second.sort }).where(eq(banners.id, first.id));
      await tx.update(banners).set({ sort: first.sort }).where(eq(banners.id, second.id));
      await bumpCatalogueVersion(tx);
    });
    await t.app.catalogue.changed();
    const after = await firstBanner();
    expect(after).not.toBe(before);
    expect(preloads(await page('/home'))[0]).toContain(`href="${after}"`);
  });
});
