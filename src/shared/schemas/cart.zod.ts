import { z } from 'zod';
import { WHEN_MISSING } from './cart.rules';
import { UnitPriceFields } from './catalogue.zod';
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

/* Answers. */

/** The line's substitution choice as the cart and the order answer it (our addition). */
export const SubstituteChoice = z.object({
  when_missing: z.enum(WHEN_MISSING),
  /** The specific substitute's uuid and names; null = best match (or no replacement). */
  substitute: z
    .object({ uuid: z.string(), en_name: z.string(), zn_name: z.string(), price: z.number() })
    .nullable(),
  ask_first: z.boolean(),
  fallback: z.boolean(),
});
export type SubstituteChoice = z.infer<typeof SubstituteChoice>;

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
  /** Our addition: the unit price of `price` and what it is computed from (docs/product.md, Price per unit). */
  ...UnitPriceFields,
  /** Our addition: the line's substitution choice (docs/api.md, Substitutions). */
  substitution: SubstituteChoice.optional(),
  /** Our addition: how it is sold by weight (`amount` counts steps or pieces), or null for a pack. */
  sold_by_weight: SoldByWeight.nullable(),
  /**
   * Our addition: what of `amount` can be bought now (cut to the stock and the per-order cap; 0
   * off sale), as the cart's totals count it and an order may take it (docs/api.md, Cart).
   */
  can_order: z.number().int(),
  /** Our addition: `in_stock`, `short` (fewer left than `amount`), `sold_out` or `off_sale`. */
  stock_state: z.enum(['in_stock', 'short', 'sold_out', 'off_sale']),
  /**
   * Our addition: the shopper chose 'Keep' for the line while it is short or sold out (kept on
   * the line, so it survives a reload and another device); false whenever the line is whole.
   */
  kept: z.boolean(),
});
export type CartItem = z.infer<typeof CartItem>;

/** The answer to POST /api/cart: the line as it now is, and the new goods count. */
export const CartChange = z.object({
  item: z.object({ id: z.number().int(), uuid: z.string(), amount: z.number().int() }),
  count: z.number().int(),
});
export type CartChange = z.infer<typeof CartChange>;

/** A yes/no sent as JSON or a form field. */
const Flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** Our addition, `PUT /api/cart/{id}/kept`: keep a short or sold-out line as it is, or stop keeping it. */
export const CartKeepInput = formFields({ kept: Flag });

/** The answer to `PUT /api/cart/{id}/kept`: the line and whether it is kept now. */
export const CartKept = z.object({ id: z.number().int(), kept: z.boolean() });
export type CartKept = z.infer<typeof CartKept>;

/**
 * Our addition to `PATCH /api/cart/{id}` and `PATCH /api/order/{no}/lines/{id}` (docs/api.md,
 * Substitutions): with `replace`, `substitute` names a specific product of the same category
 * (empty: the packer's best match), `ask_first` asks the shopper before replacing, `fallback`
 * lets an out-of-stock specific substitute become the best match. Left out: unchanged.
 */
export const SubstituteChoiceInput = z.object({
  when_missing: WhenMissingField,
  substitute: z.union([z.literal('').transform(() => null), UuidParam]).optional(),
  ask_first: Flag.optional(),
  fallback: Flag.optional(),
});
export type SubstituteChoiceInput = z.output<typeof SubstituteChoiceInput>;

/** `GET /api/substitutes?uuid=`: products of the same category to pick from. */
export const SubstituteSearchInput = z.object({ uuid: UuidParam });

/** One suggested substitute: on sale, in stock, at the price it would cost now. */
export const SubstituteSuggestion = z.object({
  uuid: z.string(),
  en_name: z.string(),
  zn_name: z.string(),
  img: z.string(),
  price: z.number(),
  real_stock: z.number().int(),
});
export type SubstituteSuggestion = z.infer<typeof SubstituteSuggestion>;
