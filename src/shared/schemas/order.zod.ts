import { z } from 'zod';
import { Address } from './address.zod';
import { refuse, Text, UuidParam, withFlatList } from './common.zod';
import { COUPON_MAX, ORDER_NO_PATTERN } from './order.rules';

/* Requests (docs/api.md, Orders). */

export const OrderNoParams = z.object({ orderNo: z.string().regex(ORDER_NO_PATTERN) });

const MAX_LINES = 200;
const whole = (min: number, max: number) =>
  z.union([z.string(), z.number()]).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : /^\d{1,9}$/.test(v) ? Number(v) : Number.NaN;
    if (!Number.isInteger(n) || n < min || n > max) ctx.addIssue({ code: 'custom', message: 'range' });
    return n;
  });
/** A line's `num` may be 0 (docs/product.md §5 allows 0 in the cart): such a line is not ordered. */
const Item = z.object({ id: whole(1, 2_147_483_647), num: whole(0, 99_999) });

/** The lines of `items[i][id]` / `items[i][num]` form fields (docs/api.md) beside a JSON `items` array. */
const withFlatItems = withFlatList('items', ['id', 'num']);

const Items = z
  .unknown()
  .optional()
  .transform((items, ctx) => {
    if (!Array.isArray(items)) return refuse(ctx, 'field');
    if (items.length === 0) return refuse(ctx, 'errors:order.empty');
    if (items.length > MAX_LINES) return refuse(ctx, 'errors:order.badItems');
    return items.map((entry) => {
      const parsed = Item.safeParse(entry);
      return parsed.success ? parsed.data : refuse(ctx, 'errors:order.badItems');
    });
  });

/** `POST /api/order`: the address's `uuid`, an optional `coupon`, and the lines. */
export const PlaceOrderInput = z.preprocess(
  withFlatItems,
  z.object({
    uuid: z
      .unknown()
      .optional()
      .transform((uuid, ctx) => {
        if (typeof uuid !== 'string' || uuid === '') return refuse(ctx, 'errors:order.addressMissing');
        const parsed = UuidParam.safeParse(uuid);
        return parsed.success ? parsed.data : refuse(ctx, 'field');
      }),
    coupon: Text(COUPON_MAX),
    items: Items,
  }),
);

/* Answers. */

export const OrderSummary = z.object({
  id: z.number().int(),
  order_no: z.string(),
  status: z.number().int(),
  total_count: z.number().int(),
  total_price: z.number(),
  created_at: z.string(),
  /** When a pending order expires. */
  expires_at: z.string(),
  item: z.array(z.object({ id: z.number().int(), image: z.string() })),
});
export type OrderSummary = z.infer<typeof OrderSummary>;

export const OrderLine = z.object({
  id: z.number().int(),
  uuid: z.string(),
  en_name: z.string(),
  zn_name: z.string(),
  image: z.string(),
  price: z.number(),
  num: z.number().int(),
  /** What packing changed on this line (i19): short (how many) or replaced, and what it gives back. */
  packing: z
    .object({
      state: z.enum(['short', 'replaced']),
      short_num: z.number().int(),
      replacement: z.object({ en_name: z.string(), zn_name: z.string(), charged: z.number() }).nullable(),
      refund: z.number(),
      /** True once the gateway has given the money back. */
      refunded: z.boolean(),
    })
    .nullable()
    .optional(),
});
export type OrderLine = z.infer<typeof OrderLine>;

export const OrderDetail = OrderSummary.omit({ item: true }).extend({
  subtotal: z.number(),
  discount: z.number(),
  tax: z.number(),
  coupon: z.string().nullable(),
  /** Where it goes, as it was when the order was placed. */
  address: Address.omit({ uuid: true, default_status: true }),
  item: z.array(OrderLine),
});
export type OrderDetail = z.infer<typeof OrderDetail>;
