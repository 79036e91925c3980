import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CARD_SIZES,
  CATEGORY_EAGER_CARDS,
  mediaSrcSet,
  NARROW_SCREEN,
  PRODUCT_PHOTO_SIZES,
  WIDE_SCREEN,
} from '#shared/media';
import { startTestApp, type TestApp } from '../../tests/helpers/test-app';
import { products } from './db/schema';
import { withCatalogueChange } from './modules/catalogue/catalogue.changes';

/** index.html's head as src/web/index.html has it. */
const INDEX = [
  '<!doctype html>',
  '<html lang="en">',
  '  <head>',
  '    <meta charset="UTF-8" />',
  '    <meta name="description" content="The default description." />',
  '    <link rel="manifest" href="/manifest.webmanifest" />',
  '    <title>Fresh Market</title>',
  '  </head>',
  '  <body><div id="root"></div></body>',
  '</html>',
].join('\n');
const PUBLIC_URL = 'https://shop.example';

let t: TestApp;
let webDir: string;
beforeAll(async () => {
  webDir = await mkdtemp(join(tmpdir(), 'shop-web-'));
  await writeFile(join(webDir, 'index.html'), INDEX);
  t = await startTestApp({ WEB_DIR: webDir, PUBLIC_URL });
});
afterAll(async () => {
  await t?.close();
  await rm(webDir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ url });
const page = async (url: string) => (await get(url)).body;
const metaOf = (html: string, attribute: string, key: string) =>
  new RegExp(`<meta ${attribute}="${key.replace(/[:.]/g, '\\$&')}" content="([^"]*)">`).exec(html)?.[1];
const linkOf = (html: string, rel: string, hreflang?: string) =>
  new RegExp(`<link rel="${rel}"${hreflang ? ` hreflang="${hreflang}"` : ''} href="([^"]*)">`).exec(
    html,
  )?.[1];
const jsonLdOf = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? 'null') as Record<string, unknown> & { '@type': string },
  );
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

function catalogue() {
  const snapshot = t.app.catalogue.snapshot;
  const product = snapshot.products.find((p) => p.card.promotion_price === null && p.card.real_stock > 0);
  const child = [...snapshot.categoryById.values()].find((c) => c.category.parent_id !== null);
  if (!product || !child) throw new Error('the demo catalogue has products and child categories');
  return { snapshot, product, child };
}

