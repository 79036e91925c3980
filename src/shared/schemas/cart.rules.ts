import { CART_MAX_AMOUNT, CART_MIN_AMOUNT } from '../constants';

/** Clamps a typed quantity (docs/product.md §5): digits only, 0–99999, and a non-number becomes the minimum. */
export function clampCartAmount(input: string | number, max = CART_MAX_AMOUNT): number {
  const digits = typeof input === 'number' ? input : Number.parseInt(String(input).replace(/\D/g, ''), 10);
  if (!Number.isFinite(digits)) return CART_MIN_AMOUNT;
  return Math.min(Math.max(Math.trunc(digits), CART_MIN_AMOUNT), Math.min(max, CART_MAX_AMOUNT));
}

/**
 * The highest quantity a cart line can have, and whether the stock (rather than the shop's
 * per-order cap) sets it: the stepper then says "Only N left" (docs/product.md §5).
 */
export function lineLimit(line: { real_stock: number; max_per_order: number }): {
  max: number;
  byStock: boolean;
} {
  const byStock = line.real_stock <= line.max_per_order;
  return { max: clampCartAmount(Math.max(Math.min(line.real_stock, line.max_per_order), 0)), byStock };
}

/** Whether a cart line can be bought as it stands (docs/product.md, Cart and checkout). */
export type LineStock = 'in_stock' | 'short' | 'sold_out' | 'off_sale';

/**
 * What of a cart line can be bought now: `can_order` is what the totals count and the order takes
 * (the line's amount, cut to what is left), `left` what is left to this line (the stock, or the
 * per-order cap when lower), `by_stock` whether the stock sets it. A line at 0 is not ordered and
 * is never marked short. Weighed goods count steps or pieces here too.
 */
export function lineAvailability(line: {
  amount: number;
  available: boolean;
  real_stock: number;
  max_per_order: number;
}): { state: LineStock; can_order: number; left: number; by_stock: boolean } {
  const { max: left, byStock } = lineLimit(line);
  const amount = Math.max(line.amount, 0);
  if (!line.available) return { state: 'off_sale', can_order: 0, left, by_stock: byStock };
  const canOrder = Math.min(amount, left);
  const state = amount === 0 || canOrder === amount ? 'in_stock' : left === 0 ? 'sold_out' : 'short';
  return { state, can_order: canOrder, left, by_stock: byStock };
}

/**
 * What the shop does with an ordered item it finds missing when packing (docs/product.md §5):
 * replace it with a similar item, or refund it. A shopper's default, changeable per line.
 */
export const WHEN_MISSING = ['refund', 'replace'] as const;
export type WhenMissing = (typeof WHEN_MISSING)[number];
export const DEFAULT_WHEN_MISSING: WhenMissing = 'refund';

/** A stored value as a choice: anything unknown reads as the default. */
export function asWhenMissing(value: string | null | undefined): WhenMissing {
  return (WHEN_MISSING as readonly string[]).includes(value ?? '')
    ? (value as WhenMissing)
    : DEFAULT_WHEN_MISSING;
}
