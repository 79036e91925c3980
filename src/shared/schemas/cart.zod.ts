import { z } from 'zod';
import { WHEN_MISSING } from './cart.rules';
import { formFields, IdParam, refuse, UuidParam } from './common.zod';
import { SoldByWeight } from './weight.zod';

/* Requests (docs/api.md, Cart). */

/** `POST /api/cart`: a product and its amount; `type=cart` sets the amount instead of adding to it. */
export const CartChangeInput = formFields({
  uuid: UuidParam,
  amount: z
    .string()
    .regex(/^\d{1,5}$/)
    .transform(Number),
  type: z.enum(['cart']).optional(),
});
export const CartLineParams = z.object({ itemId: IdParam });

/** `refund` or `replace` (WHEN_MISSING); anything else is refused with a message saying so. */
export const WhenMissingField = z.unknown().transform((value, ctx) => {
  if (typeof value === 'string' && (WHEN_MISSING as readonly string[]).includes(value))
    return value as (typeof WHEN_MISSING)[number];
  return refuse(ctx, 'errors:cart.whenMissing');
});

/** `PATCH /api/cart/{id}`: what to do with the line's item if the shop finds it missing. */
export const CartLineChoiceInput = z.object({ when_missing: WhenMissingField });

/* Answers. */

/** A cart line as GET /api/cart answers it (docs/product.md §3 Cart item, plus what the cart screen needs). */
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
  /** Our addition: the most of this product one order may hold (the shop's ORDER_LINE_MAX). */
  max_per_order: z.number().int(),
  /** False when the product was taken off sale: shown, but cannot be ordered. */
  available: z.boolean(),
  /** If the shop finds it missing when packing: the line's choice, else the shopper's default. */
  when_missing: z.enum(WHEN_MISSING),
  /** Our addition: the product's tax class (its rate where the order goes: `GET /api/delivery/check`). */
  tax_class: z.string(),
  /** Our addition: how it is sold by weight (`amount` counts steps or pieces), or null for a pack. */
  sold_by_weight: SoldByWeight.nullable(),
});
export type CartItem = z.infer<typeof CartItem>;

/** The answer to POST /api/cart: the line as it now is, and the new goods count. */
export const CartChange = z.object({
  item: z.object({ id: z.number().int(), uuid: z.string(), amount: z.number().int() }),
  count: z.number().int(),
});
export type CartChange = z.infer<typeof CartChange>;
