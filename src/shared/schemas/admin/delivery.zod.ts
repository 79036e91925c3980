import { z } from 'zod';
import { Amount, Instant } from './common.zod';

/* The answer of `/api/admin/delivery` (docs/api.md, Admin: delivery). Amounts are decimal dollars, 0 when off. */

/** The delivery terms as the console edits them; saving answers them as the server kept them. */
export const DeliverySettings = z.strictObject({
  fee: Amount,
  free_over: Amount,
  minimum: Amount,
  tax_on_fee: z.boolean(),
  /** Whether the shop delivers only to some ZIPs: the `area` entries. */
  has_area: z.boolean(),
  area: z.array(z.string()),
  updated_at: Instant.nullable(),
});
export type DeliverySettings = z.infer<typeof DeliverySettings>;
