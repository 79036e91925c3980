import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderLines, products } from '#server/db/schema';
import { AdminProduct, AdminProductPage } from '#shared/schemas/admin/products.zod';
import { expectAnswer } from '../../../../tests/helpers/answers';
import { callAs, createShopper } from '../../../../tests/helpers/shoppers';
import { COMPLETE_PRODUCT, callAdmin, createStaff, type TestStaff } from '../../../../tests/helpers/staff';
import { startTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { placeOrder } from '../payment/payment.fixture';

/**
 * The console's product routes: the list and its filters and search, the editor's
 * reads and writes, publishing's refusals, delete against archive, for every role.
 */
let t: TestApp;
let owner: TestStaff;
let manager: TestStaff;
let packer: TestStaff;
beforeAll(async () => {
  t = await startTestApp();
  const now = t.clock.now();
  owner = await createStaff(t.database, now, { role: 'owner' });
  manager = await createStaff(t.database, now, { role: 'manager' });
  packer = await createStaff(t.database, now, { role: 'packer' });
});
afterAll(async () => t?.close());

const list = (query: Record<string, string>, who = owner) =>
  callAdmin(t.app, who.token, 'GET', '/api/admin/products', query);

async function created(fields: Record<string, string> = COMPLETE_PRODUCT) {
  const res = await callAdmin(t.app, owner.token, 'POST', '/api/admin/products', fields);
  expect(res.status).toBe(200);
  return expectAnswer(AdminProduct, res);
}

async function withPicture(id: number) {
  await t.database.db
    .update(products)
    .set({ productImage: '/media/p/x-480.webp' })
    .where(eq(products.id, id));
}

describe('the product list', () => {
  it('pages on the server, newest first, and leaves archived products out', async () => {
    const first = await list({ page: '1', pageSize: '10' });
    expect(first.status).toBe(200);
    expect(expectAnswer(AdminProductPage, first).items).toHaveLength(10);
    expect(first.body.data).toMatchObject({ total: 264, page: 1, pageSize: 10 });
    expect(first.body.data.items[0]).toMatchObject({
      id: 264,
      published: true,
      archived: false,
      missing: [],
    });
    const last = await list({ page: '27', pageSize: '10' });
    expect(last.body.data.items.map((p: { id: number }) => p.id)).toEqual([4, 3, 2, 1]);
  });

  it('finds products in English, Chinese and pinyin, and by exact id or uuid', async () => {
    for (const q of ['bok choy', '上海青', 'shanghaiqing']) {
      const res = await list({ q });
      expect({ q, first: res.body.data.items[0]?.id }).toEqual({ q, first: 1 });
    }
    const one = (await list({ q: '1' })).body.data.items[0];
    expect(one.id).toBe(1);
    expect((await list({ q: one.uuid.toUpperCase() })).body.data.items[0].id).toBe(1);
    expect((await list({ q: 'no such thing zzzq' })).body.data).toMatchObject({ items: [], total: 0 });
  });

  it('filters by category (a parent with its children), published, stock and missing translation', async () => {
    const all = (await list({ pageSize: '200' })).body.data.total;
    const parent = (await list({ category: '1', pageSize: '200' })).body.data;
    expect(parent.total).toBeGreaterThan(0);
    expect(parent.total).toBeLessThan(all);
    await t.database.db.update(products).set({ realStock: 0 }).where(eq(products.id, 2));
    await t.database.db
      .update(products)
      .set({ realStock: 3, lowStockThreshold: 5 })
      .where(eq(products.id, 3));
    const out = (await list({ stock: 'out', pageSize: '200' })).body.data.items.map(
      (p: { id: number }) => p.id,
    );
    expect(out).toContain(2);
    expect(out).not.toContain(3);
    const low = (await list({ stock: 'low', pageSize: '200' })).body.data.items.map(
      (p: { id: number }) => p.id,
    );
    expect(low).toEqual(expect.arrayContaining([2, 3]));
    const draft = await created({ category_id: '1', en_name: 'Half-done mango', en_number: '1 piece' });
    const missingZh = (await list({ missing: 'zh' })).body.data.items;
    expect(missingZh.map((p: { id: number }) => p.id)).toEqual([draft.id]);
    expect(missingZh[0].missing).toEqual(['zn_name', 'zn_number', 'price', 'picture']);
    expect((await list({ missing: 'en' })).body.data.total).toBe(0);
    expect((await list({ published: 'no' })).body.data.items.map((p: { id: number }) => p.id)).toContain(
      draft.id,
    );
    expect((await list({ published: 'no', q: 'mango' })).body.data.items[0].id).toBe(draft.id);
  });

  it('refuses bad filters with 400 in the caller’s language', async () => {
    const queries: Record<string, string>[] = [
      { stock: 'some' },
      { pageSize: '500' },
      { page: '0' },
      { category: 'x' },
    ];
    for (const query of queries) {
      const en = await callAdmin(t.app, owner.token, 'GET', '/api/admin/products', query, { lang: 'en' });
      const zh = await callAdmin(t.app, owner.token, 'GET', '/api/admin/products', query, { lang: 'zh-CN' });
      expect([en.status, zh.status]).toEqual([400, 400]);
      expect(en.body.message).not.toEqual(zh.body.message);
    }
  });
});

describe('the product editor', () => {
  it('creates an unpublished product with a new uuid and key, and answers what it stored', async () => {
    const p = await created({
      ...COMPLETE_PRODUCT,
      en_weight: 'about 400 g',
      zn_weight: '约400克',
      brand_en_name: 'Sunny',
      brand_zn_name: '阳光',
      box_gauge: '12 x 1',
      weight_g: '420',
      net_weight_g: '400',
      term_days: '7',
      low_stock_threshold: '4',
    });
    expect(p).toMatchObject({
      published: false,
      archived: false,
      price: 3.49,
      weight_g: 420,
      product_image: '',
      images: [],
      missing: ['picture'],
      real_stock: 0,
      low_stock_threshold: 4,
    });
    expect(p.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(p.key).toBe(`product-${p.uuid}`);
    const read = await callAdmin(t.app, manager.token, 'GET', `/api/admin/products/${p.id}`);
    expect(expectAnswer(AdminProduct, read)).toEqual(p);
    const [row] = await t.database.db.select().from(products).where(eq(products.id, p.id));
    expect(row?.priceCents).toBe(349);
    // An unpublished product is not in the storefront.
    expect((await t.app.inject({ url: `/api/index_product/${p.uuid}` })).statusCode).toBe(404);
  });

  it('changes only the fields sent, and records before → after in the audit log', async () => {
    const p = await created();
    const res = await callAdmin(t.app, manager.token, 'POST', `/api/admin/products/${p.id}`, {
      en_name: '  Red dragon fruit ',
      price: '4',
    });
    expect(res.status).toBe(200);
    expect(expectAnswer(AdminProduct, res)).toMatchObject({
      en_name: 'Red dragon fruit',
      zn_name: '火龙果',
      price: 4,
    });
    const lines = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.targetId, String(p.id)));
    const update = lines.find((l) => l.action === 'product.update');
    expect(update?.before).toMatchObject({ en_name: 'Dragon fruit', price: 3.49 });
    expect(update?.after).toMatchObject({ en_name: 'Red dragon fruit', price: 4, en_describe_chars: 0 });
    expect(lines.map((l) => l.action)).toContain('product.create');
  });

  it('stores descriptions sanitized, whatever HTML is sent', async () => {
    const p = await created();
    const hostile = [
      '<p onclick="alert(1)" style="color:red">hi</p><script>alert(1)</script>',
      '<img src=x onerror="alert(1)"><p><a href="javascript:alert(1)">click</a></p>',
      '<svg><script>alert(1)</script></svg><iframe src="https://x.test"></iframe><ul><li>ok</li></ul>',
    ];
    for (const html of hostile) {
      const res = await callAdmin(t.app, owner.token, 'POST', `/api/admin/products/${p.id}`, {
        en_describe: html,
        zn_describe: `<strong>好</strong>${html}`,
      });
      expect(res.status).toBe(200);
      for (const stored of [res.body.data.en_describe, res.body.data.zn_describe]) {
        expect(stored).not.toMatch(/script|onerror|onclick|javascript:|<img|<svg|<iframe|style=/i);
      }
    }
    const last = (await callAdmin(t.app, owner.token, 'GET', `/api/admin/products/${p.id}`)).body.data;
    expect(last.en_describe).toBe('<ul><li>ok</li></ul>');
    expect(last.zn_describe).toBe('<strong>好</strong><ul><li>ok</li></ul>');
  });

  it('refuses bad input with 400 in both languages, and changes nothing', async () => {
    const p = await created();
    const bad: Record<string, string>[] = [
      { price: '-1' },
      { price: '1.999' },
      { price: 'free' },
      { weight_g: '-3' },
      { term_days: '1.5' },
      { category_id: '99999' },
      { en_name: 'x'.repeat(201) },
      { en_describe: 'x'.repeat(20_001) },
    ];
    for (const form of bad) {
      const en = await callAdmin(t.app, owner.token, 'POST', `/api/admin/products/${p.id}`, form, {
        lang: 'en',
      });
      const zh = await callAdmin(t.app, owner.token, 'POST', `/api/admin/products/${p.id}`, form, {
        lang: 'zh-CN',
      });
      expect({ form, status: [en.status, zh.status] }).toEqual({ form, status: [400, 400] });
      expect(zh.body.message).not.toEqual(en.body.message);
    }
    const noCategory = await callAdmin(t.app, owner.token, 'POST', '/api/admin/products', { en_name: 'x' });
    expect(noCategory.status).toBe(400);
    expect(noCategory.body.message).toBe('Please choose a category that exists.');
    expect((await callAdmin(t.app, owner.token, 'GET', '/api/admin/products/99999')).status).toBe(404);
    expect((await callAdmin(t.app, owner.token, 'GET', '/api/admin/products/abc')).status).toBe(400);
    const unchanged = (await callAdmin(t.app, owner.token, 'GET', `/api/admin/products/${p.id}`)).body.data;
    expect(unchanged).toMatchObject({ price: 3.49, category_id: 1, en_name: 'Dragon fruit' });
  });
});

