import { z } from 'zod';
import { CART_MAX_AMOUNT, CART_MIN_AMOUNT } from '../constants';

/** A cart line as GET /api/cart answers it (spec §3 Cart item, plus what the cart screen needs). */
export const CartItem = z.object({
  id: z.number().int(),
  uuid: z.string(),
  amount: z.number().int(),
  /** What one unit costs now: the promotion price while a promotion runs. */
  price: z.number(),
  /** The regular price, to strike through when `price` is lower. */
  regular_price: z.number(),
  img: z.string(),
  en_name: z.string(),
  zn_name: z.string(),
  en_number: z.string(),
  zn_number: z.string(),
  real_stock: z.number().int(),
  /** False when the product was taken off sale: shown, but cannot be ordered. */
  available: z.boolean(),
});
export type CartItem = z.infer<typeof CartItem>;

/** The answer to POST /api/cart: the line as it now is, and the new goods count. */
export const CartChange = z.object({
  item: z.object({ id: z.number().int(), uuid: z.string(), amount: z.number().int() }),
  count: z.number().int(),
});
export type CartChange = z.infer<typeof CartChange>;

/** Clamps a typed quantity (spec §5): digits only, 0–99999, and a non-number becomes the minimum. */
export function clampCartAmount(input: string | number, max = CART_MAX_AMOUNT): number {
  const digits = typeof input === 'number' ? input : Number.parseInt(String(input).replace(/\D/g, ''), 10);
  if (!Number.isFinite(digits)) return CART_MIN_AMOUNT;
  return Math.min(Math.max(Math.trunc(digits), CART_MIN_AMOUNT), Math.min(max, CART_MAX_AMOUNT));
}
