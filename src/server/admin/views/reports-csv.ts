import { asc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { orders, payments, refunds } from '#server/db/schema';
import { writeCsv } from '#server/modules/import/csv';
import { shopWallTime } from '#server/shop-time';
import type { ReportExport } from '#shared/schemas/admin/reports.zod';
import {
  methodOf,
  paidIn,
  type ReportRange,
  rangeInstants,
  refundedIn,
  salesFigures,
  takingPayment,
} from './reports';

/*
 * The report's tables, and the orders and refunds behind them, as CSV (docs/api.md, Admin:
 * reports). Amounts are dollars with two decimals written as numbers, so a spreadsheet adds them;
 * each file's columns add up to the report's totals (no total row to count twice). Text cells go
 * through the one CSV writer, which keeps them inert in a spreadsheet.
 */

type Cell = string | number;

/** Cents as a number of dollars a spreadsheet reads as one (never text a formula guard would touch). */
const dollars = (cents: number): number => Math.round(cents) / 100;

/** The CSV of `kind` over `range`, and the name to save it under. */
export async function reportCsv(
  db: Db,
  kind: ReportExport,
  range: ReportRange,
  timeZone: string,
): Promise<{ filename: string; csv: string }> {
  const rows =
    kind === 'orders' || kind === 'refunds'
      ? await rowsOf(db, kind, range, timeZone)
      : await tableOf(db, kind, range, timeZone);
  return { filename: `report-${kind}-${range.from}-${range.to}.csv`, csv: writeCsv(rows) };
}

const FIGURES = [
  'orders',
  'gross',
  'discounts',
  'delivery_fees',
  'tax',
  'collected',
  'refunds',
  'refunded',
  'net',
];

async function tableOf(db: Db, kind: ReportExport, range: ReportRange, timeZone: string): Promise<Cell[][]> {
  const report = await salesFigures(db, range, timeZone);
  switch (kind) {
    case 'days':
      return [
        ['date', ...FIGURES],
        ...report.byDay.map((d) => [
          d.date,
          d.orders,
          dollars(d.grossCents),
          dollars(d.discountCents),
          dollars(d.feeCents),
          dollars(d.taxCents),
          dollars(d.collectedCents),
          d.refunds,
          dollars(d.refundCents),
          dollars(d.netCents),
        ]),
      ];
    case 'methods':
      return [
        ['method', 'orders', 'collected', 'refunds', 'refunded', 'net'],
        ...report.byMethod.map((m) => [
          m.method,
          m.orders,
          dollars(m.collectedCents),
          m.refunds,
          dollars(m.refundCents),
          dollars(m.netCents),
        ]),
      ];
    case 'taxes':
      return [
        ['rate_percent', 'taxable', 'tax'],
        ...report.taxByRate.map((t) => [t.ratePpm / 10_000, dollars(t.taxableCents), dollars(t.taxCents)]),
      ];
    case 'products':
      return [
        ['uuid', 'en_name', 'zn_name', 'quantity', 'gross'],
        ...report.byProduct.map((p) => [p.uuid, p.enName, p.znName, p.quantity, dollars(p.grossCents)]),
      ];
    default:
      return [
        ['key', 'en_name', 'zn_name', 'quantity', 'gross'],
        ...report.byCategory.map((c) => [c.key, c.enName, c.znName, c.quantity, dollars(c.grossCents)]),
      ];
  }
}

async function rowsOf(
  db: Db,
  kind: 'orders' | 'refunds',
  range: ReportRange,
  timeZone: string,
): Promise<Cell[][]> {
  const { start, end } = rangeInstants(range, timeZone);
  const at = (instant: Date | null) => (instant ? shopWallTime(instant, timeZone).replace('T', ' ') : '');
  if (kind === 'orders') {
    const paid = await db
      .select({ order: orders, method: methodOf })
      .from(orders)
      .leftJoin(payments, takingPayment)
      .where(paidIn(start, end))
      .orderBy(asc(orders.paidAt), asc(orders.id));
    return [
      ['order_no', 'paid_at', 'method', 'gross', 'discount', 'delivery_fee', 'tax', 'collected'],
      ...paid.map(({ order: o, method }) => [
        o.orderNo,
        at(o.paidAt),
        method,
        dollars(o.subtotalCents),
        dollars(o.discountCents),
        dollars(o.deliveryFeeCents),
        dollars(o.taxCents),
        dollars(o.totalCents),
      ]),
    ];
  }
  const given = await db
    .select({ orderNo: orders.orderNo, at: refunds.updatedAt, method: methodOf, cents: refunds.amountCents })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .leftJoin(payments, eq(payments.id, refunds.paymentId))
    .where(refundedIn(start, end))
    .orderBy(asc(refunds.updatedAt), asc(refunds.id));
  return [
    ['order_no', 'refunded_at', 'method', 'refunded'],
    ...given.map((r) => [r.orderNo, at(r.at), r.method, dollars(r.cents)]),
  ];
}
