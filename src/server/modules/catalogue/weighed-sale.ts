import type { products } from '#server/db/schema';
import { centsToAmount } from '#shared/money';
import type { SoldByWeight } from '#shared/schemas/weight.zod';
import { stepGramsOf, type WeighedSale, type WeightUnit } from '#shared/weight';

export type SaleFields = Pick<
  typeof products.$inferSelect,
  'soldBy' | 'weightUnit' | 'unitPriceCents' | 'stepMilli' | 'pieceGrams'
>;

/** How a product is sold by weight (docs/product.md, Sold by weight), or null for a pack. */
export function weighedSaleOf(p: SaleFields): WeighedSale | null {
  if (p.soldBy !== 'weight' || p.unitPriceCents === null) return null;
  return {
    unit: (p.weightUnit === 'kg' ? 'kg' : 'lb') satisfies WeightUnit,
    unitPriceCents: p.unitPriceCents,
    stepMilli: p.stepMilli,
    pieceGrams: p.pieceGrams,
  };
}

/** The storefront's view of it: `sold_by_weight` on product cards, pages and cart lines. */
export function soldByWeightView(p: SaleFields): SoldByWeight | null {
  const sale = weighedSaleOf(p);
  if (!sale) return null;
  return {
    unit: sale.unit,
    unit_price: centsToAmount(sale.unitPriceCents),
    step: sale.stepMilli === null ? null : sale.stepMilli / 1000,
    piece_grams: sale.pieceGrams,
    step_grams: stepGramsOf(sale),
  };
}
