import { CART_MAX_AMOUNT, CART_MIN_AMOUNT } from '../constants';

/** Clamps a typed quantity (docs/product.md §5): digits only, 0–99999, and a non-number becomes the minimum. */
export function clampCartAmount(input: string | number, max = CART_MAX_AMOUNT): number {
  const digits = typeof input === 'number' ? input : Number.parseInt(String(input).replace(/\D/g, ''), 10);
  if (!Number.isFinite(digits)) return CART_MIN_AMOUNT;
  return Math.min(Math.max(Math.trunc(digits), CART_MIN_AMOUNT), Math.min(max, CART_MAX_AMOUNT));
}