describe("each page's head", () => {
  it("home: the shop's title and description, canonical, hreflang alternates and Organization", async () => {
    const html = await page('/home');
    expect(titleOf(html)).toBe('Fresh Market');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).not.toContain('The default description.');
    expect(linkOf(html, 'canonical')).toBe(`${PUBLIC_URL}/home`);
    expect(linkOf(html, 'alternate', 'en')).toBe(`${PUBLIC_URL}/home`);
    expect(linkOf(html, 'alternate', 'zh')).toBe(`${PUBLIC_URL}/home?lang=zh`);
    expect(linkOf(html, 'alternate', 'x-default')).toBe(`${PUBLIC_URL}/home`);
    expect(jsonLdOf(html).map((d) => d['@type'])).toEqual(['Organization']);
    expect(html.indexOf('<title>')).toBeLessThan(html.indexOf('</head>'));
  });

  it('home in Chinese: 鲜市场, <html lang="zh">, a Chinese canonical URL and manifest', async () => {
    const html = await page('/home?lang=zh');
    expect(titleOf(html)).toBe('鲜市场');
    expect(html).toContain('<html lang="zh">');
    expect(linkOf(html, 'canonical')).toBe(`${PUBLIC_URL}/home?lang=zh`);
    expect(metaOf(html, 'property', 'og:locale')).toBe('zh_CN');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest?lang=zh" />');
  });

  it('a product: its name, price, absolute picture, Product with Offer and its breadcrumbs', async () => {
    const { product, snapshot } = catalogue();
    const html = await page(`/product/${product.card.uuid}`);
    const price = product.card.price.toFixed(2);
    expect(titleOf(html)).toBe(`${product.card.en_name} · Fresh Market`);
    expect(metaOf(html, 'name', 'description')).toContain(`$${price}`);
    expect(metaOf(html, 'property', 'og:type')).toBe('product');
    expect(metaOf(html, 'property', 'og:title')).toBe(`${product.card.en_name} · Fresh Market`);
    expect(metaOf(html, 'property', 'og:image')).toBe(`${PUBLIC_URL}${product.card.product_image}`);
    expect(metaOf(html, 'itemprop', 'image')).toBe(`${PUBLIC_URL}${product.card.product_image}`);
    expect(metaOf(html, 'property', 'product:price:amount')).toBe(price);
    expect(metaOf(html, 'property', 'product:price:currency')).toBe('USD');
    expect(linkOf(html, 'canonical')).toBe(`${PUBLIC_URL}/product/${product.card.uuid}`);
    const [data, crumbs] = jsonLdOf(html);
    expect(data).toMatchObject({
      '@type': 'Product',
      name: product.card.en_name,
      image: [`${PUBLIC_URL}${product.card.product_image}`],
      offers: {
        '@type': 'Offer',
        price,
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      },
    });
    const category = snapshot.categoryById.get(product.card.category_id)?.category;
    const names = ((crumbs?.itemListElement ?? []) as { name: string }[]).map((item) => item.name);
    expect(crumbs?.['@type']).toBe('BreadcrumbList');
    expect(names[0]).toBe('Home');
    expect(names).toContain(category?.en_name);
    expect(names.at(-1)).toBe(product.card.en_name);
  });

  it("a product page fetches its first picture early, as the phone's carousel and the wide gallery show it", async () => {
    const { product } = catalogue();
    const html = await page(`/product/${product.card.uuid}`);
    const first = product.detail.images[0]?.link ?? product.card.product_image;
    const hints = html.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
    expect(hints).toHaveLength(2);
    for (const [media, sizes] of [
      [NARROW_SCREEN, PRODUCT_PHOTO_SIZES.narrow],
      [WIDE_SCREEN, PRODUCT_PHOTO_SIZES.wide],
    ]) {
      const hint = hints.find((h) => h.includes(`media="${media}"`));
      expect(hint).toContain(`href="${first}"`);
      expect(hint).toContain(`imagesrcset="${mediaSrcSet(first, 'product')}"`);
      expect(hint).toContain(`imagesizes="${sizes}"`);
    }
    // Other pages have no such hint (home has its banner's, from the first screen).
    expect(await page('/about')).not.toContain('rel="preload" as="image"');
  });

  it('a product in Chinese: its Chinese name and Chinese breadcrumbs', async () => {
    const { product } = catalogue();
    const html = await page(`/product/${product.card.uuid}?lang=zh`);
    expect(titleOf(html)).toBe(`${product.card.zn_name} · 鲜市场`);
    expect(linkOf(html, 'canonical')).toBe(`${PUBLIC_URL}/product/${product.card.uuid}?lang=zh`);
    const crumbs = jsonLdOf(html)[1]?.itemListElement as { name: string; item: string }[];
    expect(crumbs[0]).toMatchObject({ name: '首页', item: `${PUBLIC_URL}/home?lang=zh` });
  });

  it('a child category: its name, count, canonical under its parent, and breadcrumbs', async () => {
    const { child, snapshot } = catalogue();
    const parent = snapshot.categoryById.get(child.category.parent_id ?? 0)?.category;
    const html = await page(`/category/${parent?.id}/${child.category.id}`);
    expect(titleOf(html)).toBe(`${child.category.en_name} · Fresh Market`);
    expect(metaOf(html, 'name', 'description')).toContain(`${child.products.length} products`);
    expect(linkOf(html, 'canonical')).toBe(`${PUBLIC_URL}/category/${parent?.id}/${child.category.id}`);
    const crumbs = jsonLdOf(html)[0];
    expect(crumbs?.['@type']).toBe('BreadcrumbList');
    expect(((crumbs?.itemListElement ?? []) as { name: string }[]).map((i) => i.name)).toEqual([
      'Home',
      parent?.en_name,
      child.category.en_name,
    ]);
  });

  it("a category page fetches the pictures of its listing's first cards early, as its cards show them", async () => {
    const { child, snapshot } = catalogue();
    const parent = snapshot.categoryById.get(child.category.parent_id ?? 0)?.category;
    for (const [path, id] of [
      [`/category/${parent?.id}`, parent?.id],
      [`/category/${parent?.id}/${child.category.id}`, child.category.id],
    ] as const) {
      // What the page will draw first: the listing as the web asks for it.
      const listing = await t.app.inject({
        url: `/api/index_product?category_id=${id}&page=1&page_size=10000`,
      });
      const firstRow = (listing.json().data.list as { product_image: string }[]).slice(
        0,
        CATEGORY_EAGER_CARDS,
      );
      const hints = (await page(path)).match(/<link rel="preload" as="image"[^>]*>/g) ?? [];
      expect(hints.map((h) => /href="([^"]*)"/.exec(h)?.[1])).toEqual(firstRow.map((p) => p.product_image));
      for (const hint of hints) expect(hint).toContain(`imagesizes="${CARD_SIZES}"`);
    }
  });

  it('pages about one visitor, and unknown products, are not indexed', async () => {
    for (const url of ['/cart', '/profile/orders', '/account', '/search?q=apple', '/product/nope']) {
      const html = await page(url);
      expect(html, url).toContain('<meta name="robots" content="noindex">');
      expect(linkOf(html, 'canonical'), url).toBeUndefined();
    }
    expect(titleOf(await page('/cart?lang=zh'))).toBe('购物车 · 鲜市场');
    expect(titleOf(await page('/about'))).toBe('About us · Fresh Market');
  });

  it('escapes a hostile product name everywhere: in tags, attributes and JSON-LD', async () => {
    const { product } = catalogue();
    const hostile = `Evil "</title><script>alert(1)</script> & '<!--`;
    const original = product.card.en_name;
    const id = product.id;
    await withCatalogueChange(t.database.db, t.app.catalogue, (tx) =>
      tx.update(products).set({ enName: hostile }).where(eq(products.id, id)),
    );
    try {
      const html = await page(`/product/${product.card.uuid}`);
      expect(html).not.toContain('<script>alert(1)');
      expect(html).not.toContain('</title><script>');
      expect(titleOf(html)).toBe(
        'Evil &quot;&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#39;&lt;!-- · Fresh Market',
      );
      const scripts = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)];
      expect(scripts.length).toBe(2);
      for (const [, json] of scripts) expect(json).not.toMatch(/[<>]/);
      expect(jsonLdOf(html)[0]?.name).toBe(hostile);
    } finally {
      await withCatalogueChange(t.database.db, t.app.catalogue, (tx) =>
        tx.update(products).set({ enName: original }).where(eq(products.id, id)),
      );
    }
  });
});

