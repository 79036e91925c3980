import { z } from 'zod';
import { COUPON_KINDS } from '../promo.rules';
import { Amount, Count, Id, WallTime } from './common.zod';
import { PROMO_STATES } from './promotions.zod';

/* Answers of `/api/admin/coupons` (docs/api.md, Admin: coupons). Times on the shop's wall clock. */

/** A coupon: `value` is a percent (1–100) or, for `fixed`, the amount off in decimal dollars. */
export const Coupon = z.strictObject({
  id: Id,
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: Amount,
  min_spend: Amount,
  starts_at: WallTime,
  ends_at: WallTime,
  usage_limit: Count.nullable(),
  per_shopper_limit: Count.nullable(),
  active: z.boolean(),
  /** Listed to every shopper on the Coupons page (`GET /api/coupons`); a private code works when typed. */
  public: z.boolean(),
  uses: Count,
  state: z.enum([...PROMO_STATES, 'disabled']),
});
export type Coupon = z.infer<typeof Coupon>;

/** `GET /api/admin/coupons`: every coupon, the latest start first, and the shop's time zone. */
export const CouponList = z.strictObject({ time_zone: z.string(), items: z.array(Coupon) });
export type CouponList = z.infer<typeof CouponList>;
