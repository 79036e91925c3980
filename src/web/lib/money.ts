import { formatCents } from '#shared/money';

/** The API sends amounts as decimal numbers; shown as "$12.50" (docs/product.md §9). */
export function formatAmount(amount: number): string {
  return formatCents(Math.round(amount * 100));
}
