import { formatCents } from './money';

/**
 * The one rule for goods sold by weight (docs/product.md, Sold by weight). Weights are integer
 * grams, money integer cents; a weighed product's price is kept per the unit it was priced in
 * (lb or kg, docs/decisions/027-weighed-prices-keep-their-unit.md), so every figure below is an
 * exact rational computation rounded half-up once, in BigInt.
 */

export type WeightUnit = 'lb' | 'kg';
export const WEIGHT_UNITS = ['lb', 'kg'] as const;

/** Grams in one unit as a fraction: 1 lb = 453.59237 g exactly (international pound). */
const GRAMS_PER_UNIT: Record<WeightUnit, readonly [bigint, bigint]> = {
  lb: [45_359_237n, 100_000n],
  kg: [1000n, 1n],
};

/** The heaviest weighed line the packer may enter: 25 kg. */
export const MAX_WEIGHED_GRAMS = 25_000;
/** A weighed line may weigh at most this many times its estimate. */
export const MAX_WEIGHED_TIMES_ESTIMATE = 3;
/** The largest ordering step: 10 units (thousandths of the unit). */
export const MAX_STEP_MILLI = 10_000;
/** The heaviest "about N g each" piece. */
export const MAX_PIECE_GRAMS = 10_000;

/** a / b rounded half-up, for a ≥ 0 and b > 0: the one rounding of weights and unit prices. */
export function halfUp(a: bigint, b: bigint): bigint {
  return (a * 2n + b) / (b * 2n);
}

function checkCount(n: number, what: string): void {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`bad ${what} ${n}`);
}

/** Grams of `milli` thousandths of a unit, half-up: 500 thousandths of a lb is 227 g. */
export function milliUnitsToGrams(milli: number, unit: WeightUnit): number {
  checkCount(milli, 'weight');
  const [num, den] = GRAMS_PER_UNIT[unit];
  return Number(halfUp(BigInt(milli) * num, den * 1000n));
}

/** Hundredths of a unit in `grams`, half-up: 417 g is 92 hundredths of a lb. */
export function gramsToHundredths(grams: number, unit: WeightUnit): number {
  checkCount(grams, 'weight');
  const [num, den] = GRAMS_PER_UNIT[unit];
  return Number(halfUp(BigInt(grams) * den * 100n, num));
}

/** The price of `grams` at `unitPriceCents` per unit: cents × grams ÷ grams-per-unit, half-up. */
export function priceOfGrams(unitPriceCents: number, unit: WeightUnit, grams: number): number {
  checkCount(unitPriceCents, 'price');
  checkCount(grams, 'weight');
  const [num, den] = GRAMS_PER_UNIT[unit];
  return Number(halfUp(BigInt(unitPriceCents) * BigInt(grams) * den, num));
}

/** The price of `milli` thousandths of a unit: 0.5 lb at $3.99/lb is $2.00 (199.5 → 200). */
export function priceOfMilliUnits(unitPriceCents: number, milli: number): number {
  checkCount(unitPriceCents, 'price');
  checkCount(milli, 'weight');
  return Number(halfUp(BigInt(unitPriceCents) * BigInt(milli), 1000n));
}

/** A unit price shown in another unit ($3.98/lb is $8.77/kg), half-up to the cent. */
export function unitPriceIn(unitPriceCents: number, from: WeightUnit, to: WeightUnit): number {
  if (from === to) return unitPriceCents;
  checkCount(unitPriceCents, 'price');
  const [fn, fd] = GRAMS_PER_UNIT[from];
  const [tn, td] = GRAMS_PER_UNIT[to];
  // cents per `from` × (grams per `to` ÷ grams per `from`)
  return Number(halfUp(BigInt(unitPriceCents) * tn * fd, td * fn));
}

/**
 * How a weighed product is ordered: a step of `stepMilli` thousandths of its unit (0.5 lb), or
 * by the piece, about `pieceGrams` each. Exactly one of the two is set.
 */
export interface WeighedSale {
  unit: WeightUnit;
  unitPriceCents: number;
  stepMilli: number | null;
  pieceGrams: number | null;
}

/** The grams one step (or one piece) stands for. */
export function stepGramsOf(sale: WeighedSale): number {
  if (sale.pieceGrams !== null) return sale.pieceGrams;
  return milliUnitsToGrams(sale.stepMilli ?? 0, sale.unit);
}

