/**
 * The demo's goods sold by weight (docs/product.md, Sold by weight): by key, the price per lb and
 * an ordering step, or "by the piece, about N g each" for what is picked whole. Fresh meat and
 * seafood, and the produce a US Asian grocer sells loose; bagged, boxed and bunched produce stays
 * packs. A weighed product's entry in products-*.ts describes one step or piece (its unit label,
 * net weight and price, seed/catalogue/catalogue.test.ts checks they agree); the seeder
 * (src/server/db/seed.ts) prices the step or piece from these. Cents per lb; thousandths of a lb;
 * grams.
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

  // Loose vegetables per lb; ginger in half pounds, as it is bought.
  'shanghai-bok-choy': { unitPriceCents: 199, stepMilli: 1000 },
  'baby-bok-choy': { unitPriceCents: 249, stepMilli: 1000 },
  'gai-lan-chinese-broccoli': { unitPriceCents: 279, stepMilli: 1000 },
  'water-spinach': { unitPriceCents: 299, stepMilli: 1000 },
  'daikon-radish': { unitPriceCents: 129, stepMilli: 1000 },
  'lotus-root': { unitPriceCents: 399, stepMilli: 1000 },
  'japanese-sweet-potatoes': { unitPriceCents: 199, stepMilli: 1000 },
  'yukon-gold-potatoes': { unitPriceCents: 149, stepMilli: 1000 },
  'chinese-eggplant': { unitPriceCents: 249, stepMilli: 1000 },
  'bitter-melon': { unitPriceCents: 279, stepMilli: 1000 },
  'tomatoes-on-the-vine': { unitPriceCents: 299, stepMilli: 1000 },
  'fresh-ginger': { unitPriceCents: 299, stepMilli: 500 },
  // Whole heads and squash by the piece: about 3 lb each.
  'napa-cabbage': { unitPriceCents: 129, pieceGrams: 1360 },
  'kabocha-squash': { unitPriceCents: 179, pieceGrams: 1361 },

  // Loose fruit per lb.
  bananas: { unitPriceCents: 69, stepMilli: 1000 },
  'korla-fragrant-pears': { unitPriceCents: 349, stepMilli: 1000 },
  'fresh-lychees': { unitPriceCents: 699, stepMilli: 1000 },
  'fresh-longan': { unitPriceCents: 599, stepMilli: 1000 },
  'white-peaches': { unitPriceCents: 349, stepMilli: 1000 },
  'black-plums': { unitPriceCents: 299, stepMilli: 1000 },
  // Big fruit picked one by one, weighed at the till.
  'honeycrisp-apples': { unitPriceCents: 299, pieceGrams: 280 },
  'envy-apples': { unitPriceCents: 349, pieceGrams: 250 },
  'korean-shingo-pear': { unitPriceCents: 349, pieceGrams: 500 },
  'ya-pears': { unitPriceCents: 199, pieceGrams: 230 },
  'sumo-citrus': { unitPriceCents: 499, pieceGrams: 340 },
  'honey-pomelo': { unitPriceCents: 149, pieceGrams: 1500 },
  'ataulfo-mangoes': { unitPriceCents: 229, pieceGrams: 280 },
  'thai-monthong-durian': { unitPriceCents: 599, pieceGrams: 1814 },
};

/** Whether a demo product is sold by the unit at its price (not by weight): what most tests order. */
export function isPack(product: { key: string }): boolean {
  return !(product.key in weighedGoods);
}
