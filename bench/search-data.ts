/**
 * A PGlite database for the HTTP search benchmark: migrations, the demo catalogue, and synthetic
 * products inserted through Drizzle under the demo's categories, before the server opens it.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { isNotNull } from 'drizzle-orm';
import { systemClock } from '#server/clock';
import { type Db, openDatabase } from '#server/db/client';
import { prepareDatabase } from '#server/db/prepare';
import { categories, products } from '#server/db/schema';
import { bumpCatalogueVersion } from '#server/modules/catalogue/catalogue.changes';
import { generateCatalogue, prng } from './search/catalogue';

const BATCH = 500;

/** Prepares DATA_DIR/db (as the server would find it) with the demo plus `extra` products. */
export async function seedSearchDatabase(dataDir: string, extra: number): Promise<void> {
  const database = await openDatabase({ kind: 'files', dir: join(dataDir, 'db') });
  try {
    await prepareDatabase(database, { seed: 'demo' }, systemClock);
    await addSyntheticProducts(database.db, extra);
  } finally {
    await database.close();
  }
}

/** Adds `count` generated products (deterministic names, random categories and prices) and bumps the catalogue version. */
export async function addSyntheticProducts(db: Db, count: number): Promise<void> {
  const children = await db
    .select({ id: categories.id })
    .from(categories)
    .where(isNotNull(categories.parentId));
  const [first] = await db.select({ image: products.productImage }).from(products).limit(1);
  if (children.length === 0 || !first)
    throw new Error('the demo catalogue is missing: no categories or products');
  const rnd = prng(2024);
  const docs = generateCatalogue(count, 424_242);
  await db.transaction(async (tx) => {
    for (let start = 0; start < docs.length; start += BATCH) {
      const rows = docs.slice(start, start + BATCH).map((d) => ({
        uuid: randomUUID(),
        key: `bench-synthetic-${d.id}`,
        categoryId: children[Math.floor(rnd() * children.length)]?.id ?? 0,
        enName: d.en_name,
        znName: d.zn_name,
        brandEnName: d.brand_en_name,
        brandZnName: d.brand_zn_name,
        priceCents: 99 + Math.floor(rnd() * 5000),
        realStock: Math.floor(rnd() * 200),
        soldCount: d.sold_count,
        productImage: first.image,
      }));
      await tx.insert(products).values(rows);
    }
    await bumpCatalogueVersion(tx);
  });
}
