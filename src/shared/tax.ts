/** Integer cents, as in money.ts (which builds on this file). */
type Cents = number;

/**
 * The one tax rule (docs/product.md, Tax). An order's lines each carry a rate (their class's rate,
 * or the delivery area's rate for that class). The coupon's discount is spread over the lines in
 * proportion to their goods; lines are grouped by rate; each rate's tax is rounded half-up ONCE on
 * what it applies to (so one rate on everything gives exactly that rate of the goods, as the spec's
 * 4.5 %); each rate's tax is then shared over its lines (and the fee, when taxed). Every share is
 * by largest remainder, so shares add up to their whole to the cent.
 */

/**
 * A rate in parts per million: 10,000 is 1 %, 45,000 is 4.5 %, 88,750 is New York City's 8.875 %.
 * Fine enough for any rate a place sets (they are quoted to at most 4 decimals of a percent).
 */
export type RatePpm = number;

/** One percent. */
export const PPM_PER_PERCENT = 10_000;

/** The highest rate accepted: 100 %. */
export const MAX_RATE_PPM = 1_000_000;

/** The spec's one rate, 4.5 % on everything: what a new shop's classes start at. */
export const DEFAULT_RATE_PPM: RatePpm = 45_000;

/** The class a product is in when nobody chose one, and whose rate the delivery fee is taxed at. */
export const DEFAULT_TAX_CLASS = 'groceries';

/**
 * Half-up round of taxable × rate: taxable × ppm / 1,000,000, exact in BigInt (in Numbers the
 * product passes 2^53 from $90M taxable). At 45,000 ppm this is the spec's 4.5 % to the cent.
 */
export function rateTaxOf(taxable: Cents, ratePpm: RatePpm): Cents {
  if (!Number.isSafeInteger(taxable) || taxable < 0) throw new RangeError(`bad taxable ${taxable}`);
  if (!Number.isInteger(ratePpm) || ratePpm < 0 || ratePpm > MAX_RATE_PPM)
    throw new RangeError(`bad rate ${ratePpm}`);
  const million = BigInt(MAX_RATE_PPM);
  return Number((BigInt(taxable) * BigInt(ratePpm) + million / 2n) / million);
}

/**
 * Shares `whole` over `weights` in proportion: each gets the floor of its exact share, and the
 * cents left go one each to the largest remainders (ties to the earlier one). Exact in BigInt, so
 * no product of two amounts loses a cent. All weights 0: everything to nobody but the first.
 */
export function shareByWeight(whole: Cents, weights: readonly number[]): Cents[] {
  if (weights.length === 0) return [];
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? whole : 0));
  const W = BigInt(sum);
  const T = BigInt(whole);
  const parts = weights.map((w, i) => {
    const exact = T * BigInt(w);
    return { i, base: exact / W, rest: exact % W };
  });
  let left = whole - parts.reduce((a, p) => a + Number(p.base), 0);
  const out = parts.map((p) => Number(p.base));
  const order = [...parts].sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1));
  for (const p of order) {
    if (left <= 0) break;
    out[p.i] = (out[p.i] ?? 0) + 1;
    left--;
  }
  return out;
}

export interface TaxLineInput {
  /** price × quantity */
  goodsCents: Cents;
  ratePpm: RatePpm;
}

export interface LineTax {
  goodsCents: Cents;
  ratePpm: RatePpm;
  /** The line's share of the coupon's discount. */
  discountCents: Cents;
  /** The line's share of its rate's tax. */
  taxCents: Cents;
}

export interface RateTax {
  ratePpm: RatePpm;
  /** What the rate applied to: its lines' goods after their discount, plus the fee when taxed at it. */
  taxableCents: Cents;
  taxCents: Cents;
}

export interface OrderTax {
  lines: LineTax[];
  /** The fee's share of its rate's tax (0 when the fee is not taxed). */
  feeTaxCents: Cents;
  /** One entry per rate charged at, lowest rate first. */
  rates: RateTax[];
  /** Sum of the rates' tax. */
  taxCents: Cents;
}

/**
 * Taxes an order: `lines` with their rates, the coupon's `discountCents`, and the delivery fee with
 * the rate it is taxed at (null: the fee is not taxed).
 */
