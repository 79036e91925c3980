import { z } from 'zod';
import { Address } from './address.zod';

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