describe('publishing', () => {
  it('is refused, naming the missing fields in the staff member’s language, until all are there', async () => {
    const p = await created({ category_id: '1', en_name: 'Lychee' });
    const publish = (lang: string) =>
      callAdmin(
        t.app,
        owner.token,
        'POST',
        `/api/admin/products/${p.id}/publish`,
        { published: 'true' },
        { lang },
      );
    const en = await publish('en');
    expect(en.status).toBe(400);
    expect(en.body.message).toBe(
      'This product cannot be published yet. Missing: Chinese name, English unit label, Chinese unit label, a price above 0, a picture.',
    );
    expect(en.body.data).toEqual({ missing: ['zn_name', 'en_number', 'zn_number', 'price', 'picture'] });
    const zh = await publish('zh-CN');
    expect(zh.body.message).toBe(
      '该商品暂时无法上架，还缺少：中文名称、英文单位、中文单位、大于 0 的价格、商品图片。',
    );
    await callAdmin(t.app, owner.token, 'POST', `/api/admin/products/${p.id}`, {
      ...COMPLETE_PRODUCT,
      en_name: 'Lychee',
    });
    expect((await publish('en')).body.data).toEqual({ missing: ['picture'] });
    await withPicture(p.id);
    const done = await publish('en');
    expect(done.status).toBe(200);
    expect(expectAnswer(AdminProduct, done)).toMatchObject({ published: true, missing: [] });
    // The storefront shows it at once, and its search finds it by pinyin.
    expect((await t.app.inject({ url: `/api/index_product/${p.uuid}` })).statusCode).toBe(200);
    const found = await t.app.inject({ url: '/api/index_product?en_search=huolongguo&page=1&page_size=100' });
    expect(found.json().data.list.map((x: { uuid: string }) => x.uuid)).toContain(p.uuid);
  });

  it('keeps a published product’s required fields, and unpublishes', async () => {
    const p = await created();
    await withPicture(p.id);
    await callAdmin(t.app, owner.token, 'POST', `/api/admin/products/${p.id}/publish`, { published: 'true' });
    const emptied = await callAdmin(
      t.app,
      owner.token,
      'POST',
      `/api/admin/products/${p.id}`,
      { zn_name: ' ' },
      { lang: 'zh-CN' },
    );
    expect(emptied.status).toBe(400);
    expect(emptied.body.message).toContain('中文名称');
    const off = await callAdmin(t.app, owner.token, 'POST', `/api/admin/products/${p.id}/publish`, {
      published: 'false',
    });
    expect(expectAnswer(AdminProduct, off).published).toBe(false);
    expect((await t.app.inject({ url: `/api/index_product/${p.uuid}` })).statusCode).toBe(404);
    const bad = await callAdmin(t.app, owner.token, 'POST', `/api/admin/products/${p.id}/publish`, {
      published: 'maybe',
    });
    expect(bad.status).toBe(400);
  });
});

