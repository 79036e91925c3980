import { and, asc, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { containing } from '#server/db/contains';
import { products } from '#server/db/schema';
import { centsToAmount } from '#shared/money';
import { REPLACEMENT_RESULTS } from '#shared/schemas/packing.rules';
import { runningPromotionPrices } from '../catalogue/pricing';

/**
 * The replacement picker: products on sale whose name (either language) or key holds `q`, each at
 * the price a mark would charge (a running promotion's, as checkout's).
 */
export async function replacementCandidates(db: Db, q: string, now: Date) {
  const text = q.trim();
  if (!text) return [];
  const like = containing(text);
  const rows = await db
    .select()
    .from(products)
    .where(
      and(
        eq(products.onSale, true),
        or(ilike(products.enName, like), ilike(products.znName, like), ilike(products.key, like)),
      ),
    )
    .orderBy(asc(products.enName))
    .limit(REPLACEMENT_RESULTS);
  return (await atPricesNow(db, rows, now)).map(({ product: p, cents }) => ({
    uuid: p.uuid,
    en_name: p.enName,
    zn_name: p.znName,
    price: centsToAmount(cents),
    stock: p.realStock,
  }));
}

/** Each product with what a unit costs now: a running promotion's price first, as checkout charges. */
export async function atPricesNow<P extends { id: number; priceCents: number }>(
  db: Db,
  rows: P[],
  now: Date,
): Promise<{ product: P; cents: number }[]> {
  const promo = await runningPromotionPrices(
    db,
    rows.map((p) => p.id),
    now,
  );
  return rows.map((product) => ({ product, cents: promo.get(product.id) ?? product.priceCents }));
}
