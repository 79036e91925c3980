import type { Language } from '#shared/constants';
import { quantityProblem, type StockReason, wholeNumber } from '#shared/schemas/stock.rules';

/**
 * What the stock screens share: the problem a typed quantity has (the server's own rule, its text
 * in admin.json `stock.problems`), a signed change as staff read it, a product's name.
 */

/** The admin.json key of the problem with `typed` as a `reason` change, or undefined when it is fine. */
export function typedProblem(reason: StockReason, typed: string): string | undefined {
  const problem = quantityProblem(reason, typed);
  return problem ? `stock.problems.${problem.split('.').pop()}` : undefined;
}

export const typedNumber = (typed: string): number => wholeNumber(typed) ?? 0;

/** "+12", "−2" (a true minus sign), "0". */
export const signed = (delta: number): string => (delta > 0 ? `+${delta}` : delta < 0 ? `−${-delta}` : '0');

export const nameIn = (row: { en_name: string; zn_name: string }, language: Language): string =>
  (language === 'zh' ? row.zn_name : row.en_name) || row.en_name || row.zn_name;

/** out (nothing left), low (at or under the threshold, as Today counts it), or fine. */
export function stockState(row: { real_stock: number; low_stock_threshold: number }): 'out' | 'low' | 'ok' {
  if (row.real_stock <= 0) return 'out';
  return row.real_stock <= row.low_stock_threshold ? 'low' : 'ok';
}
