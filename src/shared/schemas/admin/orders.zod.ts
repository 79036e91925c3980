import { z } from 'zod';
import { PAYMENT_METHODS } from '../order.rules';
import { WHEN_MISSING } from '../packing.rules';
import { Amount, Count, Id, Instant, pageOf } from './common.zod';
import { LineMark } from './packing.zod';

/*
 * Answers of `/api/admin/orders` (docs/api.md, Admin: orders). Amounts are decimal dollars; a
 * packer's answers leave out the shopper (e-mail, phone, customer).
 */

export const PaymentMethod = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/** The delivery slot an order holds, on the shop's clock `time_zone`; null without one. */
export const OrderSlot = z
  .strictObject({ starts_at: Instant, ends_at: Instant, time_zone: z.string() })
  .nullable();
export type OrderSlot = z.infer<typeof OrderSlot>;

/** What every console view of an order starts with: the list's row and the packing slip alike. */
const ORDER_HEAD = {
  order_no: z.string(),
  status: z.number().int(),
  packed: z.boolean(),
  created_at: Instant,
  paid_at: Instant.nullable(),
  slot: OrderSlot,
};

export const OrderListItem = z.strictObject({
  ...ORDER_HEAD,
  total_price: Amount,
  total_count: Count,
  name: z.string(),
  /** Left out for packers. */
  email: z.string().optional(),
  method: PaymentMethod.nullable(),
});
export type OrderListItem = z.infer<typeof OrderListItem>;

/** `GET /api/admin/orders`. */
export const OrderPage = pageOf(OrderListItem);
export type OrderPage = z.infer<typeof OrderPage>;

export const OrderAddress = z.strictObject({
  name: z.string(),
  surname: z.string(),
  /** Left out for packers. */
  phone: z.string().optional(),
  address: z.string(),
  area: z.string(),
  city: z.string(),
  province: z.string(),
  zip: z.string(),
  /** Delivery instructions (gate code, leave at the door); "" when none. */
  instructions: z.string(),
});
export type OrderAddress = z.infer<typeof OrderAddress>;

export const OrderLine = z.strictObject({
  id: Id,
  uuid: z.string(),
  en_name: z.string(),
  zn_name: z.string(),
  image: z.string(),
  price: Amount,
  num: Count,
  refunded_num: Count,
  /** What the shopper chose if the item is missing at packing. */
  when_missing: z.enum(WHEN_MISSING),
  /** The packer's mark, null while not marked. */
  packing: LineMark.nullable(),
});
export type OrderLine = z.infer<typeof OrderLine>;

export const TimelineEntry = z.strictObject({
  at: Instant,
  kind: z.string(),
  staff_id: Id.nullable(),
  staff_name: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type TimelineEntry = z.infer<typeof TimelineEntry>;

/** `GET /api/admin/orders/:orderNo`, and what each action on it answers. */
export const OrderDetail = z.strictObject({
  order_no: z.string(),
  status: z.number().int(),
  packed_at: Instant.nullable(),
  shipped_at: Instant.nullable(),
  carrier: z.string().nullable(),
  tracking: z.string().nullable(),
  created_at: Instant,
  expires_at: Instant,
  paid_at: Instant.nullable(),
  slot: OrderSlot,
  coupon: z.string().nullable(),
  subtotal: Amount,
  discount: Amount,
  tax: Amount,
  /** The tax by rate (docs/product.md, Tax), lowest rate first; their `tax` adds up to `tax`. */
  taxes: z.array(z.strictObject({ rate_ppm: z.number().int(), taxable: Amount, tax: Amount })),
  delivery_fee: Amount,
  total_price: Amount,
  total_count: Count,
  refunded: Amount,
  lines: z.array(OrderLine),
  address: OrderAddress,
  payment: z
    .strictObject({
      method: PaymentMethod,
      kind: z.string(),
      status: z.string(),
      card_last4: z.string().nullable(),
      reference: z.string().nullable(),
      /**
       * A weighed order's hold (docs/architecture.md §6, Weighed goods): its state (authorized,
       * capture, captured, void, voided, failed), what was held or paid, what is kept once
       * captured, and the gateway's last refusal while it is being tried again. Null otherwise.
       */
      hold: z
        .strictObject({
          state: z.string(),
          held: Amount,
          captured: Amount.nullable(),
          message: z.string().nullable(),
        })
        .nullable()
        .optional(),
    })
    .nullable(),
  /** Left out for packers. */
  customer: z.strictObject({ uuid: z.string(), email: z.string(), name: z.string() }).optional(),
  timeline: z.array(TimelineEntry),
});
export type OrderDetail = z.infer<typeof OrderDetail>;

/** `POST /api/admin/orders/:orderNo/refund`: what was given back and the order as it now is. */
export const RefundAnswer = z.strictObject({ refunded: Amount, whole: z.boolean(), order: OrderDetail });
export type RefundAnswer = z.infer<typeof RefundAnswer>;

/** One order on a packing list. */
export const PackingSlip = z.strictObject({
  ...ORDER_HEAD,
  address: OrderAddress,
  total_count: Count,
  lines: z.array(
    z.strictObject({
      id: Id,
      key: z.string(),
      en_name: z.string(),
      zn_name: z.string(),
      num: Count,
      when_missing: z.enum(WHEN_MISSING),
    }),
  ),
});
export type PackingSlip = z.infer<typeof PackingSlip>;

/** `GET /api/admin/orders/packing`: the orders asked for, and the numbers that named none. */
export const PackingSlips = z.strictObject({ orders: z.array(PackingSlip), missing: z.array(z.string()) });
export type PackingSlips = z.infer<typeof PackingSlips>;
