import { z } from 'zod';
import { Address } from './address.zod';
import { WHEN_MISSING } from './cart.rules';
import { SubstituteChoice } from './cart.zod';
import { refuse, Text, UuidParam, withFlatList } from './common.zod';
import { COUPON_MAX, ORDER_NO_PATTERN } from './order.rules';
import { PROPOSAL_STATUSES } from './packing.rules';
import { OrderSlot, SlotField } from './slots.zod';
import { LineWeight } from './weight.zod';

/* Requests (docs/api.md, Orders). */

export const OrderNoParams = z.object({ orderNo: z.string().regex(ORDER_NO_PATTERN) });

const MAX_LINES = 200;
const whole = (min: number, max: number) =>
  z.union([z.string(), z.number()]).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : /^\d{1,9}$/.test(v) ? Number(v) : Number.NaN;
    if (!Number.isInteger(n) || n < min || n > max) ctx.addIssue({ code: 'custom', message: 'range' });
    return n;
  });
/**
 * A line's `num` may be 0 (docs/product.md §5 allows 0 in the cart): such a line is not ordered.
 * `when_missing` (our addition) is what the shop does if the item is missing at packing; absent,
 * the cart line's choice (the shopper's default unless changed in the cart).
 */
const Item = z.object({
  id: whole(1, 2_147_483_647),
  num: whole(0, 99_999),
  when_missing: z.enum(WHEN_MISSING).optional(),
});

/** The lines of `items[i][id]` / `items[i][num]` form fields (docs/api.md) beside a JSON `items` array. */
export const withFlatItems = withFlatList('items', ['id', 'num', 'when_missing']);

export const Items = z
  .unknown()
  .optional()
  .transform((items, ctx) => {
    if (!Array.isArray(items)) return refuse(ctx, 'field');
    if (items.length === 0) return refuse(ctx, 'errors:order.empty');
    if (items.length > MAX_LINES) return refuse(ctx, 'errors:order.badItems');
    return items.map((entry) => {
      const parsed = Item.safeParse(entry);
      if (parsed.success) return parsed.data;
      const choiceOnly = parsed.error.issues.every((issue) => issue.path[0] === 'when_missing');
      return refuse(ctx, choiceOnly ? 'errors:cart.whenMissing' : 'errors:order.badItems');
    });
  });

/** `POST /api/order`: the address's `uuid`, an optional `coupon`, the lines, and an optional delivery `slot`. */
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
    /** The chosen delivery slot's start; empty or absent for none. */
    slot: SlotField,
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
  /** The delivery slot the order holds, or null. */
  slot: OrderSlot,
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
  /** What the shopper chose if the item is missing at packing. */
  when_missing: z.enum(WHEN_MISSING),
  /** What packing changed on this line: short (how many) or replaced, and what it gives back. */
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
  /** Our addition: the substitution choice (docs/api.md, Substitutions). */
  substitution: SubstituteChoice.nullable().optional(),
  /** Our addition: whether the choice can still change (packing of the order has not started). */
  choice_open: z.boolean().optional(),
  /** Our addition: a substitute proposed for the line, to approve or decline until `deadline`. */
  proposal: z
    .object({
      line: z.number().int(),
      status: z.enum(PROPOSAL_STATUSES),
      uuid: z.string(),
      en_name: z.string(),
      zn_name: z.string(),
      /** The substitute's own price a unit (the price list's); the line's is `price`. */
      price: z.number(),
      deadline: z.string(),
      /** Once replaced: what a unit costs the shopper. */
      charged: z.number().nullable(),
      refund: z.number(),
    })
    .nullable()
    .optional(),
  /** Our addition: a line sold by weight, its estimate and (once packed) its weighed figures. */
  weight: LineWeight.nullable().optional(),
});
export type OrderLine = z.infer<typeof OrderLine>;

/** How an order was paid: a card (its brand and last four digits where known) or a wallet. */
export const OrderPayment = z.object({
  kind: z.enum(['card', 'wallet']),
  /** creditcard | wechatpay | alipay */
  vendor: z.string(),
  card_brand: z.string().nullable(),
  card_last4: z.string().nullable(),
});
export type OrderPayment = z.infer<typeof OrderPayment>;

