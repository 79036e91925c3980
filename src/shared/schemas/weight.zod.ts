import { z } from 'zod';
import { WEIGHT_UNITS } from '../weight';

/**
 * How a product sold by weight is sold, as the storefront shows it (docs/product.md, Sold by
 * weight): its price per unit, and a step of `step` units or a piece of about `piece_grams`; one
 * step or piece is `step_grams` and costs the product's `price`, so `num` counts steps or pieces.
 */
export const SoldByWeight = z.object({
  unit: z.enum(WEIGHT_UNITS),
  unit_price: z.number(),
  /** The ordering step in `unit` (0.5), or null when sold by the piece. */
  step: z.number().nullable(),
  /** About how much one piece weighs, or null when sold by steps. */
  piece_grams: z.number().int().nullable(),
  step_grams: z.number().int(),
});
export type SoldByWeight = z.infer<typeof SoldByWeight>;

/** A weighed order line's weight: the estimate as placed, and the weighed figures once packed. */
export const LineWeight = z.object({
  unit: z.enum(WEIGHT_UNITS),
  unit_price: z.number(),
  /** Null when the line is ordered by steps. */
  piece_grams: z.number().int().nullable(),
  estimate_grams: z.number().int(),
  estimate_amount: z.number(),
  weighed_grams: z.number().int().nullable(),
  weighed_amount: z.number().nullable(),
  /** True until the packer has weighed it: its figures are an estimate. */
  estimate: z.boolean(),
});
export type LineWeight = z.infer<typeof LineWeight>;