export function taxOrder(
  lines: readonly TaxLineInput[],
  discountCents: Cents,
  fee: { cents: Cents; ratePpm: RatePpm | null },
): OrderTax {
  const goods = lines.reduce((a, l) => a + l.goodsCents, 0);
  if (!Number.isSafeInteger(discountCents) || discountCents < 0 || discountCents > goods)
    throw new RangeError(`bad discount ${discountCents}`);
  const discounts = shareByWeight(
    discountCents,
    lines.map((l) => l.goodsCents),
  );
  const taxables = lines.map((l, i) => l.goodsCents - (discounts[i] ?? 0));
  const feeTaxed = fee.ratePpm !== null && fee.cents > 0;
  const rateSet = new Set(lines.map((l) => l.ratePpm));
  if (feeTaxed) rateSet.add(fee.ratePpm as number);
  const rates: RateTax[] = [];
  const lineTax = lines.map(() => 0);
  let feeTaxCents = 0;
  for (const ratePpm of [...rateSet].sort((a, b) => a - b)) {
    const members = lines.map((l, i) => (l.ratePpm === ratePpm ? i : -1)).filter((i) => i >= 0);
    const weights = members.map((i) => taxables[i] ?? 0);
    const withFee = feeTaxed && fee.ratePpm === ratePpm;
    if (withFee) weights.push(fee.cents);
    const taxable = weights.reduce((a, b) => a + b, 0);
    const tax = rateTaxOf(taxable, ratePpm);
    const shares = shareByWeight(tax, weights);
    members.forEach((lineIndex, k) => {
      lineTax[lineIndex] = shares[k] ?? 0;
    });
    if (withFee) feeTaxCents = shares[members.length] ?? 0;
    rates.push({ ratePpm, taxableCents: taxable, taxCents: tax });
  }
  return {
    lines: lines.map((l, i) => ({
      goodsCents: l.goodsCents,
      ratePpm: l.ratePpm,
      discountCents: discounts[i] ?? 0,
      taxCents: lineTax[i] ?? 0,
    })),
    feeTaxCents,
    rates,
    taxCents: rates.reduce((a, r) => a + r.taxCents, 0),
  };
}

/** What a line cost the shopper: its goods after its discount share, plus its tax share. */
export function linePaidOf(line: { goodsCents: Cents; discountCents: Cents; taxCents: Cents }): Cents {
  return line.goodsCents - line.discountCents + line.taxCents;
}

/**
 * What refunding `qty` more units of a line gives back, `before` units having been refunded: the
 * difference of the cumulative shares, so a line refunded in pieces gives back exactly what it
 * would whole, and all of it gives back exactly what the line cost.
 */
export function unitsShareOf(linePaid: Cents, num: number, before: number, qty: number): Cents {
  if (num <= 0 || qty <= 0) return 0;
  const upTo = (k: number) => Math.floor((linePaid * Math.min(k, num) + Math.floor(num / 2)) / num);
  return upTo(before + qty) - upTo(before);
}

/**
 * The share of a line's cost that `cents` of its goods stand for (a replacement charged for less):
 * in proportion, half-up, never more than the line cost.
 */
export function moneyShareOf(linePaid: Cents, lineGoods: Cents, cents: Cents): Cents {
  if (lineGoods <= 0 || cents <= 0) return 0;
  const share = (BigInt(linePaid) * BigInt(cents) * 2n + BigInt(lineGoods)) / (BigInt(lineGoods) * 2n);
  return Math.min(linePaid, Number(share));
}

/** "4.5", "8.875", "4.712", "0": a rate in percent for labels, up to 4 decimals, no trailing zeros. */
export function ratePercent(ratePpm: RatePpm): string {
  const whole = Math.floor(ratePpm / PPM_PER_PERCENT);
  const frac = String(ratePpm % PPM_PER_PERCENT)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : String(whole);
}

/**
 * A rate typed in percent ("8.875", "4.5 %", 6), at most 4 decimals, 0–100, as parts per million;
 * undefined when it is not one. Requests give rates only this way (docs/api.md, Admin: tax).
 */
export function percentToPpm(text: string): RatePpm | undefined {
  const match = /^\s*(\d{1,3})(?:\.(\d{1,4}))?\s*%?\s*$/.exec(text);
  if (!match) return undefined;
  const ppm = Number(match[1]) * PPM_PER_PERCENT + Number((match[2] ?? '').padEnd(4, '0'));
  return ppm <= MAX_RATE_PPM ? ppm : undefined;
}

/**
 * Whether an order's tax is shown rate by rate: when it was charged at more than one rate, or at
 * one other than the spec's 4.5 %. Otherwise one "Tax" row, exactly as the spec shows it.
 */
export function showsTaxByRate(rates: readonly (RatePpm | undefined)[]): boolean {
  return rates.length > 1 || (rates.length === 1 && rates[0] !== DEFAULT_RATE_PPM);
}
