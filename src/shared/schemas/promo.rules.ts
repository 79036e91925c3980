import { isCalendarDate } from './common.rules';

/*
 * Rules of the console's promotions and coupons (docs/api.md, Admin: promotions and coupons),
 * shared by the console's forms and the server's schemas (promo.zod.ts). No zod here: the browser
 * loads this file.
 */

/** A time as the console enters and shows it: the shop's wall clock (SHOP_TIME_ZONE), to the minute. */
export const SHOP_TIME_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/;

/** A shop wall-clock time (`SHOP_TIME_PATTERN`) on a real date within the shop's years. */
export function isShopTime(text: string): boolean {
  return SHOP_TIME_PATTERN.test(text) && isCalendarDate(text.slice(0, 10));
}

export const PROMOTION_NAME_MAX = 100;
export const PROMOTION_PRODUCTS_MAX = 200;
export const IMAGE_URL_MAX = 500;

/** A coupon code once upper-cased (codes are matched case-insensitively, stored upper-case). */
export const COUPON_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{2,31}$/;
export const COUPON_KINDS = ['percent', 'fixed'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
/** Usage limits: a count from 1, or none (empty). */
export const USAGE_LIMIT_MAX = 1_000_000;

/** Where a promotion or coupon stands at `now`: before its start, between start and end, after its end. */
export type PromoState = 'scheduled' | 'running' | 'ended';
export function stateAt(startsAt: number, endsAt: number, now: number): PromoState {
  if (now < startsAt) return 'scheduled';
  return now < endsAt ? 'running' : 'ended';
}

/** Two shop wall-clock times (`SHOP_TIME_PATTERN`) compare as text. */
export function endsAfterStart(startsAt: string, endsAt: string): boolean {
  return endsAt > startsAt;
}

/** A percent off is 1–100. */
export const percentOk = (value: number) => Number.isInteger(value) && value >= 1 && value <= 100;
