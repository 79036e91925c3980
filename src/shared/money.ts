import { CURRENCY_SYMBOL } from './constants';
import { DEFAULT_RATE_PPM, type OrderTax, type RatePpm, rateTaxOf, type TaxLineInput, taxOrder } from './tax';

/** Money is integer cents everywhere; these are the only conversions. */
export type Cents = number;

/** The spec's 4.5 % of the subtotal, by the one rounding rule of tax.ts (half-up to the cent). */
export function taxOf(subtotal: Cents): Cents {
  return rateTaxOf(subtotal, DEFAULT_RATE_PPM);
}

export interface Totals {
  subtotal: Cents;
  tax: Cents;
  total: Cents;
}

export function totalsOf(subtotal: Cents): Totals {
  const tax = taxOf(subtotal);
  return { subtotal, tax, total: subtotal + tax };
}

/** A shop's delivery charges (docs/product.md, Delivery); 0 turns each one off. */
export interface DeliveryCharges {
  feeCents: Cents;
  /** Goods (after the coupon) at or above this deliver free; 0: the fee always applies. */
  freeOverCents: Cents;
  /** Whether the fee is taxed too (at the groceries rate where it is delivered). */
  taxOnFee: boolean;
}

/** No fee: the spec's totals. */
export const NO_DELIVERY_CHARGES: DeliveryCharges = { feeCents: 0, freeOverCents: 0, taxOnFee: false };

export interface OrderTotals extends Totals {
  discount: Cents;
  deliveryFee: Cents;
  /** How much more goods would make delivery free; 0 when it already is (or no fee is set). */
  toFreeDelivery: Cents;
}

/**
 * The one computation of an order's money, for the cart screen and the server (which charges its
 * own figure): goods = subtotal − discount; the fee applies unless a threshold is set and goods
 * reach it; tax by the one rule of src/shared/tax.ts over `lines` (each with its rate; absent: one
 * line at the spec's 4.5 %), the fee taxed at `feeRatePpm` when the shop taxes it;
 * total = goods + tax + fee. With no charges and one rate this is exactly totalsOf after the discount.
 */
export function orderTotalsOf(
  subtotal: Cents,
  discount: Cents,
  charges: DeliveryCharges,
  lines?: readonly TaxLineInput[],
  feeRatePpm: RatePpm = DEFAULT_RATE_PPM,
): OrderTotals & { taxes: OrderTax } {
  const goods = subtotal - discount;
  if (!Number.isSafeInteger(goods) || goods < 0 || discount < 0)
    throw new RangeError(`bad discount ${discount}`);
  const taxLines = lines ?? [{ goodsCents: subtotal, ratePpm: DEFAULT_RATE_PPM }];
  if (taxLines.reduce((a, l) => a + l.goodsCents, 0) !== subtotal)
    throw new RangeError('lines do not add up');
  const free = charges.freeOverCents > 0 && goods >= charges.freeOverCents;
  const deliveryFee = charges.feeCents > 0 && !free ? charges.feeCents : 0;
  const taxes = taxOrder(taxLines, discount, {
    cents: deliveryFee,
    ratePpm: charges.taxOnFee ? feeRatePpm : null,
  });
  const tax = taxes.taxCents;
  const toFreeDelivery = deliveryFee > 0 && charges.freeOverCents > 0 ? charges.freeOverCents - goods : 0;
  return { subtotal, discount, tax, deliveryFee, total: goods + tax + deliveryFee, toFreeDelivery, taxes };
}

/** Cents to the API's decimal number (at most 2 decimals). */
export function centsToAmount(cents: Cents): number {
  return Math.round(cents) / 100;
}

/** A decimal amount from a client ("12.5", 12.5) to cents; undefined when it is not a money amount. */
export function amountToCents(amount: string | number): Cents | undefined {
  const text = typeof amount === 'number' ? String(amount) : amount.trim();
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** "$12.50": the dollar sign and two decimals, as docs/product.md §9 shows amounts. */
export function formatCents(cents: Cents): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${CURRENCY_SYMBOL}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "12.50" as payment gateways want it. */
export function centsToDecimalString(cents: Cents): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
