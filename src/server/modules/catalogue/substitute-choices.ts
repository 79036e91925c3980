import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client';
import { products } from '#server/db/schema';
import { centsToAmount } from '#shared/money';
import type { SubstituteChoice } from '#shared/schemas/cart';
import { runningPromotionPrices } from './pricing';

/** A cart or order line's substitution columns (docs/product.md, Substitutions). */
export interface ChoiceColumns {
  whenMissing: string;
  substituteProductId: number | null;
  substituteAsk: boolean;
  substituteFallback: boolean;
}

/** Lines' choices as the cart and the order answer them (one query for the substitutes' names). */
export async function choicesOf(
  db: Db | Tx,
  rows: (ChoiceColumns & { id: number })[],
  now: Date,
): Promise<Map<number, SubstituteChoice>> {
  const ids = [
    ...new Set(rows.flatMap((r) => (r.substituteProductId === null ? [] : [r.substituteProductId]))),
  ];
  const named = ids.length === 0 ? [] : await db.select().from(products).where(inArray(products.id, ids));
  const promo = await runningPromotionPrices(db, ids, now);
  const byId = new Map(named.map((p) => [p.id, p]));
  return new Map(
    rows.map((r) => {
      const p = r.substituteProductId === null ? undefined : byId.get(r.substituteProductId);
      return [
        r.id,
        {
          when_missing: r.whenMissing === 'replace' ? 'replace' : 'refund',
          substitute: p
            ? {
                uuid: p.uuid,
                en_name: p.enName,
                zn_name: p.znName,
                price: centsToAmount(promo.get(p.id) ?? p.priceCents),
              }
            : null,
          ask_first: r.substituteAsk,
          fallback: r.substituteFallback,
        },
      ];
    }),
  );
}
