import { z } from 'zod';
import { isCalendarDate } from '../common.rules';
import { inOrder } from '../common.zod';
import { Cents, Count, ShopDate } from './common.zod';

/* The owner's books (docs/api.md, Admin: reports; docs/product.md, Reports). */

/** The longest range a report covers, in days (two years and a leap day): bounds its cost. */
export const REPORT_MAX_DAYS = 731;

/** What `GET /api/admin/reports/export` writes: one of the report's tables, or the rows behind it. */
export const REPORT_EXPORTS = [
  'days',
  'methods',
  'taxes',
  'products',
  'categories',
  'orders',
  'refunds',
] as const;
export type ReportExport = (typeof REPORT_EXPORTS)[number];

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

const Range = {
  from: z.unknown().optional(),
  to: z.unknown().optional(),
};

/**
 * A range of days on the shop's clock, both included: real dates, in order, at most
 * REPORT_MAX_DAYS; neither day given is the default range (null: the server chooses it).
 */
const checkRange = inOrder(
  (v: { from?: unknown; to?: unknown }, stop): { from: string; to: string } | null => {
    const { from, to } = v;
    if (from === undefined && to === undefined) return null;
    if (typeof from !== 'string' || !isCalendarDate(from)) return stop('errors:report.badDate', ['from']);
    if (typeof to !== 'string' || !isCalendarDate(to)) return stop('errors:report.badDate', ['to']);
    if (from > to) return stop('errors:report.backwards');
    if (daysBetween(from, to) + 1 > REPORT_MAX_DAYS) return stop('errors:report.tooLong');
    return { from, to };
  },
);

/** The days a report covers when none are asked for: the last seven, today included. */
export const REPORT_DEFAULT_DAYS = 7;

/** `GET /api/admin/reports?from=YYYY-MM-DD&to=YYYY-MM-DD`. */
export const ReportQuery = z.object(Range).transform(checkRange);
export type ReportQuery = z.output<typeof ReportQuery>;

/** `GET /api/admin/reports/export?kind=…&from=…&to=…`. */
export const ReportExportQuery = z.object({ ...Range, kind: z.enum(REPORT_EXPORTS) }).transform((v, ctx) => {
  const range = checkRange(v, ctx);
  return { range, kind: v.kind };
});
export type ReportExportQuery = z.output<typeof ReportExportQuery>;

/** Money booked over a span: orders paid in it and refunds made in it, all integer cents. */
const Figures = {
  /** Orders paid. */
  orders: Count,
  /** Goods at the price charged, before the coupon. */
  grossCents: Cents,
  discountCents: Cents,
  feeCents: Cents,
  taxCents: Cents,
  /** What the paid orders charged: gross − discount + fee + tax. */
  collectedCents: Cents,
  /** Refunds the gateway made. */
  refunds: Count,
  refundCents: Cents,
  /** collected − refunds. */
  netCents: Cents,
};

const Names = { enName: z.string(), znName: z.string() };

/** `GET /api/admin/reports`: the range's totals and the same money by day, method, tax rate, product and category. */
export const Report = z.strictObject({
  /** The shop's date now: the console's quick ranges count from it. */
  today: ShopDate,
  from: ShopDate,
  to: ShopDate,
  timeZone: z.string(),
  totals: z.strictObject(Figures),
  /** Every day of the range, days without sales included. */
  byDay: z.array(z.strictObject({ date: ShopDate, ...Figures })),
  /** creditcard, wechatpay, alipay; `none` for an order paid without a gateway (nothing to pay). */
  byMethod: z.array(
    z.strictObject({
      method: z.string(),
      orders: Count,
      collectedCents: Cents,
      refunds: Count,
      refundCents: Cents,
      netCents: Cents,
    }),
  ),
  /** The tax the paid orders charged, by rate (parts per million: 45000 is 4.5 %). */
  taxByRate: z.array(z.strictObject({ ratePpm: Count, taxableCents: Cents, taxCents: Cents })),
  /** Goods sold, at the price charged before the coupon: the rows add up to gross sales. */
  byProduct: z.array(z.strictObject({ uuid: z.string(), ...Names, quantity: Count, grossCents: Cents })),
  byCategory: z.array(z.strictObject({ key: z.string(), ...Names, quantity: Count, grossCents: Cents })),
});
export type Report = z.infer<typeof Report>;
