import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Tx } from '#server/db/client';
import { cartLines, products, users } from '#server/db/schema';
import { BadInput, Conflict, NotFound } from '#server/errors';
import { asWhenMissing, type WhenMissing } from '#shared/schemas/cart';
import { runningPromotionPrices } from '../catalogue/pricing';

/** Cart line ids and how many of each to order; absent `when_missing` takes the cart line's. */
export type AskedLines = { id: number; num: number; when_missing?: WhenMissing | undefined }[];

/** A line to order: the cart line, its product, how many, and the price a unit is charged now. */
export type Line = {
  cart: typeof cartLines.$inferSelect;
  product: typeof products.$inferSelect;
  num: number;
  priceCents: number;
  whenMissing: WhenMissing;
};

/** The goods of `lines` at the prices charged, before a coupon. */
export const subtotalOf = (lines: readonly Pick<Line, 'priceCents' | 'num'>[]): number =>
  lines.reduce((sum, l) => sum + l.priceCents * l.num, 0);

/**
 * The shopper's lines to order: those asked for with a `num` above 0, each the shopper's, on sale
 * and within the line's amount, at the database's price (the promotion's while it runs), in
 * product order (the order stock is taken in).
 */
export async function orderLinesOf(tx: Tx, userId: number, asked: AskedLines, now: Date): Promise<Line[]> {
  const all = asked.map((i) => i.id);
  if (new Set(all).size !== all.length) throw new BadInput('errors:order.badItems');
  const items = asked.filter((i) => i.num > 0);
  if (items.length === 0) throw new BadInput('errors:order.empty');
  const ids = items.map((i) => i.id);
  const rows = await tx
    .select({ cart: cartLines, product: products })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(and(eq(cartLines.userId, userId), inArray(cartLines.id, ids)));
  if (rows.length !== ids.length) throw new NotFound('errors:cart.lineNotFound');
  const promo = await runningPromotionPrices(
    tx,
    rows.map((r) => r.product.id),
    now,
  );
  const numOf = new Map(items.map((i) => [i.id, i.num]));
  const choiceOf = new Map(items.map((i) => [i.id, i.when_missing]));
  const [shopper] = await tx
    .select({ whenMissing: users.whenMissing })
    .from(users)
    .where(eq(users.id, userId));
  return rows
    .map(({ cart, product }) => {
      if (!product.onSale)
        throw new Conflict('errors:cart.notForSale', { name_en: product.enName, name_zh: product.znName });
      if ((numOf.get(cart.id) ?? 0) > cart.amount) throw new BadInput('errors:order.badItems');
      return {
        cart,
        product,
        num: numOf.get(cart.id) ?? 0,
        priceCents: promo.get(product.id) ?? product.priceCents,
        whenMissing: choiceOf.get(cart.id) ?? asWhenMissing(cart.whenMissing ?? shopper?.whenMissing),
      };
    })
    .sort((a, b) => a.product.id - b.product.id);
}

/**
 * What the cart would order when it names no lines: every line of a product on sale with an
 * amount above 0, all of it (docs/product.md §2, Cart: a product taken off sale is left out).
 */
export async function wholeCartOf(tx: Tx, userId: number): Promise<AskedLines> {
  const rows = await tx
    .select({ id: cartLines.id, num: cartLines.amount })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(and(eq(cartLines.userId, userId), gt(cartLines.amount, 0), eq(products.onSale, true)));
  return rows;
}
