import { z } from 'zod';
import { SLOT_STATES } from '../slots.rules';
import { Count, Instant, ShopDate } from './common.zod';

/* The answer of `/api/admin/delivery/slots` (docs/api.md, Admin: delivery slots). */

/** A weekly delivery window, `HH:mm` on the shop's clock (weekday 0 is Sunday). */
const Window = z.strictObject({
  weekday: z.number().int().min(0).max(6),
  start: z.string().regex(/^\d{2}:\d{2}$/),
  end: z.string().regex(/^\d{2}:\d{2}$/),
});

/** The settings as the console edits them, and the coming slots with their places. */
export const SlotSettings = z.strictObject({
  time_zone: z.string(),
  offered: z.boolean(),
  required: z.boolean(),
  capacity: Count,
  cutoff_hours: Count,
  days_ahead: Count,
  windows: z.array(Window),
  closed_dates: z.array(ShopDate),
  upcoming: z.array(
    z.strictObject({
      starts_at: Instant,
      ends_at: Instant,
      date: ShopDate,
      state: z.enum(SLOT_STATES),
      held: Count,
      capacity: Count,
    }),
  ),
});
export type SlotSettings = z.infer<typeof SlotSettings>;
