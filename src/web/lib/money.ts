import type { Cents } from '#shared/money';

/**
 * Money in the browser, both apps (docs/product.md §9): amounts are shown with `formatCents`
 * (#shared/money, "$12.50"), typed prices are read with `amountToCents` (#shared/money) and put
 * back in a field with `amountField`. The API answers amounts as decimal dollars (12.5): `centsOf`
 * turns them into the integer cents all of these take.
 */

/** The API's decimal dollars (12.5, 0.29) as integer cents, without float drift. */
export const centsOf = (amount: number): Cents => Math.round(amount * 100);

/** Cents as a price field holds them for editing ("12.50", "0.05"); `amountToCents` reads the text back. */
export function amountField(cents: Cents): string {
  const abs = Math.abs(Math.round(cents));
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
