import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidFromKey } from '#server/db/seed';
import { AdminProduct } from '#shared/schemas/admin/products.zod';
import { expectAnswer } from '../../../../tests/helpers/answers';
import { COMPLETE_PRODUCT, callAdmin, createStaff, type TestStaff } from '../../../../tests/helpers/staff';
import { startTestApp, type TestApp } from '../../../../tests/helpers/test-app';

/** The console's product editor sells a product by weight (docs/product.md, Sold by weight). */
let t: TestApp;
let owner: TestStaff;
beforeAll(async () => {
  t = await startTestApp();
  owner = await createStaff(t.database, t.clock.now(), { role: 'owner' });
});
afterAll(async () => t?.close());

const save = (fields: Record<string, string>, id?: number, lang: 'en' | 'zh' = 'en') =>
  callAdmin(t.app, owner.token, 'POST', id ? `/api/admin/products/${id}` : '/api/admin/products', fields, {
    lang,
  });

describe('a product sold by weight', () => {
  it('is in the demo catalogue: brisket per lb, a whole chicken by the piece', async () => {
    const product = async (key: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/index_product/${uuidFromKey(key)}` })).json().data;
    expect((await product('beef-brisket')).sold_by_weight).toEqual({
      unit: 'lb',
      unit_price: 7.99,
      step: 1,
      piece_grams: null,
      step_grams: 454,
    });
    const chicken = await product('young-whole-chicken');
    expect(chicken.sold_by_weight).toMatchObject({ unit_price: 2.57, step: null, piece_grams: 1588 });
    expect(chicken.price).toBe(9); // about 3.5 lb at $2.57/lb: $8.997 → $9.00
    expect((await product('thai-hom-mali-jasmine-rice')).sold_by_weight ?? null).toBeNull();
  });

  it('is priced per lb with a step; its price is one step, whatever price was sent', async () => {
    const res = await save({
      ...COMPLETE_PRODUCT,
      price: '1.00',
      sold_by: 'weight',
      weight_unit: 'lb',
      unit_price: '3.99',
      step: '0.5',
      piece_grams: '',
    });
    expect(res.status).toBe(200);
    const p = expectAnswer(AdminProduct, res);
    expect(p).toMatchObject({
      sold_by: 'weight',
      weight_unit: 'lb',
      unit_price: 3.99,
      step: 0.5,
      piece_grams: 0,
      price: 2,
    });
    // by the piece instead: about 272 g at $3.99/lb is $2.39
    const piece = expectAnswer(AdminProduct, await save({ step: '', piece_grams: '272' }, p.id));
    expect(piece).toMatchObject({ step: 0, piece_grams: 272, price: 2.39 });
    // back to a pack: its own price again
    const pack = expectAnswer(
      AdminProduct,
      await save({ sold_by: 'unit', price: '5.00', unit_price: '' }, p.id),
    );
    expect(pack).toMatchObject({ sold_by: 'unit', price: 5 });
  });

  it('refuses a step and a piece together, or neither, in both languages', async () => {
    const base = { ...COMPLETE_PRODUCT, sold_by: 'weight', weight_unit: 'kg', unit_price: '8.80' };
    const both = await save({ ...base, step: '0.5', piece_grams: '200' });
    expect(both.status).toBe(400);
    expect(both.body.message).toBe(
      'A product sold by weight needs either an ordering step or a piece weight, not both.',
    );
    const neither = await save({ ...base, step: '', piece_grams: '' }, undefined, 'zh');
    expect(neither.body.message).toBe('按重量销售的商品需设置下单步长或单件重量，二者只能选其一。');
    const noPrice = await save({ ...COMPLETE_PRODUCT, sold_by: 'weight', step: '1' });
    expect(noPrice.body.message).toBe('A product sold by weight needs its price per lb or kg.');
    const badStep = await save({ ...base, step: '0.0001' });
    expect(badStep.body.message).toBe('The ordering step must be more than 0 and at most 10 units.');
  });
});
