import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { orderLines, products } from '#server/db/schema';

/**
 * For tests of a packer's replacement prices: the shopper of `lineId` chose "best match" without
 * being asked, and the product `uuid` sits in that line's category (docs/product.md,
 * Substitutions: a packer replaces only within the category, and only when the shopper allowed it).
 */
export async function allowBestMatch(db: Db, lineId: number, uuid: string): Promise<void> {
  const [line] = await db
    .select({ categoryId: products.categoryId })
    .from(orderLines)
    .innerJoin(products, eq(products.id, orderLines.productId))
    .where(eq(orderLines.id, lineId));
  if (!line) throw new Error(`no order line ${lineId}`);
  await db
    .update(orderLines)
    .set({ whenMissing: 'replace', substituteProductId: null, substituteAsk: false })
    .where(eq(orderLines.id, lineId));
  await db.update(products).set({ categoryId: line.categoryId }).where(eq(products.uuid, uuid));
}
