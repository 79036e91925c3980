import { z } from 'zod';
import { type Refusal, refuse, Text, UuidParam } from './common.zod';
import { COUPON_MAX } from './order.rules';
import { Items, withFlatItems } from './order.zod';

/* The shopper's coupons (docs/api.md, Coupons): the cart's check and the Coupons page's list. */

/**
 * `GET /api/cart/coupon`: the `code` to check; optionally the address `uuid` the order goes to
 * (its tax) and the lines as `POST /api/order` sends them (absent: the whole cart).
 */
export const CouponCheckInput = z.preprocess(
  withFlatItems,
  z.object({
    code: Text(COUPON_MAX).transform((code, ctx) => (code.trim() ? code : refuse(ctx, 'field'))),
    uuid: z
      .unknown()
      .optional()
      .transform((uuid, ctx) => {
        if (uuid === undefined || uuid === '') return undefined;
        const parsed = UuidParam.safeParse(uuid);
        return parsed.success ? parsed.data : refuse(ctx, 'field');
      }),
    items: z
      .unknown()
      .optional()
      .transform((items, ctx) => {
        if (items === undefined || (Array.isArray(items) && items.length === 0)) return undefined;
        const parsed = Items.safeParse(items);
        if (parsed.success) return parsed.data;
        const refusal = parsed.error.issues[0]?.message ?? '';
        return refuse(ctx, refusal.startsWith('errors:') ? (refusal as Refusal) : 'field');
      }),
  }),
);

/** The check's answer: the code as stored, and the order's money with it (dollars). */
export const CouponCheck = z.object({
  code: z.string(),
  discount: z.number(),
  subtotal: z.number(),
  tax: z.number(),
  delivery_fee: z.number(),
  total: z.number(),
});
export type CouponCheck = z.infer<typeof CouponCheck>;

/** One coupon the shopper can use now. `value`: percent off, or dollars off for `fixed`. */
export const AvailableCoupon = z.object({
  code: z.string(),
  kind: z.enum(['percent', 'fixed']),
  value: z.number(),
  /** The subtotal the order needs (dollars; 0: none). */
  min_spend: z.number(),
  /** ISO instant the coupon stops working. */
  ends_at: z.string(),
});
export type AvailableCoupon = z.infer<typeof AvailableCoupon>;

/** `GET /api/coupons`: the shop's time zone (the end dates are shown on its clock) and the coupons. */
export const AvailableCoupons = z.object({ time_zone: z.string(), items: z.array(AvailableCoupon) });
export type AvailableCoupons = z.infer<typeof AvailableCoupons>;
