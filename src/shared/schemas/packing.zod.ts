import { z } from 'zod';
import { MAX_WEIGHED_GRAMS } from '../weight';
import { DayParam, refuse, Text, UuidParam } from './common.zod';
import { ORDER_NO_PATTERN } from './order.rules';
import { MARK_KEY_PATTERN, PACKING_STATES } from './packing.rules';

/* Requests of the console's packing routes (docs/api.md, Admin: packing). */

/** `GET /api/admin/packing?day=YYYY-MM-DD`: the day's slots (the shop's time zone); today when left out. */
export const PackingDayInput = z.object({
  day: DayParam.optional(),
});
export type PackingDayInput = z.output<typeof PackingDayInput>;

/** `GET /api/admin/packing/products?q=`: the replacement picker's search. */
export const ReplacementSearchInput = z.object({ q: Text(100) });

export const PackingLineParams = z.object({
  orderNo: z.string().regex(ORDER_NO_PATTERN),
  lineId: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number),
});

const Count = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const n = typeof v === 'number' ? v : /^\d{1,5}$/.test(v.trim()) ? Number(v.trim()) : Number.NaN;
  return Number.isInteger(n) && n >= 1 && n <= 99_999 ? n : refuse(ctx, 'field');
});

const Grams = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const n = typeof v === 'number' ? v : /^\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : Number.NaN;
  return Number.isSafeInteger(n) && n >= 1 && n <= MAX_WEIGHED_GRAMS
    ? n
    : refuse(ctx, 'errors:weight.badGramsField');
});

/**
 * `POST /api/admin/packing/:orderNo/lines/:lineId`: `state` picked, short (`short`: how many are
 * missing) or replaced (`product`: the replacement's uuid); `key` names this mark, so sending it
 * twice does it once. A replacement costs what the shop's price list says: a `price` sent with it
 * is not read (a packer cannot set what is refunded).
 */
export const MarkLineInput = z
  .object({
    state: z.enum(PACKING_STATES),
    short: Count.optional(),
    product: UuidParam.optional(),
    /** picked, on a line sold by weight: the weighed grams (bounds: src/shared/weight.ts). */
    grams: Grams.optional(),
    key: z.string().regex(MARK_KEY_PATTERN),
  })
  .transform((v, ctx) => {
    if (v.state === 'short' && v.short === undefined) return refuse(ctx, 'errors:packing.shortRequired');
    if (v.state === 'replaced' && v.product === undefined) {
      return refuse(ctx, 'errors:packing.productRequired');
    }
    return v;
  });
export type MarkLineInput = z.output<typeof MarkLineInput>;
