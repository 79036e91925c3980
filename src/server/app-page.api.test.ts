import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CARD_SIZES, CATEGORY_EAGER_CARDS, PRODUCT_PHOTO_SIZES } from '#shared/media';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app';
import { banners } from './db/schema';
import { withCatalogueChange } from './modules/catalogue/catalogue.changes';

let t: TestApp;
let webDir: string;
const INDEX =
  '<!doctype html><html><head><title>shop</title></head><body><div id="root"></div></body></html>';
const SKELETON_CARD =
  '<div class="product-card is-skeleton"><div class="product-card-media"><div class="image-box"></div></div></div>';
/** An index.html with its first screens (as src/web/index.html has them), scripts and stylesheet. */
const WITH_SHELLS = [
  '<!doctype html><html><head><title>shop</title>',
  '<script type="module" crossorigin src="/assets/index.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/vendor.js">',
  '<link rel="stylesheet" crossorigin href="/assets/index.css">',
  '</head><body>',
  '<!--boot-shell:home-->',
  '<div data-boot-shell><div class="home-banner"><!--banner--></div></div>',
  '<!--/boot-shell:home-->',
  '<!--boot-shell:inner-->',
  '<div data-boot-shell><div class="page-header-bar"></div>',
  '<!--first-screen--><div class="product-grid">',
  `${SKELETON_CARD.repeat(6)}</div><!--/first-screen-->`,
  '</div>',
  '<!--/boot-shell:inner-->',
  '<div id="root"></div></body></html>',
].join('\n');

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
  describe('with first screens', () => {
    let shells: TestApp;
    let shellDir: string;
    beforeAll(async () => {
      shellDir = await mkdtemp(join(tmpdir(), 'shop-web-'));
      await writeFile(join(shellDir, 'index.html'), WITH_SHELLS);
      shells = await startTestApp({ WEB_DIR: shellDir });
    });
    afterAll(async () => {
      await shells?.close();
      await rm(shellDir, { recursive: true, force: true });
    });
    const shellPage = async (url: string) => (await shells.app.inject({ url })).body;

    it('gives home its first screen with the first banner in it', async () => {
      const image = await firstBanner();
      const html = await shellPage('/home');
      expect(html).toContain('<!--boot-shell:home-->');
      expect(html).not.toContain('page-header-bar');
      const picture = html.match(/<img [^>]*>/)?.[0] ?? '';
      expect(picture).toContain(`src="${image}"`);
      expect(picture).toContain('sizes="(min-width: 1240px) 1192px, 100vw"');
      expect(html.indexOf(picture)).toBeGreaterThan(html.indexOf('<div class="home-banner">'));
      // The stylesheet stays in the head, before the lazy pages' own; the scripts give way.
      expect(html.indexOf('<link rel="stylesheet"')).toBeLessThan(html.indexOf('</head>'));
      // The app's scripts start once the banner has arrived: the entry and its modules are data of
      // the starter's script, and the page itself asks for none of them.
      expect(html).toContain(
        '<script type="module" src="/boot/start-after-picture.js" data-entry="/assets/index.js" data-preload="/assets/vendor.js">',
      );
      expect(html).not.toContain('rel="modulepreload"');
      expect(html).not.toContain('src="/assets/index.js"');
      expect(html.indexOf(preloads(html)[0] ?? '-')).toBeLessThan(html.indexOf('<script'));
    });

    it('sends the page compressed to a browser that takes it, the same page once unpacked', async () => {
      const plain = await shells.app.inject({ url: '/category/1' });
      const squeezed = await shells.app.inject({
        url: '/category/1',
        headers: { 'accept-encoding': 'gzip, br' },
      });
      expect(squeezed.headers['content-encoding']).toBe('br');
      expect(squeezed.headers.vary).toContain('Accept-Encoding');
      expect(brotliDecompressSync(squeezed.rawPayload).toString()).toBe(plain.body);
      expect(squeezed.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    });

    it("gives the catalogue's pages their bar, and other pages no first screen", async () => {
      for (const url of ['/category/1', '/category/1/2', '/product/x', '/promotion/3', '/search']) {
        const html = await shellPage(url);
        expect(html, url).toContain('page-header-bar');
        expect(html, url).not.toContain('home-banner');
        expect(html, url).toContain('<script type="module" fetchpriority="low"');
      }
      for (const url of ['/profile', '/cart', '/categories', '/account']) {
        const html = await shellPage(url);
        expect(html, url).not.toContain('boot-shell');
        expect(html, url).toContain('<script type="module" crossorigin');
      }
    });

    describe("a catalogue page's first screen shows the pictures it preloads", () => {
      const pictures = (html: string) => html.match(/<img [^>]*>/g) ?? [];
      const hrefs = (html: string) => preloads(html).map((link) => /href="([^"]*)"/.exec(link)?.[1]);
      const sources = (html: string) => pictures(html).map((img) => /src="([^"]*)"/.exec(img)?.[1]);
      /** The pictures of the first cards the listing answers for these parameters (what the page draws first). */
      const firstCards = async (params: string) => {
        const listing = await shells.app.inject({ url: `/api/index_product?${params}&page=1&page_size=20` });
        return (listing.json().data.list as { product_image: string }[])
          .slice(0, CATEGORY_EAGER_CARDS)
          .map((p) => p.product_image);
      };

      it("a category's: its first cards' pictures, in the listing's order, the other cards still blank", async () => {
        const first = await firstCards('category_id=1');
        const html = await shellPage('/category/1');
        const shown = pictures(html);
        expect(sources(html)).toEqual(first);
        expect(hrefs(html)).toEqual(first);
        for (const img of shown) {
          expect(img).toContain(`sizes="${CARD_SIZES}"`);
          expect(img).toContain('srcset=');
        }
        // Each picture is in a card of the skeleton grid; the cards after them stay skeletons.
        expect(html.match(/<div class="product-card is-skeleton">/g)).toHaveLength(6);
        expect(html.match(/<div class="image-box"><\/div>/g)).toHaveLength(6 - first.length);
      });

      it("a product's: its first photo where its carousel goes, in place of the grid", async () => {
        const product = (await shells.app.inject({ url: '/api/index_product?page=1&page_size=1' })).json()
          .data.list[0] as { uuid: string };
        const html = await shellPage(`/product/${product.uuid}`);
        const [photo, ...more] = pictures(html);
        expect(more).toEqual([]);
        const src = /src="([^"]*)"/.exec(photo ?? '')?.[1];
        expect(hrefs(html)).toEqual([src, src]);
        expect(photo).toContain(`sizes="${PRODUCT_PHOTO_SIZES.either}"`);
        expect(html).toContain('<div class="boot-photo">');
        expect(html).not.toContain('product-grid');
      });

      it("a search's: its first results' pictures, as the page's listing call answers them", async () => {
        const first = await firstCards('en_search=apple');
        expect(first.length).toBeGreaterThan(0);
        const html = await shellPage('/search?q=%20apple%20');
        expect(sources(html)).toEqual(first);
        expect(hrefs(html)).toEqual(first);
      });

      it('an unknown product, a search that finds nothing or is too long: the skeleton grid as it is', async () => {
        for (const url of [
          '/product/nope',
          '/search?q=zzzqqq',
          `/search?q=${'apple'.repeat(41)}`,
          '/search',
        ]) {
          const html = await shellPage(url);
          expect(pictures(html), url).toEqual([]);
          expect(html.match(/<div class="image-box"><\/div>/g), url).toHaveLength(6);
        }
      });
    });
  });

  it('preloads the first banner on the home page, at the widths and sizes the carousel uses', async () => {
    const image = await firstBanner();
    for (const url of ['/', '/home', '/home/']) {
      const html = await page(url);
      const [link, ...more] = preloads(html);
      expect(more).toEqual([]);
      expect(link).toContain(`href="${image}"`);
      expect(link).toContain(
        `imagesrcset="${image.replace('-1280.webp', '-640.webp')} 640w, ${image.replace('-1280.webp', '-960.webp')} 960w, ${image} 1280w"`,
      );
      expect(link).toContain('imagesizes="(min-width: 1240px) 1192px, 100vw"');
      expect(html.indexOf(link ?? '')).toBeLessThan(html.indexOf('</head>'));
    }
  });

  it('serves the plain page elsewhere', async () => {
    // The page's own head tags (page-head.ts) take the place of its title; the rest is index.html.
    const withoutHead = (html: string) => html.replace(/<title>[\s\S]*<\/head>/, '</head>');
    for (const url of ['/category/1', '/product/x', '/profile'])
      expect(withoutHead(await page(url))).toBe(withoutHead(INDEX));
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
    await withCatalogueChange(t.database.db, t.app.catalogue, async (tx) => {
      await tx.update(banners).set({ sort: second.sort }).where(eq(banners.id, first.id));
      await tx.update(banners).set({ sort: first.sort }).where(eq(banners.id, second.id));
    });
    const after = await firstBanner();
    expect(after).not.toBe(before);
    expect(preloads(await page('/home'))[0]).toContain(`href="${after}"`);
  });
});