describe('deleting', () => {
  it('deletes a product no order refers to, with its cart lines', async () => {
    const p = await created();
    await withPicture(p.id);
    await callAdmin(t.app, owner.token, 'POST', `/api/admin/products/${p.id}/publish`, { published: 'true' });
    const s = await createShopper(t.database, t.clock.now());
    expect((await callAs(t.app, s, 'POST', `/api/cart?amount=1&uuid=${p.uuid}`)).status).toBe(409); // no stock
    await t.database.db.update(products).set({ realStock: 5 }).where(eq(products.id, p.id));
    expect((await callAs(t.app, s, 'POST', `/api/cart?amount=1&uuid=${p.uuid}`)).status).toBe(200);
    const res = await callAdmin(t.app, owner.token, 'DELETE', `/api/admin/products/${p.id}`);
    expect(res.body.data).toEqual({ deleted: true, archived: false });
    expect((await callAdmin(t.app, owner.token, 'GET', `/api/admin/products/${p.id}`)).status).toBe(404);
    expect((await callAs(t.app, s, 'GET', '/api/cart')).body.data).toEqual([]);
    expect((await callAdmin(t.app, owner.token, 'DELETE', `/api/admin/products/${p.id}`)).status).toBe(404);
  });

  it('archives a product that orders refer to: unpublished, hidden, the order keeps its snapshot', async () => {
    // Not the first few seed products: the list's filter test emptied their stock.
    const o = await placeOrder(t, 10, 1);
    const [row] = await t.database.db.select().from(products).where(eq(products.key, o.productKey));
    const id = row?.id ?? 0;
    const other = await createShopper(t.database, t.clock.now());
    await callAs(t.app, other, 'POST', `/api/cart?amount=1&uuid=${row?.uuid}`);
    const res = await callAdmin(t.app, manager.token, 'DELETE', `/api/admin/products/${id}`);
    expect(res.body.data).toEqual({ deleted: false, archived: true });
    const archived = (await callAdmin(t.app, owner.token, 'GET', `/api/admin/products/${id}`)).body.data;
    expect(archived).toMatchObject({ published: false, archived: true });
    expect((await list({ q: String(id) })).body.data.items).toEqual([]);
    expect((await list({ q: String(id), archived: 'yes' })).body.data.items[0].id).toBe(id);
    expect((await t.app.inject({ url: `/api/index_product/${row?.uuid}` })).statusCode).toBe(404);
    const [line] = await t.database.db.select().from(orderLines).where(eq(orderLines.productId, id));
    expect(line?.enName).toBe(row?.enName);
    const cart = (await callAs(t.app, other, 'GET', '/api/cart')).body.data;
    expect(cart[0]).toMatchObject({ uuid: row?.uuid, available: false });
    const again = await callAdmin(t.app, owner.token, 'POST', `/api/admin/products/${id}/publish`, {
      published: 'true',
    });
    expect(again.status).toBe(400);
  });
});

