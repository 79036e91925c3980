/**
 * The demo's fresh meat and seafood sold by weight (docs/product.md, Sold by weight): by key, the
 * price per lb and a 1 lb step, or "by the piece, about N g each" for whole birds and fish. The
 * products keep their pack data in products-*.ts; the seeder (src/server/db/seed.ts) prices one
 * step or piece from these. Cents per lb; grams.
 */
export interface WeighedGoods {
  unitPriceCents: number;
  stepMilli?: number;
  pieceGrams?: number;
}

export const weighedGoods: Record<string, WeighedGoods> = {
  'skin-on-pork-belly': { unitPriceCents: 599, stepMilli: 1000 },
  'pork-spare-ribs-cut': { unitPriceCents: 499, stepMilli: 1000 },
  'boneless-pork-shoulder': { unitPriceCents: 449, stepMilli: 1000 },
  'beef-brisket': { unitPriceCents: 799, stepMilli: 1000 },
  'beef-shank': { unitPriceCents: 899, stepMilli: 1000 },
  oxtail: { unitPriceCents: 1199, stepMilli: 1000 },
  'atlantic-salmon-fillet': { unitPriceCents: 1299, stepMilli: 1000 },
  'head-on-white-shrimp': { unitPriceCents: 899, stepMilli: 1000 },
  'cleaned-squid-tubes': { unitPriceCents: 699, stepMilli: 1000 },
  // A whole bird or fish is picked by the piece and weighed: about 3.5 lb, about 1.5 lb.
  'young-whole-chicken': { unitPriceCents: 257, pieceGrams: 1588 },
  'whole-tilapia-cleaned': { unitPriceCents: 399, pieceGrams: 680 },
};
