import { eq } from 'drizzle-orm';
import type { Database } from '#server/db/client';
import { products } from '#server/db/schema';
import { uuidFromKey } from '#server/db/seed';
import * as demo from '../../../../seed/catalogue/index';

/** A seeded product for a stock test: its id and uuid, its stock set to `stock` first. */
export async function productWithStock(database: Database, index: number, stock: number) {
  const product = demo.products.filter((p) => demo.isPack(p) && p.stock > 0)[index];
  if (!product) throw new Error('no such seeded product');
  const [row] = await database.db
    .update(products)
    .set({ realStock: stock })
    .where(eq(products.key, product.key))
    .returning({ id: products.id });
  if (!row) throw new Error('product not seeded');
  return { id: row.id, uuid: uuidFromKey(product.key), key: product.key };
}

export async function stockOf(database: Database, id: number): Promise<number | undefined> {
  const [row] = await database.db
    .select({ stock: products.realStock })
    .from(products)
    .where(eq(products.id, id));
  return row?.stock;
}
