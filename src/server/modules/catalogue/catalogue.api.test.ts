import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { products as productsTable } from '#server/db/schema';
import { uuidFromKey } from '#server/db/seed';
import {
  Banner,
  Category,
  NewCategory,
  Plate,
  Product,
  ProductPage,
  Promotion,
} from '#shared/schemas/catalogue';
import * as demo from '../../../../seed/catalogue/index';
import { startTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { bumpCatalogueVersion } from './catalogue.changes';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return {
    status: res.statusCode,
    headers: res.headers,
    body: res.body ? JSON.parse(res.body) : undefined,
    raw: res,
  };
}

async function data<T extends z.ZodType>(url: string, schema: T): Promise<z.infer<T>> {
  const res = await get(url);
  expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(200);
  expect(res.body).toMatchObject({ code: 200, message: 'ok' });
  return schema.parse(res.body.data);
}

const allChildren = demo.categories.flatMap((c) => c.children);

describe('banners, categories, plates', () => {
  it('lists the banners with type, url and image', async () => {
    const banners = await data('/api/index_banners', z.array(Banner));
    expect(banners).toHaveLength(demo.banners.length);
    expect(new Set(banners.map((b) => b.type))).toEqual(new Set([1, 2, 3]));
    for (const b of banners) expect(b.image).toMatch(/^\/media\/banner-.+\.webp$/);
    const product = banners.find((b) => b.type === 1);
    const detail = await get(`/api/index_product/${product?.url}`);
    expect(detail.status).toBe(200);
    const promo = banners.find((b) => b.type === 3);
    expect((await get(`/api/index_promotion/${promo?.url}`)).status).toBe(200);
  });

  it('names what each banner and tile leads to, in both languages, for its headline', async () => {
    const banners = await data('/api/index_banners', z.array(Banner));
    const product = banners.find((b) => b.type === 1);
    const detail = await data(
      `/api/index_product/${product?.url}`,
      z.object({ en_name: z.string() }).loose(),
    );
    expect(product?.en_name).toBe(detail.en_name);
    for (const b of banners) {
      expect(b.en_name, b.url).not.toBe('');
      expect(b.zn_name, b.url).toMatch(/\p{Script=Han}/u);
    }
    const plates = await data('/api/all_plate', z.array(Plate));
    const tiles = plates.flatMap((p) => p.item);
    expect(tiles.length).toBeGreaterThan(0);
    for (const tile of tiles) {
      expect(tile.en_name, tile.url).not.toBe('');
      expect(tile.zn_name, tile.url).toMatch(/\p{Script=Han}/u);
    }
  });

  it('lists top-level categories with icons and children', async () => {
    const categories = await data('/api/product_category', z.array(Category));
    expect(categories.map((c) => c.en_name)).toEqual(demo.categories.map((c) => c.en_name));
    for (const c of categories) {
      expect(c.icon).toMatch(/^\/media\/icon-/);
      expect(c.childCategory.length).toBeGreaterThanOrEqual(2);
      expect(c.parent_id).toBeNull();
    }
  });

  it('answers one category by id, a parent with its children and a child with its parent id', async () => {
    const [first] = await data('/api/product_category', z.array(Category));
    const parent = await data(`/api/product_category?category_id=${first?.id}`, Category);
    expect(parent.zn_name).toBe(demo.categories[0]?.zn_name);
    const child = parent.childCategory[0];
    const one = await data(`/api/product_category?category_id=${child?.id}`, Category);
    expect(one.parent_id).toBe(parent.id);
    expect(parent.product_count).toBe(parent.childCategory.reduce((n, c) => n + c.product_count, 0));
  });

  it('lists plates, style 2 with image items and the others with a category', async () => {
    const plates = await data('/api/all_plate', z.array(Plate));
    expect(plates).toHaveLength(demo.plates.length);
    const grid = plates.find((p) => p.style === 2);
    expect(grid?.item.length).toBeGreaterThan(0);
    for (const item of grid?.item ?? []) expect(item.url).toMatch(/^\/(category|promotion|product)\//);
    for (const p of plates.filter((x) => x.style !== 2)) expect(p.category_id).toBeTypeOf('number');
  });
});

describe('product listings', () => {
  it("includes a parent's children's products in its listing", async () => {
    const [first] = await data('/api/product_category', z.array(Category));
    const page = await data(
      `/api/index_product?category_id=${first?.id}&page=1&page_size=10000`,
      ProductPage,
    );
    const keys = new Set([
      demo.categories[0]?.key,
      ...(demo.categories[0]?.children.map((c) => c.key) ?? []),
    ]);
    const expected = demo.products.filter((p) => keys.has(p.category));
    expect(page.total).toBe(expected.length);
    expect(new Set(page.list.map((p) => p.uuid))).toEqual(new Set(expected.map((p) => uuidFromKey(p.key))));
  });

  it('pages a listing', async () => {
    const all = await data('/api/index_product?page=1&page_size=10000', ProductPage);
    expect(all.total).toBe(demo.products.length);
    const second = await data('/api/index_product?page=2&page_size=7', ProductPage);
    expect(second.list.map((p) => p.uuid)).toEqual(all.list.slice(7, 14).map((p) => p.uuid));
    expect(second).toMatchObject({ page: 2, page_size: 7, total: all.total });
    const capped = await data('/api/index_product?page=1&page_size=99999999', ProductPage);
    expect(capped.page_size).toBe(10000);
  });

  it('sorts most sold first', async () => {
    const page = await data('/api/index_product?most_sold=true&page_size=30', ProductPage);
    expect(page.list).toHaveLength(30);
    const sold = page.list.map((p) => p.sold_count);
    expect(sold).toEqual([...sold].sort((a, b) => b - a));
    expect(sold[0]).toBe(Math.max(...demo.products.map((p) => p.sold_count)));
  });

  it('lists new products newest first, and categories that have them', async () => {
    const cats = await data('/api/new_category', z.array(NewCategory));
    expect(cats.length).toBeGreaterThanOrEqual(3);
    const page = await data(
      `/api/new_product?category_id=${cats[0]?.id}&page=1&page_size=10000`,
      ProductPage,
    );
    expect(page.total).toBeGreaterThan(0);
    const all = await data('/api/new_product?page=1&page_size=10000', ProductPage);
    const freshCount = demo.products.filter((p) => p.added_days_ago <= 13).length;
    expect(all.total).toBe(freshCount);
  });

  it('answers a product in full by uuid, in both languages', async () => {
    const seed = demo.products.find((p) => p.images.length > 1) ?? demo.products[0];
    if (!seed) throw new Error('no products');
    const product = await data(`/api/index_product/${uuidFromKey(seed.key)}`, Product);
    expect(product).toMatchObject({
      en_name: seed.en_name,
      zn_name: seed.zn_name,
      brand_en_name: seed.brand_en_name,
      brand_zn_name: seed.brand_zn_name,
      en_number: seed.en_number,
      zn_number: seed.zn_number,
      price: seed.price_cents / 100,
      real_stock: seed.stock,
      term: seed.term_days,
      weight: seed.weight_g,
      net_weight: seed.net_weight_g,
      number: seed.number,
    });
    expect(product.images).toHaveLength(seed.images.length);
    expect(product.category_zn_name).toBe(allChildren.find((c) => c.key === seed.category)?.zn_name);
  });

  it('shows promotion prices for a running promotion, and none for an ended one', async () => {
    const running = demo.promotions.filter((p) => p.starts_in_days <= 0 && p.ends_in_days > 0);
    const ended = demo.promotions.filter((p) => p.ends_in_days <= 0);
    expect(running.length).toBeGreaterThanOrEqual(2);
    const banners = await data('/api/index_banners', z.array(Banner));
    const promoId = banners.find((b) => b.type === 3)?.url;
    const promo = await data(`/api/index_promotion/${promoId}`, Promotion);
    expect(promo.active).toBe(true);
    expect(promo.ad_img).toMatch(/^\/media\/ad-/);
    const page = await data(`/api/index_product/?promotion_plan=${promoId}&page_size=100`, ProductPage);
    const seedPromo = demo.promotions.find((p) => p.en_name === promo.en_name);
    expect(page.total).toBe(seedPromo?.products.length);
    for (const card of page.list) {
      expect(card.promotion_price).not.toBeNull();
      expect(card.promotion_price ?? 0).toBeLessThan(card.price);
    }
    if (ended[0]) {
      const endedKeys = new Set(ended[0].products.map((p) => uuidFromKey(p.product)));
      const runningKeys = new Set(running.flatMap((p) => p.products.map((x) => uuidFromKey(x.product))));
      const onlyEnded = [...endedKeys].find((k) => !runningKeys.has(k));
      if (onlyEnded)
        expect((await data(`/api/index_product/${onlyEnded}`, Product)).promotion_price).toBeNull();
    }
  });
});

describe('search', () => {
  it('finds products in English, Chinese and pinyin, and answers a miss with an empty list', async () => {
    const seed = demo.products.find((p) => /[\u4e00-\u9fff]{2}/.test(p.zn_name)) ?? demo.products[0];
    if (!seed) throw new Error('no products');
    const uuid = uuidFromKey(seed.key);
    const byEnglish = await data(
      `/api/index_product?en_search=${encodeURIComponent(seed.en_name.toUpperCase())}&page=1&page_size=10000`,
      ProductPage,
    );
    expect(byEnglish.list[0]?.uuid).toBe(uuid);
    const byChinese = await data(
      `/api/index_product?en_search=${encodeURIComponent(seed.zn_name)}&page=1&page_size=10000`,
      ProductPage,
    );
    expect(byChinese.list[0]?.uuid).toBe(uuid);
    const miss = await data('/api/index_product?en_search=zzqqxx&page=1&page_size=10000', ProductPage);
    expect(miss).toMatchObject({ list: [], total: 0 });
    const literal = await data('/api/index_product?en_search=%25&page=1&page_size=10000', ProductPage);
    expect(literal.total).toBe(
      demo.products.filter((p) => p.en_name.includes('%') || p.zn_name.includes('%')).length,
    );
  });
});

describe('bad input and unknown ids', () => {
  it.each([
    '/api/index_product?category_id=abc',
    '/api/index_product?category_id=-1',
    '/api/index_product?page=0',
    '/api/index_product?page_size=0',
    '/api/index_product?page=1&page=2',
    '/api/index_product?most_sold=maybe',
    `/api/index_product?en_search=${'x'.repeat(300)}`,
    '/api/product_category?category_id=1.5',
    '/api/new_product?category_id=%00',
    '/api/index_product/not-a-uuid',
    '/api/index_promotion/abc',
  ])('%s answers 400 naming the field', async (url) => {
    const res = await get(url);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, message: expect.stringMatching(/^The field \S+ is not valid\.$/) });
  });

  it('answers in Chinese when the client asks for it', async () => {
    const res = await get('/api/index_product?page=abc', { 'accept-language': 'zh-CN,zh;q=0.9' });
    expect(res.body).toEqual({ code: 400, message: '字段 page 无效。' });
  });

  it.each([
    ['/api/product_category?category_id=999999', 'This category does not exist.'],
    ['/api/index_product?category_id=999999', 'This category does not exist.'],
    ['/api/index_product?promotion_plan=999999', 'This promotion does not exist.'],
    ['/api/index_promotion/999999', 'This promotion does not exist.'],
    [
      '/api/index_product/00000000-0000-4000-8000-000000000000',
      'This product does not exist or is no longer for sale.',
    ],
    ['/api/no_such_call', 'There is no such call: GET /api/no_such_call.'],
  ])('%s answers 404 with a message', async (url, message) => {
    const res = await get(url);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ code: 404, message });
  });
});

