import { z } from 'zod';
import { Amount, Count, Id, WallTime } from './common.zod';

/* Answers of `/api/admin/promotions` (docs/api.md, Admin: promotions). Times on the shop's wall clock. */

export const PROMO_STATES = ['scheduled', 'running', 'ended'] as const;

const promotionFields = {
  id: Id,
  en_name: z.string(),
  zn_name: z.string(),
  ad_img: z.string(),
  starts_at: WallTime,
  ends_at: WallTime,
  state: z.enum(PROMO_STATES),
};

export const PromotionSummary = z.strictObject({ ...promotionFields, product_count: Count });
export type PromotionSummary = z.infer<typeof PromotionSummary>;

/** `GET /api/admin/promotions`: every promotion, the latest start first, and the shop's time zone. */
export const PromotionList = z.strictObject({ time_zone: z.string(), items: z.array(PromotionSummary) });
export type PromotionList = z.infer<typeof PromotionList>;

/** A product of a promotion: its own price and its promotion price (decimal dollars). */
export const PromotionLine = z.strictObject({
  id: Id,
  uuid: z.string(),
  en_name: z.string(),
  zn_name: z.string(),
  product_image: z.string(),
  price: Amount,
  promotion_price: Amount,
});
export type PromotionLine = z.infer<typeof PromotionLine>;

/** `GET /api/admin/promotions/:id`, and what saving one answers. */
export const Promotion = z.strictObject({ ...promotionFields, products: z.array(PromotionLine) });
export type Promotion = z.infer<typeof Promotion>;