/**
 * The price of one step or piece: the product's `price` on the storefront and in the cart, so a
 * line's estimate is price × num as for any product.
 */
export function stepPriceOf(sale: WeighedSale): number {
  if (sale.pieceGrams !== null) return priceOfGrams(sale.unitPriceCents, sale.unit, sale.pieceGrams);
  return priceOfMilliUnits(sale.unitPriceCents, sale.stepMilli ?? 0);
}

/** Why a sale's step is not acceptable (an i18n key of errors:weight.*), or undefined when it is. */
export function saleProblem(sale: WeighedSale): string | undefined {
  const { stepMilli, pieceGrams } = sale;
  if ((stepMilli === null) === (pieceGrams === null)) return 'errors:weight.stepOrPiece';
  if (stepMilli !== null && (!Number.isInteger(stepMilli) || stepMilli < 1 || stepMilli > MAX_STEP_MILLI))
    return 'errors:weight.badStep';
  if (
    pieceGrams !== null &&
    (!Number.isInteger(pieceGrams) || pieceGrams < 1 || pieceGrams > MAX_PIECE_GRAMS)
  )
    return 'errors:weight.badPiece';
  if (stepGramsOf(sale) < 1) return 'errors:weight.badStep';
  return undefined;
}

/** The most a line estimated at `estimateGrams` may be weighed at. */
export function maxWeighedGrams(estimateGrams: number): number {
  return Math.min(MAX_WEIGHED_GRAMS, Math.max(1, estimateGrams) * MAX_WEIGHED_TIMES_ESTIMATE);
}

/** Whether `grams` is an acceptable weighing of a line estimated at `estimateGrams`. */
export function weighedGramsOk(grams: number, estimateGrams: number): boolean {
  return Number.isSafeInteger(grams) && grams > 0 && grams <= maxWeighedGrams(estimateGrams);
}

export type WeightLanguage = 'en' | 'zh';

const UNIT_LABEL: Record<WeightLanguage, Record<WeightUnit, string>> = {
  en: { lb: ' lb', kg: ' kg' },
  zh: { lb: '磅', kg: '公斤' },
};

const PER_UNIT_LABEL: Record<WeightLanguage, Record<WeightUnit, string>> = {
  en: { lb: 'lb', kg: 'kg' },
  zh: { lb: '磅', kg: '公斤' },
};

/** "1", "0.92", "1.5": hundredths without trailing zeros. */
function hundredthsText(h: number): string {
  const whole = Math.floor(h / 100);
  const frac = String(h % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}

/** A weight for shoppers: "1 lb", "0.92 lb", "1.5 kg"; zh "1磅", "1.5公斤" (to the hundredth). */
export function formatWeight(grams: number, unit: WeightUnit, language: WeightLanguage): string {
  return `${hundredthsText(gramsToHundredths(grams, unit))}${UNIT_LABEL[language][unit]}`;
}

/** "$3.98/lb", "$3.98/磅". */
export function formatUnitPrice(unitPriceCents: number, unit: WeightUnit, language: WeightLanguage): string {
  return `${formatCents(unitPriceCents)}/${PER_UNIT_LABEL[language][unit]}`;
}

/**
 * A weight the packer types in `unit` ("0.92", "1.5") as grams, half-up; undefined when it is not
 * a positive number with at most 3 decimals.
 */
export function parseWeight(text: string, unit: WeightUnit): number | undefined {
  const match = /^\s*(\d{1,5})(?:[.,](\d{1,3}))?\s*$/.exec(text);
  if (!match) return undefined;
  const milli = Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0'));
  if (milli <= 0) return undefined;
  return milliUnitsToGrams(milli, unit);
}

/**
 * The unit price a line is weighed at when one step was charged `stepCents` (a promotion prices
 * the step): the product's unit price scaled by the same ratio, half-up; the unit price itself
 * when the step costs its regular price.
 */
export function lineUnitPriceOf(sale: WeighedSale, stepCents: number): number {
  const regular = stepPriceOf(sale);
  if (regular <= 0 || stepCents === regular) return sale.unitPriceCents;
  return Number(halfUp(BigInt(sale.unitPriceCents) * BigInt(stepCents), BigInt(regular)));
}
