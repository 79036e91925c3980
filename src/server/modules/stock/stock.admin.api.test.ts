import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, stockMovements } from '#server/db/schema';
import { ProductStock, StockPage, StockSaved, ThresholdSaved } from '#shared/schemas/admin/stock.zod';
import en from '../../../../public/locales/en/errors.json' with { type: 'json' };
import zh from '../../../../public/locales/zh/errors.json' with { type: 'json' };
import { expectAnswer } from '../../../../tests/helpers/answers';
import { createStaff, type TestStaff } from '../../../../tests/helpers/staff';
import { startTestApp, type TestApp } from '../../../../tests/helpers/test-app';
import { productWithStock, stockOf } from './stock.fixture';

/** The console's stock routes: changes, movements, the grid, thresholds, refusals. */
let t: TestApp;
let owner: TestStaff;
let manager: TestStaff;
let packer: TestStaff;
beforeAll(async () => {
  t = await startTestApp();
  owner = await createStaff(t.database, t.clock.now(), { role: 'owner' });
  manager = await createStaff(t.database, t.clock.now(), { role: 'manager' });
  packer = await createStaff(t.database, t.clock.now(), { role: 'packer' });
});
afterAll(async () => t?.close());

async function call(
  who: TestStaff | undefined,
  method: 'GET' | 'POST',
  url: string,
  payload?: Record<string, unknown>,
  language = 'en',
) {
  const res = await t.app.inject({
    method,
    url,
    headers: { 'accept-language': language, ...(who ? { authorization: `Bearer ${who.token}` } : {}) },
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

const LANGUAGES = [
  ['en', en],
  ['zh', zh],
] as const;

const change = (productId: number, reason: string, quantity: unknown, note?: string) => ({
  productId,
  reason,
  quantity,
  ...(note === undefined ? {} : { note }),
});

describe('stock changes from the console', () => {
  it('receive adds, damaged removes, count sets; each kept as a movement with who and why', async () => {
    const p = await productWithStock(t.database, 0, 5);
    const received = await call(owner, 'POST', '/api/admin/stock', {
      changes: [change(p.id, 'received', 12, 'Tuesday delivery')],
    });
    expect(received.status).toBe(200);
    expect(expectAnswer(StockSaved, received).changes).toEqual([
      { productId: p.id, reason: 'received', delta: 12, stock: 17 },
    ]);
    expect(
      (await call(manager, 'POST', '/api/admin/stock', { changes: [change(p.id, 'damaged', '2')] })).status,
    ).toBe(200);
    const counted = await call(owner, 'POST', '/api/admin/stock', { changes: [change(p.id, 'count', 9)] });
    expect(counted.body.data.changes[0]).toMatchObject({ delta: -6, stock: 9 });
    expect(await stockOf(t.database, p.id)).toBe(9);

    const read = await call(owner, 'GET', `/api/admin/products/${p.id}/stock`);
    expect(read.status).toBe(200);
    expect(expectAnswer(ProductStock, read)).toMatchObject({
      id: p.id,
      real_stock: 9,
      low_stock_threshold: 10,
    });
    expect(read.body.data.movements.total).toBe(3);
    expect(
      read.body.data.movements.items.map((m: Record<string, unknown>) => [
        m.reason,
        m.delta,
        m.stock_after,
        m.staff_name,
        m.note,
      ]),
    ).toEqual([
      ['count', -6, 9, expect.any(String), ''],
      ['damaged', -2, 15, expect.any(String), ''],
      ['received', 12, 17, expect.any(String), 'Tuesday delivery'],
    ]);
    expect(read.body.data.movements.items[2].staff_id).toBe(owner.id);
    expect(read.body.data.movements.items[1].staff_id).toBe(manager.id);

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'product'), eq(auditLog.targetId, String(p.id))));
    expect(audit.map((a) => [a.action, a.before, (a.after as { real_stock: number }).real_stock])).toEqual([
      ['stock.received', { real_stock: 5 }, 17],
      ['stock.damaged', { real_stock: 17 }, 15],
      ['stock.count', { real_stock: 15 }, 9],
    ]);
  });

  it('a count equal to the shelf records a movement of 0', async () => {
    const p = await productWithStock(t.database, 1, 4);
    const res = await call(owner, 'POST', '/api/admin/stock', { changes: [change(p.id, 'count', '4')] });
    expect(res.body.data.changes[0]).toMatchObject({ delta: 0, stock: 4 });
  });

  it('applies a batch all or nothing: one row short leaves every product as it was', async () => {
    const a = await productWithStock(t.database, 2, 10);
    const b = await productWithStock(t.database, 3, 1);
    const before = await t.database.db.select().from(stockMovements);
    const res = await call(owner, 'POST', '/api/admin/stock', {
      changes: [change(a.id, 'received', 5), change(b.id, 'damaged', 3)],
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Only 1 in stock: 3 cannot be written off as damaged.');
    expect(res.body.data).toEqual({ row: 1 });
    expect(await stockOf(t.database, a.id)).toBe(10);
    expect(await stockOf(t.database, b.id)).toBe(1);
    expect(await t.database.db.select().from(stockMovements)).toHaveLength(before.length);

    const zhRes = await call(
      owner,
      'POST',
      '/api/admin/stock',
      { changes: [change(b.id, 'damaged', 3)] },
      'zh',
    );
    expect(zhRes.body.message).toBe('库存只有 1 件，无法按损耗扣除 3 件。');

    const both = await call(owner, 'POST', '/api/admin/stock', {
      changes: [change(b.id, 'received', 4), change(a.id, 'count', 0), change(b.id, 'damaged', 5)],
    });
    expect(both.status).toBe(200);
    expect(await stockOf(t.database, a.id)).toBe(0);
    expect(await stockOf(t.database, b.id)).toBe(0);
  });

  it('takes the same changes as form fields', async () => {
    const p = await productWithStock(t.database, 4, 0);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/stock',
      headers: {
        authorization: `Bearer ${owner.token}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: `changes[0][productId]=${p.id}&changes[0][reason]=received&changes[0][quantity]=3`,
    });
    expect(res.statusCode).toBe(200);
    expect(await stockOf(t.database, p.id)).toBe(3);
  });
});

describe('bad input', () => {
  const cases: [string, unknown, keyof typeof en.catalogueAdmin.stock, number?][] = [
    ['negative received', { changes: [change(1, 'received', -3)] }, 'quantity'],
    ['zero damaged', { changes: [change(1, 'damaged', 0)] }, 'quantity'],
    ['fractional received', { changes: [change(1, 'received', 2.5)] }, 'quantity'],
    ['fractional text', { changes: [change(1, 'received', '2.5')] }, 'quantity'],
    ['huge received', { changes: [change(1, 'received', 1e12)] }, 'quantity'],
    ['negative count', { changes: [change(1, 'count', '-1')] }, 'count'],
    ['huge count', { changes: [change(1, 'count', 2 ** 31)] }, 'count'],
    ['unknown reason', { changes: [change(1, 'sold', 3)] }, 'reason'],
    ['a long note', { changes: [change(1, 'received', 3, 'x'.repeat(121))] }, 'note'],
    ['no changes', { changes: [] }, 'noChanges'],
    ['too many', { changes: Array.from({ length: 101 }, () => change(1, 'received', 1)) }, 'tooMany'],
    ['a bad product id', { changes: [change(0, 'received', 1)] }, 'unknownProduct'],
    ['an unknown product', { changes: [change(999_999, 'received', 1)] }, 'unknownProduct', 404],
  ];
  for (const [name, payload, key, status = 400] of cases) {
    it(`refuses ${name} in English and Chinese`, async () => {
      for (const [language, texts] of LANGUAGES) {
        const res = await call(
          owner,
          'POST',
          '/api/admin/stock',
          payload as Record<string, unknown>,
          language,
        );
        expect({ status: res.status, message: res.body.message }).toEqual({
          status,
          message: texts.catalogueAdmin.stock[key],
        });
      }
    });
  }

  it('refuses a changes field that is not a list, and never answers 5xx', async () => {
    for (const payload of [
      { changes: 'x' },
      { changes: { a: 1 } },
      { changes: [null] },
      { changes: [[1]] },
      {},
    ]) {
      const res = await call(owner, 'POST', '/api/admin/stock', payload);
      expect(res.status).toBe(400);
    }
  });

  it('sets a threshold, and refuses a bad one in both languages', async () => {
    const p = await productWithStock(t.database, 5, 3);
    const set = await call(owner, 'POST', `/api/admin/products/${p.id}/threshold`, { threshold: 2 });
    expect(expectAnswer(ThresholdSaved, set)).toEqual({ low_stock_threshold: 2 });
    const read = await call(owner, 'GET', `/api/admin/products/${p.id}/stock`);
    expect(read.body.data.low_stock_threshold).toBe(2);
    for (const threshold of [-1, 1.5, 'many', 100_001]) {
      for (const [language, texts] of LANGUAGES) {
        const res = await call(
          owner,
          'POST',
          `/api/admin/products/${p.id}/threshold`,
          { threshold },
          language,
        );
        expect({ status: res.status, message: res.body.message }).toEqual({
          status: 400,
          message: texts.catalogueAdmin.stock.threshold,
        });
      }
    }
    const unknown = await call(owner, 'POST', '/api/admin/products/999999/threshold', { threshold: 1 }, 'zh');
    expect(unknown).toMatchObject({ status: 404, body: { message: zh.catalogueAdmin.stock.unknownProduct } });
    expect((await call(owner, 'GET', '/api/admin/products/999999/stock')).status).toBe(404);
  });
});

describe('the stock grid', () => {
  it('filters out-of-stock and low products, searches names in both languages, pages', async () => {
    const out = await productWithStock(t.database, 6, 0);
    const low = await productWithStock(t.database, 7, 3);
    const outs = await call(owner, 'GET', '/api/admin/stock?filter=out&pageSize=200');
    expect(expectAnswer(StockPage, outs).items.every((r) => r.real_stock === 0)).toBe(true);
    expect(outs.body.data.items.map((r: { id: number }) => r.id)).toContain(out.id);
    const lows = await call(owner, 'GET', '/api/admin/stock?filter=low&pageSize=200');
    const ids = lows.body.data.items.map((r: { id: number }) => r.id);
    expect(ids).toEqual(expect.arrayContaining([out.id, low.id]));
    expect(
      lows.body.data.items.every(
        (r: { real_stock: number; low_stock_threshold: number }) => r.real_stock <= r.low_stock_threshold,
      ),
    ).toBe(true);

    const one = lows.body.data.items.find((r: { id: number }) => r.id === low.id);
    expect(Object.keys(one).sort()).toEqual(
      [
        'id',
        'uuid',
        'en_name',
        'zn_name',
        'product_image',
        'real_stock',
        'low_stock_threshold',
        'sold_count',
      ].sort(),
    );
    for (const q of [one.en_name.slice(0, 6), one.zn_name.slice(0, 2)]) {
      const found = await call(owner, 'GET', `/api/admin/stock?q=${encodeURIComponent(q)}`);
      expect(found.body.data.items.map((r: { id: number }) => r.id)).toContain(low.id);
    }
    const paged = await call(owner, 'GET', '/api/admin/stock?page=2&pageSize=5');
    expect(paged.body.data).toMatchObject({ page: 2, pageSize: 5 });
    expect(paged.body.data.items).toHaveLength(5);
    expect((await call(owner, 'GET', '/api/admin/stock?filter=gone')).status).toBe(400);
    expect((await call(owner, 'GET', '/api/admin/stock?q=%25_%5C')).status).toBe(200);
  });
});

describe('who may', () => {
  it('refuses a packer (403) and a visitor (401) on every stock route', async () => {
    const p = await productWithStock(t.database, 8, 5);
    const routes: ['GET' | 'POST', string, Record<string, unknown>?][] = [
      ['GET', '/api/admin/stock'],
      ['POST', '/api/admin/stock', { changes: [change(p.id, 'received', 1)] }],
      ['GET', `/api/admin/products/${p.id}/stock`],
      ['POST', `/api/admin/products/${p.id}/threshold`, { threshold: 1 }],
    ];
    for (const [method, url, payload] of routes) {
      expect((await call(packer, method, url, payload)).status).toBe(403);
      expect((await call(undefined, method, url, payload)).status).toBe(401);
    }
    expect(await stockOf(t.database, p.id)).toBe(5);
  });
});
