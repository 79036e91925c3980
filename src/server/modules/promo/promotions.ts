import { randomUUID } from 'node:crypto';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Changed } from '#server/audit';
import type { Db, Tx } from '#server/db/client';
import { products, promotionProducts, promotions } from '#server/db/schema';
import { BadInput, NotFound } from '#server/errors';
import { fromShopWallTime, shopWallTime } from '#server/shop-time';
import { centsToAmount, formatCents } from '#shared/money';
import { stateAt } from '#shared/schemas/promo.rules';
import type { PromotionInput } from '#shared/schemas/promo.zod';

/**
 * Promotions as staff read and write them (docs/api.md, Admin: promotions). Times go out and come
 * in on the shop's wall clock (`YYYY-MM-DDTHH:mm` in SHOP_TIME_ZONE); money as the storefront's
 * amounts. Writes run inside the caller's catalogue change (withCatalogueChange) and report their
 * audit line for the caller to write.
 */

type PromotionRow = typeof promotions.$inferSelect;

const summaryOf = (p: PromotionRow, now: Date, timeZone: string) => ({
  id: p.id,
  en_name: p.enName,
  zn_name: p.znName,
  ad_img: p.adImg,
  starts_at: shopWallTime(p.startsAt, timeZone),
  ends_at: shopWallTime(p.endsAt, timeZone),
  state: stateAt(p.startsAt.getTime(), p.endsAt.getTime(), now.getTime()),
});

/** Every promotion, the latest start first, with its state and how many products it has. */
export async function listPromotions(db: Db, now: Date, timeZone: string) {
  const rows = await db
    .select({
      promotion: promotions,
      products: sql<number>`(select count(*)::int from ${promotionProducts} where ${promotionProducts.promotionId} = ${promotions.id})`,
    })
    .from(promotions)
    .orderBy(desc(promotions.startsAt), desc(promotions.id));
  return {
    time_zone: timeZone,
    items: rows.map((r) => ({ ...summaryOf(r.promotion, now, timeZone), product_count: r.products })),
  };
}

/** One promotion with its products: each one's own price and its promotion price. */
export async function promotionDetail(db: Db | Tx, id: number, now: Date, timeZone: string) {
  const [promotion] = await db.select().from(promotions).where(eq(promotions.id, id));
  if (!promotion) throw new NotFound('errors:catalogueAdmin.promotions.notFound');
  const lines = await db
    .select({ line: promotionProducts, product: products })
    .from(promotionProducts)
    .innerJoin(products, eq(products.id, promotionProducts.productId))
    .where(eq(promotionProducts.promotionId, id))
    .orderBy(asc(promotionProducts.sort));
  return {
    ...summaryOf(promotion, now, timeZone),
    products: lines.map(({ line, product }) => ({
      id: product.id,
      uuid: product.uuid,
      en_name: product.enName,
      zn_name: product.znName,
      product_image: product.productImage,
      price: centsToAmount(product.priceCents),
      promotion_price: centsToAmount(line.promotionPriceCents),
    })),
  };
}
export type PromotionDetail = Awaited<ReturnType<typeof promotionDetail>>;

/** What the audit log keeps of a promotion: its fields and prices (product id → cents). */
const promotionState = (p: PromotionDetail) => ({
  en_name: p.en_name,
  zn_name: p.zn_name,
  ad_img: p.ad_img,
  starts_at: p.starts_at,
  ends_at: p.ends_at,
  prices: Object.fromEntries(p.products.map((l) => [l.id, l.promotion_price])),
});

/** A promotion's state as the audit log keeps it, read inside the change's transaction. */
async function stateIn(tx: Tx, id: number, now: Date, timeZone: string) {
  return promotionState(await promotionDetail(tx, id, now, timeZone));
}

const target = (id: number) => ({ targetType: 'promotion', targetId: id });

/** Each promotion price must be above 0 and below the product's own price; unknown products are refused. */
async function checkedLines(tx: Tx, input: PromotionInput) {
  const ids = input.products.map((p) => p.id);
  const rows = await tx
    .select({
      id: products.id,
      enName: products.enName,
      znName: products.znName,
      priceCents: products.priceCents,
    })
    .from(products)
    .where(inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return input.products.map((line, sort) => {
    const product = byId.get(line.id);
    if (!product) throw new BadInput('errors:catalogueAdmin.promotions.productUnknown', { id: line.id });
    if (line.price <= 0 || line.price >= product.priceCents) {
      throw new BadInput('errors:catalogueAdmin.promotions.priceTooHigh', {
        name_en: product.enName,
        name_zh: product.znName,
        price: formatCents(product.priceCents),
      });
    }
    return { productId: line.id, promotionPriceCents: line.price, sort };
  });
}

const rowOf = (input: PromotionInput, timeZone: string) => ({
  enName: input.en_name,
  znName: input.zn_name,
  adImg: input.ad_img,
  startsAt: fromShopWallTime(input.starts_at, timeZone),
  endsAt: fromShopWallTime(input.ends_at, timeZone),
});

/** Creates a promotion with its products; answers its id. */
export async function createPromotion(
  tx: Tx,
  input: PromotionInput,
  now: Date,
  timeZone: string,
): Promise<Changed<number>> {
  const lines = await checkedLines(tx, input);
  const [row] = await tx
    .insert(promotions)
    .values({ key: `console-${randomUUID()}`, ...rowOf(input, timeZone) })
    .returning({ id: promotions.id });
  if (!row) throw new Error('promotion not inserted');
  await tx.insert(promotionProducts).values(lines.map((l) => ({ ...l, promotionId: row.id })));
  const after = await stateIn(tx, row.id, now, timeZone);
  return { result: row.id, audit: { action: 'promotion.create', ...target(row.id), after } };
}

/** Replaces a promotion's fields and products (a running one's new prices apply at once). */
export async function updatePromotion(
  tx: Tx,
  id: number,
  input: PromotionInput,
  now: Date,
  timeZone: string,
): Promise<Changed<void>> {
  const before = await stateIn(tx, id, now, timeZone);
  const lines = await checkedLines(tx, input);
  const [row] = await tx
    .update(promotions)
    .set(rowOf(input, timeZone))
    .where(eq(promotions.id, id))
    .returning({ id: promotions.id });
  if (!row) throw new NotFound('errors:catalogueAdmin.promotions.notFound');
  await tx.delete(promotionProducts).where(eq(promotionProducts.promotionId, id));
  await tx.insert(promotionProducts).values(lines.map((l) => ({ ...l, promotionId: id })));
  const after = await stateIn(tx, id, now, timeZone);
  return { result: undefined, audit: { action: 'promotion.update', ...target(id), before, after } };
}

/**
 * Deletes a promotion and its prices. A running one stops at once: carts and new orders read
 * prices from the database, so they show and charge the normal price again; orders already placed
 * keep what they charged.
 */
export async function deletePromotion(
  tx: Tx,
  id: number,
  now: Date,
  timeZone: string,
): Promise<Changed<void>> {
  const before = await stateIn(tx, id, now, timeZone);
  const [row] = await tx.delete(promotions).where(eq(promotions.id, id)).returning({ id: promotions.id });
  if (!row) throw new NotFound('errors:catalogueAdmin.promotions.notFound');
  return { result: undefined, audit: { action: 'promotion.delete', ...target(id), before } };
}
