import { z } from 'zod';
import { amountToCents } from '../money';
import { formFlag, type Refusal, refuse, Text } from './common.zod';
import {
  COUPON_CODE_PATTERN,
  COUPON_KINDS,
  endsAfterStart,
  IMAGE_URL_MAX,
  isShopTime,
  PROMOTION_NAME_MAX,
  PROMOTION_PRODUCTS_MAX,
  percentOk,
  USAGE_LIMIT_MAX,
} from './promo.rules';

/* Requests of the console's promotion and coupon routes (docs/api.md, Admin: promotions and coupons). */

const P = 'errors:catalogueAdmin.promotions';
const C = 'errors:catalogueAdmin.coupons';

/** A required text: trimmed, not empty. */
const Required = (max: number, empty: Refusal) =>
  Text(max).transform((v, ctx) => (v.trim() ? v.trim() : refuse(ctx, empty)));

/** A time on the shop's wall clock, `YYYY-MM-DDTHH:mm` (seconds, if sent, are dropped). */
const ShopTime = (refusal: Refusal) =>
  Text(40).transform((v, ctx) => {
    const text = v.trim().slice(0, 16);
    return isShopTime(text) ? text : refuse(ctx, refusal);
  });

/** A money amount in the storefront's format (dollars, at most 2 decimals), as cents. */
const Money = (refusal: Refusal) =>
  z
    .unknown()
    .optional()
    .transform((v, ctx) => {
      const cents = typeof v === 'string' || typeof v === 'number' ? amountToCents(v) : undefined;
      return cents === undefined ? refuse(ctx, refusal) : cents;
    });

/** An optional whole count (a usage limit): empty or absent is none. */
const Limit = z
  .unknown()
  .optional()
  .transform((v, ctx): number | null => {
    if (v === undefined || v === null || v === '') return null;
    const n =
      typeof v === 'number'
        ? v
        : typeof v === 'string' && /^\d{1,9}$/.test(v.trim())
          ? Number(v)
          : Number.NaN;
    return Number.isInteger(n) && n >= 1 && n <= USAGE_LIMIT_MAX ? n : refuse(ctx, `${C}.limitBad`);
  });

/** Left out, a coupon is active. */
const Flag = formFlag(true);

const ProductId = z.union([
  z.number().int().min(1).max(2_147_483_647),
  z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .refine((n) => n >= 1 && n <= 2_147_483_647),
]);

const PromotionLine = z.object({ id: ProductId, price: Money(`${P}.priceBad`) });

/** `POST /api/admin/promotions` and `POST /api/admin/promotions/:id`: the whole promotion. */
export const PromotionInput = z
  .object({
    en_name: Required(PROMOTION_NAME_MAX, `${P}.nameRequired`),
    zn_name: Required(PROMOTION_NAME_MAX, `${P}.nameRequired`),
    ad_img: Required(IMAGE_URL_MAX, `${P}.adRequired`),
    starts_at: ShopTime(`${P}.timeBad`),
    ends_at: ShopTime(`${P}.timeBad`),
    products: z
      .unknown()
      .optional()
      .transform((v, ctx) => {
        if (!Array.isArray(v) || v.length === 0) return refuse(ctx, `${P}.productsRequired`);
        if (v.length > PROMOTION_PRODUCTS_MAX) return refuse(ctx, `${P}.tooManyProducts`);
        const lines = v.map((line) => {
          const parsed = PromotionLine.safeParse(line);
          if (!parsed.success) {
            const message = parsed.error.issues[0]?.message ?? '';
            return refuse(ctx, message.startsWith('errors:') ? (message as Refusal) : `${P}.priceBad`);
          }
          return parsed.data;
        });
        if (new Set(lines.map((l) => l.id)).size !== lines.length) return refuse(ctx, `${P}.productTwice`);
        return lines;
      }),
  })
  .transform((v, ctx) => (endsAfterStart(v.starts_at, v.ends_at) ? v : refuse(ctx, `${P}.endBeforeStart`)));
export type PromotionInput = z.output<typeof PromotionInput>;

/** `POST /api/admin/coupons` and `POST /api/admin/coupons/:id`: the whole coupon. */
export const CouponInput = z
  .object({
    code: Text(64).transform((v, ctx) => {
      const code = v.trim().toUpperCase();
      return COUPON_CODE_PATTERN.test(code) ? code : refuse(ctx, `${C}.codeBad`);
    }),
    kind: z
      .unknown()
      .transform((v, ctx) =>
        COUPON_KINDS.includes(v as never)
          ? (v as (typeof COUPON_KINDS)[number])
          : refuse(ctx, `${C}.kindBad`),
      ),
    /** Percent: a whole 1–100. Fixed: an amount in dollars. */
    value: z.unknown().optional(),
    min_spend: z
      .unknown()
      .optional()
      .transform((v, ctx) => {
        if (v === undefined || v === null || v === '') return 0;
        const cents = typeof v === 'string' || typeof v === 'number' ? amountToCents(v) : undefined;
        return cents === undefined ? refuse(ctx, `${C}.minSpendBad`) : cents;
      }),
    starts_at: ShopTime(`${C}.timeBad`),
    ends_at: ShopTime(`${C}.timeBad`),
    usage_limit: Limit,
    per_shopper_limit: Limit,
    active: Flag,
    /** Listed on every shopper's Coupons page; left out, the code stays private (works when typed). */
    public: formFlag(false),
  })
  .transform((v, ctx) => {
    let value: number;
    if (v.kind === 'percent') {
      const n =
        typeof v.value === 'number'
          ? v.value
          : typeof v.value === 'string'
            ? Number(v.value.trim() || 'x')
            : Number.NaN;
      if (!percentOk(n)) return refuse(ctx, `${C}.percentRange`);
      value = n;
    } else {
      const cents =
        typeof v.value === 'string' || typeof v.value === 'number' ? amountToCents(v.value) : undefined;
      if (cents === undefined || cents <= 0) return refuse(ctx, `${C}.fixedBad`);
      value = cents;
    }
    if (!endsAfterStart(v.starts_at, v.ends_at)) return refuse(ctx, `${C}.endBeforeStart`);
    return { ...v, value };
  });
export type CouponInput = z.output<typeof CouponInput>;