describe('robots.txt, sitemap.xml and the manifest', () => {
  it('robots.txt is plain text that keeps private pages out and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toContain('User-agent: *');
    for (const path of ['/api/', '/cart', '/profile', '/pay/'])
      expect(res.body).toContain(`Disallow: ${path}`);
    expect(res.body).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
  });

  it('sitemap.xml lists every product and category in both languages', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const locs = new Set([...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]));
    const { snapshot } = catalogue();
    expect(snapshot.products.length).toBeGreaterThan(100);
    for (const entry of snapshot.products) {
      expect(locs).toContain(`${PUBLIC_URL}/product/${entry.card.uuid}`);
      expect(locs).toContain(`${PUBLIC_URL}/product/${entry.card.uuid}?lang=zh`);
    }
    for (const { category } of snapshot.categoryById.values()) {
      const path =
        category.parent_id === null
          ? `/category/${category.id}`
          : `/category/${category.parent_id}/${category.id}`;
      expect(locs).toContain(`${PUBLIC_URL}${path}`);
      expect(locs).toContain(`${PUBLIC_URL}${path}?lang=zh`);
    }
    expect(locs).toContain(`${PUBLIC_URL}/home?lang=zh`);
    expect(res.body).toContain(`hreflang="zh" href="${PUBLIC_URL}/home?lang=zh"`);
  });

  it('the manifest is valid JSON in the asked language, and its icons are PNGs', async () => {
    const res = await get('/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/manifest+json; charset=utf-8');
    const manifest = JSON.parse(res.body);
    expect(manifest).toMatchObject({
      name: 'Fresh Market',
      short_name: 'Fresh Market',
      start_url: '/home',
      display: 'standalone',
      theme_color: '#1a7f43',
    });
    const zh = JSON.parse((await get('/manifest.webmanifest?lang=zh')).body);
    expect(zh).toMatchObject({ name: '鲜市场', short_name: '鲜市场', start_url: '/home?lang=zh' });
    const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const src of [...icons.map((i) => i.src), '/icons/apple-touch-icon.png']) {
      const icon = await get(src);
      expect(icon.statusCode, src).toBe(200);
      expect(icon.headers['content-type'], src).toBe('image/png');
      expect(icon.rawPayload.subarray(1, 4).toString(), src).toBe('PNG');
    }
    expect((await get('/icons/nope.png')).statusCode).toBe(404);
  });
});
