import { z } from 'zod';
import { Address } from '../address.zod';
import { Cents, Count, Instant, pageOf } from './common.zod';

/* Answers of `/api/admin/customers` (docs/api.md, Admin: customers). Money in integer cents. */

/** A shopper as the list shows them, and what disabling or enabling one answers. */
export const Customer = z.strictObject({
  uuid: z.string(),
  email: z.string(),
  name: z.string(),
  language: z.string(),
  createdAt: Instant,
  disabled: z.boolean(),
  disabledAt: Instant.nullable(),
});
export type Customer = z.infer<typeof Customer>;

/** `GET /api/admin/customers`. */
export const CustomerPage = pageOf(Customer);
export type CustomerPage = z.infer<typeof CustomerPage>;

/** `GET /api/admin/customers/:uuid`: the shopper, their addresses, their orders, what they spent. */
export const CustomerDetail = z.strictObject({
  customer: Customer,
  // The shopper's address fields, with the default flag as the console reads it.
  addresses: z.array(
    z.strictObject({ ...Address.omit({ default_status: true }).shape, isDefault: z.boolean() }),
  ),
  orders: z.array(
    z.strictObject({
      orderNo: z.string(),
      status: z.number().int(),
      statusName: z.string(),
      totalCents: Cents,
      totalCount: Count,
      createdAt: Instant,
      paidAt: Instant.nullable(),
    }),
  ),
  totalSpentCents: Cents,
});
export type CustomerDetail = z.infer<typeof CustomerDetail>;
