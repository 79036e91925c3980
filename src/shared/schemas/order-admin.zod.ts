import { z } from 'zod';
import { DayParam, PageParams, refuse, Text } from './common.zod';
import { ORDER_NO_PATTERN, ORDER_STATUS, PACKING_MAX, PAYMENT_METHODS } from './order.rules';

/* Requests of the console's order routes (docs/api.md, Admin: orders). */

// The console reads these too; the browser does not load zod, so they live in order.rules.ts.
export { PACKING_MAX, PAYMENT_METHODS } from './order.rules';

const Day = DayParam.optional();

const Status = z
  .string()
  .transform((v, ctx): number => {
    if (/^[1-6]$/.test(v)) return Number(v);
    if (Object.hasOwn(ORDER_STATUS, v)) return ORDER_STATUS[v as keyof typeof ORDER_STATUS];
    return refuse(ctx, 'field');
  })
  .optional();

/** `GET /api/admin/orders`: filters (dates are days in the shop's time zone, `to` included) and paging. */
export const AdminOrderListInput = PageParams.extend({
  status: Status,
  /** `packing`: paid orders not packed yet (a sub-state of processing). */
  stage: z.enum(['packing']).optional(),
  from: Day,
  to: Day,
  method: z.enum(PAYMENT_METHODS).optional(),
  q: Text(100),
});
export type AdminOrderListInput = z.output<typeof AdminOrderListInput>;

/** `GET /api/admin/orders/packing?orders=NO,NO`. */
export const PackingInput = z.object({
  orders: z
    .unknown()
    .optional()
    .transform((v, ctx) => {
      if (typeof v !== 'string') return refuse(ctx, 'field');
      const list = [
        ...new Set(
          v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ];
      if (list.length === 0 || list.length > PACKING_MAX || !list.every((n) => ORDER_NO_PATTERN.test(n))) {
        return refuse(ctx, 'field');
      }
      return list;
    }),
});

/** `POST …/ship`: both optional. */
export const ShipInput = z.object({ carrier: Text(60), tracking: Text(100) });

const Cents = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const text = typeof v === 'number' ? String(v) : v.trim();
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) return refuse(ctx, 'field');
  const cents = Math.round(Number(text) * 100);
  return cents > 0 ? cents : refuse(ctx, 'field');
});

const RefundLine = z.object({
  id: z.union([
    z
      .string()
      .regex(/^\d{1,9}$/)
      .transform(Number),
    z.number().int().min(1).max(2_147_483_647),
  ]),
  qty: z.union([
    z
      .string()
      .regex(/^\d{1,5}$/)
      .transform(Number),
    z.number().int().min(1).max(99_999),
  ]),
});

/**
 * `POST …/refund`: `amount` in dollars (e.g. 12.50), or `lines` [{id, qty}] (a JSON body), or
 * neither for all that is left; a `reason` always.
 */
export const RefundInput = z.object({
  amount: Cents.optional(),
  lines: z
    .unknown()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      if (!Array.isArray(v) || v.length > 200) return refuse(ctx, 'field');
      return v.map((entry) => {
        const parsed = RefundLine.safeParse(entry);
        return parsed.success && parsed.data.qty >= 1 ? parsed.data : refuse(ctx, 'field');
      });
    }),
  reason: Text(500).transform((r, ctx) => (r.trim() ? r.trim() : refuse(ctx, 'errors:order.reasonRequired'))),
});
export type RefundInput = z.output<typeof RefundInput>;