/** `POST /api/order/{order_no}/cancel`: the order's status after (5, cancelled). */
export const CancelOrderAnswer = z.object({ status: z.number().int() });
export type CancelOrderAnswer = z.infer<typeof CancelOrderAnswer>;

export const OrderDetail = OrderSummary.omit({ item: true }).extend({
  subtotal: z.number(),
  discount: z.number(),
  tax: z.number(),
  /**
   * Our addition: the tax by rate (docs/product.md, Tax), lowest rate first; `rate` is percent text
   * ("4.5", "8.875"), and the rows' `tax` add up to `tax`.
   */
  taxes: z.array(z.object({ rate: z.string(), taxable: z.number(), tax: z.number() })),
  /** The delivery fee charged, part of `total_price` (0 when free or none is set). */
  delivery_fee: z.number(),
  coupon: z.string().nullable(),
  /** Where it goes, as it was when the order was placed. */
  address: Address.omit({ uuid: true, default_status: true }),
  item: z.array(OrderLine),
  /**
   * Our addition: a pending order with lines sold by weight is paid `amount`, its estimate plus
   * `buffer_percent` (a card holds it and is charged only the weighed amount after packing; a
   * wallet pays it and gets the difference back); null for any other order.
   */
  hold: z.object({ amount: z.number(), buffer_percent: z.number().int() }).nullable().optional(),
  /** Our addition: true while a weighed line is not weighed yet: the totals are an estimate. */
  estimate: z.boolean().optional(),
  /** Our addition: a weighed order's total as placed (the estimate), else null. */
  estimate_total: z.number().nullable().optional(),
  /** Our addition: when the order was placed (the same instant as `created_at`) and paid (null: not paid). */
  placed_at: z.string(),
  paid_at: z.string().nullable(),
  /** Our addition: the shop's time zone (SHOP_TIME_ZONE), which the page says those moments in. */
  time_zone: z.string(),
  /** Our addition: how it was paid (docs/api.md, Orders); null while nothing was paid. */
  payment: OrderPayment.nullable(),
  /** Our addition: what was given back so far (packing's and the shop's refunds). */
  refunded: z.number(),
  /** Our addition: `total_price` less `refunded` for a paid order; null for one never paid. */
  net_paid: z.number().nullable(),
});
export type OrderDetail = z.infer<typeof OrderDetail>;

/** A product "Buy it again" put back in the cart, at its current price. */
export const AgainAdded = z.object({
  uuid: z.string(),
  en_name: z.string(),
  zn_name: z.string(),
  /** The current price of one unit (the promotion price while one runs), not the order's. */
  price: z.number(),
  /** How many were ordered, and how many the cart line now holds. */
  ordered: z.number().int(),
  amount: z.number().int(),
  /** True when the stock or the per-order cap held the line below what was asked. */
  capped: z.boolean(),
  /** Whether the stock (rather than the per-order cap) is what held it. */
  by_stock: z.boolean(),
});
/** A product of the order that can no longer be bought: off sale (or archived), or out of stock. */
export const AgainUnavailable = z.object({
  uuid: z.string(),
  en_name: z.string(),
  zn_name: z.string(),
  reason: z.enum(['not_for_sale', 'out_of_stock']),
});
/** `POST /api/order/{order_no}/again`: what went back in the cart, what could not, and the goods count. */
export const BuyAgainAnswer = z.object({
  added: z.array(AgainAdded),
  unavailable: z.array(AgainUnavailable),
  count: z.number().int(),
});
export type BuyAgainAnswer = z.infer<typeof BuyAgainAnswer>;

/** `PATCH /api/order/{no}/lines/{id}` and its `answer`: one line of the shopper's order. */
export const OrderLineParams = z.object({
  orderNo: z.string().regex(ORDER_NO_PATTERN),
  lineId: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number),
});

/** `POST /api/order/{no}/lines/{id}/answer`: approve or decline the substitute proposed for the line. */
export const ProposalAnswerInput = z.object({
  answer: z
    .unknown()
    .transform((v, ctx) =>
      v === 'approve' || v === 'decline' ? v : refuse(ctx, 'errors:substitution.answer'),
    ),
});
