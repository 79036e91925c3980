import { halfUp } from './weight';

/*
 * Price per unit (docs/product.md, Price per unit): the one place that turns a price in cents and
 * a net quantity into "$0.42/100 g", "$2.49/lb" or "$0.42/ea". Pure: the server, the storefront
 * and the page's JSON-LD all call it.
 */

/** What a pack's net quantity is counted in: grams, millilitres or pieces. */
export const NET_UNITS = ['g', 'ml', 'ct'] as const;
export type NetUnit = (typeof NET_UNITS)[number];

/** The shop's weight unit (its settings). */
export type ShopWeightUnit = 'lb' | 'kg';

/** What a unit price is "per". */
export const UNIT_PRICE_BASES = ['100g', '100ml', 'kg', 'lb', 'oz', 'floz', 'ea'] as const;
export type UnitPriceBasis = (typeof UNIT_PRICE_BASES)[number];

export interface UnitPrice {
  cents: number;
  per: UnitPriceBasis;
}

/** A pack sold by the unit: its price and what it holds. */
export interface PackUnitPriceInput {
  soldBy: 'unit';
  priceCents: number;
  netQuantity: number;
  netUnit: NetUnit;
  shopUnit: ShopWeightUnit;
}

/** A product sold by weight: its price is already per the shop's weight unit. */
export interface WeighedUnitPriceInput {
  soldBy: 'weight';
  pricePerWeightUnitCents: number;
  shopUnit: ShopWeightUnit;
}

export type UnitPriceInput = PackUnitPriceInput | WeighedUnitPriceInput;

/**
 * Each basis as an exact fraction of the net unit it divides: how many grams, millilitres or pieces
 * it holds (numerator / denominator). 1 lb = 453.59237 g and 1 oz = 28.349523125 g by definition;
 * 1 US fl oz = 29.5735295625 ml.
 */
const BASIS_SIZE: Record<UnitPriceBasis, readonly [bigint, bigint]> = {
  '100g': [100n, 1n],
  '100ml': [100n, 1n],
  kg: [1000n, 1n],
  lb: [45_359_237n, 100_000n],
  oz: [28_349_523_125n, 1_000_000_000n],
  floz: [295_735_295_625n, 10_000_000_000n],
  ea: [1n, 1n],
};

/** How much of the net unit each basis holds, for schema.org's `referenceQuantity`. */
export const BASIS_REFERENCE: Record<UnitPriceBasis, { value: number; unitCode: string }> = {
  '100g': { value: 100, unitCode: 'GRM' },
  '100ml': { value: 100, unitCode: 'MLT' },
  kg: { value: 1, unitCode: 'KGM' },
  lb: { value: 1, unitCode: 'LBR' },
  oz: { value: 1, unitCode: 'ONZ' },
  floz: { value: 1, unitCode: 'OZA' },
  ea: { value: 1, unitCode: 'H87' },
};

/** Grams in a pound, as the threshold under which a pack's price is per ounce. */
const GRAMS_PER_LB = 453.59237;

/**
 * The basis a pack's unit price is shown per: pieces per each; in a kg shop per 100 g / 100 ml;
 * in a lb shop per lb (per oz under a pound) and per fl oz for liquids.
 */
export function basisOf(netUnit: NetUnit, netQuantity: number, shopUnit: ShopWeightUnit): UnitPriceBasis {
  if (netUnit === 'ct') return 'ea';
  if (shopUnit === 'kg') return netUnit === 'g' ? '100g' : '100ml';
  if (netUnit === 'ml') return 'floz';
  return netQuantity < GRAMS_PER_LB ? 'oz' : 'lb';
}

/** a / b rounded half up, for non-negative a and positive b. */
/**
 * The unit price, or null when there is none to show: no net quantity, no price, or a price per
 * unit that rounds to under a cent. One rule: price × basis size ÷ net quantity, computed exactly
 * and rounded half up to the cent once.
 */
export function unitPriceOf(input: UnitPriceInput): UnitPrice | null {
  if (input.soldBy === 'weight') {
    const cents = input.pricePerWeightUnitCents;
    return Number.isSafeInteger(cents) && cents > 0 ? { cents, per: input.shopUnit } : null;
  }
  const { priceCents, netQuantity } = input;
  if (!Number.isSafeInteger(priceCents) || !Number.isSafeInteger(netQuantity)) return null;
  if (priceCents <= 0 || netQuantity <= 0) return null;
  const per = basisOf(input.netUnit, netQuantity, input.shopUnit);
  const [size, scale] = BASIS_SIZE[per];
  const cents = Number(halfUp(BigInt(priceCents) * size, BigInt(netQuantity) * scale));
  return cents > 0 ? { cents, per } : null;
}

/** A product's net quantities as stored (0: not set). */
export interface NetQuantities {
  netWeightG: number;
  netVolumeMl: number;
  netCount: number;
}

/**
 * The net quantity a unit price divides: the piece count when set, else the volume when set, else
 * the net weight (0 when none is set: no unit price).
 */
export function netQuantityOf(p: NetQuantities): { quantity: number; unit: NetUnit } {
  if (p.netCount > 0) return { quantity: p.netCount, unit: 'ct' };
  if (p.netVolumeMl > 0) return { quantity: p.netVolumeMl, unit: 'ml' };
  return { quantity: p.netWeightG, unit: 'g' };
}

/** A pack's unit price from its stored quantities and the price it sells at now. */
export function packUnitPriceOf(
  p: NetQuantities,
  priceCents: number,
  shopUnit: ShopWeightUnit,
): UnitPrice | null {
  const net = netQuantityOf(p);
  return unitPriceOf({ soldBy: 'unit', priceCents, netQuantity: net.quantity, netUnit: net.unit, shopUnit });
}
