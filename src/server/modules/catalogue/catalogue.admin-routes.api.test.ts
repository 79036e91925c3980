import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, orderItems, products } from '#server/db/schema';
import { callAdmin, createStaff, type TestStaff } from '../../../../tests/helpers/staff';
import { startTestApp, type TestApp } from '../../../../tests/helpers/test-app';

/**
 * The console's product routes (issue 18 item 1): the list and its filters and search, the editor's
 * reads and writes, publishing's refusals, delete against archive, for every role.
 */
let t: TestApp;
let owner: TestStaff;
let manager: TestStaff;
let packer: TestStaff;
beforeAll(async () => {
  t = await startTestApp();
  const now = t.clock.now();
  [owner, manager, packer] = await Promise.all(
    (['owner', 'manager', 'packer'] as const).map((role) => createStaff(t.database, now, { role })),
  );
});
afterAll(async () => t?.close());

const list = (query: Record<string, string>, who = owner) =>
  callAdmin(t.app, who.token, 'GET', '/api/admin/products', query);

const COMPLETE = {
  category_id: '1',
  en_name: 'Dragon fruit',
  zn_name: '火龙果',
  en_number: '1 piece',
  zn_number: '1个',
  price: '3.49',
};

async function created(fields: Record<string, string> = COMPLETE) {
  const res = await callAdmin(t.app, owner.token, 'POST', '/api/admin/products', fields);
  expect(res.status).toBe(200);
  return res.body.data as { id: number; uuid: string } & Record<string, unknown>;
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
    expect(first.body.data.items).toHaveLength(10);
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
    for (const query of [{ stock: 'some' }, { pageSize: '500' }, { page: '0' }, { category: 'x' }]) {
      const en = await callAdmin(t.app, owner.token, 'GET', '/api/admin/products', query, { lang: 'en' });
      const zh = await callAdmin(t.app, owner.token, 'GET', '/api/admin/products', query, { lang: 'zh-CN' });
      expect([en.status, zh.status]).toEqual([400, 400]);
      expect(en.body.message).not.toEqual(zh.body.message);
    }
  });
});
