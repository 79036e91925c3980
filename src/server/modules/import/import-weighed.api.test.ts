import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '#server/db/schema';
import { uuidFromKey } from '#server/db/seed';
import { createStaff, type TestStaff } from '../../../../tests/helpers/staff';
import { startTestApp, type TestApp } from '../../../../tests/helpers/test-app';

/** Goods sold by weight in the product CSV (docs/api.md, Admin: import and export). */
let t: TestApp;
let owner: TestStaff;
beforeAll(async () => {
  t = await startTestApp();
  owner = await createStaff(t.database, t.clock.now(), { role: 'owner' });
});
afterAll(async () => t?.close());

async function importCsv(csv: string, lang = 'en') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/products/import',
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'text/csv', 'accept-language': lang },
    payload: csv,
  });
  return res.json().data;
}

const productOf = async (key: string) => {
  const [row] = await t.database.db.select().from(products).where(eq(products.key, key));
  return row;
};

describe('the product CSV', () => {
  it('exports how a product is sold, and imports a switch to weight and back', async () => {
    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/admin/products.csv',
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(exported.body).toContain('sold_by,weight_unit,unit_price,step,piece_grams');
    expect(exported.body).toMatch(/beef-brisket,.*,weight,lb,7\.99,1,/);

    const uuid = uuidFromKey('carrots-2-lb-bag');
    const header = 'uuid,sold_by,weight_unit,unit_price,step,piece_grams';
    expect(await importCsv(`${header}\n${uuid},weight,kg,2.80,0.5,\n`)).toMatchObject({
      applied: true,
      updated: 1,
    });
    expect(await productOf('carrots-2-lb-bag')).toMatchObject({
      soldBy: 'weight',
      weightUnit: 'kg',
      unitPriceCents: 280,
      stepMilli: 500,
      pieceGrams: null,
      priceCents: 140,
    });
    expect(await importCsv(`${header}\n${uuid},weight,kg,2.80,,900\n`)).toMatchObject({ updated: 1 });
    expect(await productOf('carrots-2-lb-bag')).toMatchObject({
      stepMilli: null,
      pieceGrams: 900,
      priceCents: 252,
    });
    expect(await importCsv(`uuid,sold_by,price\n${uuid},unit,1.29\n`)).toMatchObject({ updated: 1 });
    expect(await productOf('carrots-2-lb-bag')).toMatchObject({ soldBy: 'unit', priceCents: 129 });
  });

  it('refuses a weighed row without a step or piece, in both languages, and writes nothing', async () => {
    const uuid = uuidFromKey('peeled-garlic');
    const before = await productOf('peeled-garlic');
    const csv = `uuid,sold_by,unit_price,step,piece_grams\n${uuid},weight,3.99,,\n`;
    const en = await importCsv(csv);
    expect(en).toMatchObject({ applied: false, errorCount: 1 });
    expect(en.errors[0].message).toContain(
      'A product sold by weight needs either a step or a piece_grams, not both.',
    );
    const zh = await importCsv(csv, 'zh');
    expect(zh.errors[0].message).toContain('按重量销售的商品需填写 step 或 piece_grams，二者只能选其一。');
    expect(await importCsv(`uuid,sold_by,step\n${uuid},weight,1\n`)).toMatchObject({ errorCount: 1 });
    expect(await productOf('peeled-garlic')).toEqual(before);
  });
});
