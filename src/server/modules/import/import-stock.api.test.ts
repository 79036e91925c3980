import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { products, stockMovements } from '#server/db/schema';
import { callAdmin, createStaff } from '../../../../tests/helpers/staff';
import { startTestApp } from '../../../../tests/helpers/test-app';

/**
 * Every stock change is kept as a stock movement (who, when, how
 * many, why), those a CSV import makes too — a product's new count, and a new product's stock —
 * shown in the product's movements with the importer's name.
 */

const t = await startTestApp();
afterAll(async () => t.close());
const owner = await createStaff(t.database, t.clock.now(), { role: 'owner', name: 'Mei Importer' });
const db = t.database.db;
const HEADER = 'uuid,key,category,en_name,zn_name,en_number,zn_number,price,real_stock,published';

async function importCsv(csv: string, dryRun = false) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/products/import${dryRun ? '?dryRun=1' : ''}`,
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'text/csv' },
    payload: csv,
  });
  return { status: res.statusCode, body: res.json() };
}

interface Movement {
  at: string;
  reason: string;
  delta: number;
  stock_after: number;
  note: string;
  staff_id: number | null;
  staff_name: string | null;
}

/** The product's movements as the console's stock panel lists them, newest first. */
async function movementsOf(id: number): Promise<Movement[]> {
  const res = await callAdmin(t.app, owner.token, 'GET', `/api/admin/products/${id}/stock`);
  expect(res.status).toBe(200);
  return res.body.data.movements.items;
}

async function productBy(column: 'uuid' | 'key', value: string) {
  const [row] = await db
    .select()
    .from(products)
    .where(eq(column === 'uuid' ? products.uuid : products.key, value));
  if (!row) throw new Error(`no product ${value}`);
  return row;
}

describe('a CSV import’s stock changes', () => {
  it('are kept as movements by the importer: a new count, and a new product’s stock', async () => {
    const [seeded] = await db.select().from(products).where(eq(products.id, 5));
    if (!seeded) throw new Error('no product 5');
    const before = await movementsOf(5);
    const to = seeded.realStock + 7;
    const count = (stock: number) => `uuid,real_stock\n${seeded.uuid},${stock}\n`;

    // A dry run writes no movement.
    expect((await importCsv(count(to), true)).body.data).toMatchObject({ applied: false, errorCount: 0 });
    expect(await movementsOf(5)).toEqual(before);

    expect((await importCsv(count(to))).body.data).toMatchObject({
      applied: true,
      updated: 1,
      errorCount: 0,
    });
    const at = t.clock.now().toISOString();
    const byImporter = {
      staff_id: owner.id,
      staff_name: 'Mei Importer',
      reason: 'count',
      note: 'CSV import',
      at,
    };
    const counted = await movementsOf(5);
    expect(counted).toHaveLength(before.length + 1);
    expect(counted[0]).toMatchObject({ ...byImporter, delta: 7, stock_after: to });

    const created = await importCsv(
      [
        HEADER,
        `,imp-stock-new,Leafy Greens,Kale,羽衣甘蓝,bunch,把,3.00,12,no`,
        `,imp-stock-none,Leafy Greens,Chard,甜菜叶,bunch,把,2.00,0,no`,
      ].join('\n'),
    );
    expect(created.body.data).toMatchObject({ applied: true, created: 2, errorCount: 0 });
    const kale = await productBy('key', 'imp-stock-new');
    expect(await movementsOf(kale.id)).toEqual([
      expect.objectContaining({ ...byImporter, delta: 12, stock_after: 12 }),
    ]);
    // A new product without stock moved nothing.
    expect(await movementsOf((await productBy('key', 'imp-stock-none')).id)).toEqual([]);

    // Down again: the delta is signed; an unchanged stock writes nothing more.
    await importCsv(count(to - 5));
    await importCsv(count(to - 5));
    const after = await movementsOf(5);
    expect(after).toHaveLength(before.length + 2);
    expect(after[0]).toMatchObject({ ...byImporter, delta: -5, stock_after: to - 5 });
    const rows = await db.select().from(stockMovements).where(eq(stockMovements.productId, 5));
    expect(rows.reduce((sum, m) => sum + m.delta, 0)).toBe(before.reduce((sum, m) => sum + m.delta, 0) + 2);
  });
});
