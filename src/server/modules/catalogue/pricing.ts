import { and, eq, gt, inArray, lte, min } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client';
import { promotionProducts, promotions } from '#server/db/schema';

/**
 * The lowest running promotion price of each product, read from the database (never from a client
 * and never from a cache), for what the cart shows and what an order charges.
 */
export async function runningPromotionPrices(
  db: Db | Tx,
  productIds: number[],
  now: Date,
): Promise<Map<number, number>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({ productId: promotionProducts.productId, price: min(promotionProducts.promotionPriceCents) })
    .from(promotionProducts)
    .innerJoin(promotions, eq(promotions.id, promotionProducts.promotionId))
    .where(
      and(
        inArray(promotionProducts.productId, productIds),
        lte(promotions.startsAt, now),
        gt(promotions.endsAt, now),
      ),
    )
    .groupBy(promotionProducts.productId);
  return new Map(rows.filter((r) => r.price !== null).map((r) => [r.productId, r.price as number]));
}