describe('caching', () => {
  it('answers with an ETag and 304 when it still matches', async () => {
    const first = await get('/api/product_category');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toMatch(/max-age=\d+/);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/product_category',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('compresses large answers for clients that accept it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/index_product?page=1&page_size=10000',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    const plain = await get('/api/index_product?page=1&page_size=10000');
    expect(res.rawPayload.length).toBeLessThan(plain.raw.rawPayload.length / 3);
  });

  it('keeps one answer for asks that differ only in spelling', async () => {
    const searches = t.app.catalogue.searches.size;
    const byName = await Promise.all(
      ['Bok Choy', '  bok   CHOY ', 'bok choy'].map((q) =>
        data(`/api/index_product?en_search=${encodeURIComponent(q)}&page_size=50`, ProductPage),
      ),
    );
    expect(byName[0]?.total).toBeGreaterThan(0);
    expect(byName[1]).toEqual(byName[0]);
    const simplified = await data(`/api/index_product?en_search=${encodeURIComponent('苹果')}`, ProductPage);
    const traditional = await data(`/api/index_product?en_search=${encodeURIComponent('蘋果')}`, ProductPage);
    expect(traditional).toEqual(simplified);
    expect(t.app.catalogue.searches.size).toBe(searches + 2);

    const pages = t.app.catalogue.answers.size;
    for (const url of [
      '/api/index_product?page_size=5',
      '/api/index_product?page_size=005&most_sold=false',
      '/api/index_product?most_sold=0&page=1&page_size=5',
    ]) {
      expect((await data(url, ProductPage)).list).toHaveLength(5);
    }
    expect(t.app.catalogue.answers.size).toBe(pages + 1);
  });

  it('serves changed data and a new ETag after a catalogue change', async () => {
    const seed = demo.products[0];
    if (!seed) throw new Error('no products');
    const url = `/api/index_product/${uuidFromKey(seed.key)}`;
    const before = await get(url);
    await t.database.db.transaction(async (tx) => {
      await tx
        .update(productsTable)
        .set({ enName: 'Renamed For Test' })
        .where(eq(productsTable.key, seed.key));
      await bumpCatalogueVersion(tx);
    });
    // A change made without telling anyone (no NOTIFY, no CatalogueTouched): on PostgreSQL a
    // listening process reloads once a second poll still sees the version it has not been told of;
    // on PGlite at the first. Two polls, then, as a process without the notice would run them.
    await t.app.catalogue.refreshIfStale();
    await t.app.catalogue.refreshIfStale();
    const after = await get(url);
    expect(after.body.data.en_name).toBe('Renamed For Test');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});
