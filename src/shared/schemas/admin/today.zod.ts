import { z } from 'zod';
import { Amount, Count, Instant, ShopDate } from './common.zod';

/**
 * Paid orders and their takings (decimal dollars) over part of a day: `revenue` is what they
 * charged less `refunded`, the refunds made in the same hours (whichever day their orders were paid).
 */
const Takings = z.strictObject({ count: Count, revenue: Amount, refunded: Amount });

/** `GET /api/admin/today` (docs/api.md, Admin: orders): the console's home. */
export const Today = z.strictObject({
  date: ShopDate,
  time_zone: z.string(),
  to_pack: z.strictObject({
    total: Count,
    list: z.array(
      z.strictObject({
        order_no: z.string(),
        paid_at: Instant.nullable(),
        total_count: Count,
        name: z.string(),
      }),
    ),
  }),
  expiring: z.strictObject({
    minutes: Count,
    list: z.array(z.strictObject({ order_no: z.string(), expires_at: Instant, total_price: Amount })),
  }),
  /** Absent for staff who may not see the takings (packers). */
  paid_today: Takings.optional(),
  paid_same_day_last_week: Takings.optional(),
  low_stock: z.strictObject({
    total: Count,
    list: z.array(
      z.strictObject({
        uuid: z.string(),
        en_name: z.string(),
        zn_name: z.string(),
        stock: z.number().int(),
        threshold: Count,
      }),
    ),
  }),
});
export type Today = z.infer<typeof Today>;