describe('the product routes by role', () => {
  it('let owners and managers through, refuse packers with 403 and others with 401', async () => {
    const p = await created();
    const calls: ['GET' | 'POST' | 'DELETE', string, Record<string, string>?][] = [
      ['GET', '/api/admin/products'],
      ['GET', `/api/admin/products/${p.id}`],
      ['POST', '/api/admin/products', { category_id: '1' }],
      ['POST', `/api/admin/products/${p.id}`, { en_name: 'x' }],
      ['POST', `/api/admin/products/${p.id}/publish`, { published: 'false' }],
      ['DELETE', `/api/admin/products/${p.id}`],
    ];
    const shopper = await createShopper(t.database, t.clock.now());
    for (const [method, url, form] of calls) {
      expect((await callAdmin(t.app, packer.token, method, url, form)).status).toBe(403);
      expect((await callAdmin(t.app, undefined, method, url, form)).status).toBe(401);
      expect((await callAdmin(t.app, shopper.token, method, url, form)).status).toBe(401);
    }
    for (const [method, url, form] of calls) {
      expect({ url, status: (await callAdmin(t.app, manager.token, method, url, form)).status }).toEqual({
        url,
        status: 200,
      });
    }
    expect((await callAdmin(t.app, owner.token, 'GET', '/api/admin/products')).status).toBe(200);
  });
});
