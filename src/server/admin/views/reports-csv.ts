import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { orders, payments, refunds } from '#server/db/schema';
import { CSV_BOM, csvField } from '#server/modules/import/csv';
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
 *
 * The orders and refunds behind a range can be a year's 100,000 rows: they are read in batches and
 * written as they come (a stream of text chunks), so neither the rows nor the file are all held at
 * once and the download starts after the first batch.
 */

type Cell = string | number;

/** Cents as a number of dollars a spreadsheet reads as one (never text a formula guard would touch). */
const dollars = (cents: number): number => Math.round(cents) / 100;

/** Rows read and written at a time for the orders and refunds files. */
const BATCH = 2_000;

/**
 * The CSV of `kind` over `range` as chunks of text to send as they come, and the name to save it
 * under. What could fail before the first row (the table's figures, the rows' ids) is read before
 * this answers, so such a failure is still a whole error answer, not a cut file.
 */
export async function reportCsv(
  db: Db,
  kind: ReportExport,
  range: ReportRange,
  timeZone: string,
): Promise<{ filename: string; chunks: AsyncIterable<string> }> {
  const batches =
    kind === 'orders'
      ? await orderRows(db, range, timeZone)
      : kind === 'refunds'
        ? await refundRows(db, range, timeZone)
        : [await tableOf(db, kind, range, timeZone)];
  return { filename: `report-${kind}-${range.from}-${range.to}.csv`, chunks: csvChunks(batches) };
}

/** A file in chunks: CRLF line ends and a byte-order mark, as `writeCsv` writes it whole. */
async function* csvChunks(batches: AsyncIterable<Cell[][]> | Iterable<Cell[][]>): AsyncGenerator<string> {
  yield CSV_BOM;
  for await (const batch of batches) {
    let text = '';
    for (const row of batch) text += `${row.map(csvField).join(',')}\r\n`;
    yield text;
  }
}

/** A whole CSV file's text (tests, the bench). */
export async function csvText(chunks: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
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

/**
 * A paid or refund time as the file shows it: the shop's wall clock, `YYYY-MM-DD HH:mm`. Written by
 * the database, whose zone rules also make the report's days: Intl in JS, even one formatter per
 * zone, took 2.6 s per 100,000 rows on the shared bench machine (most of a year's file).
 */
const wallTime = (column: typeof orders.paidAt | typeof refunds.updatedAt, timeZone: string) =>
  sql<string>`coalesce(to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI'), '')`;

/** `column = any($ids)`: one array parameter, not a list of 2,000 to parse and plan per batch. */
const anyOf = (column: typeof orders.id | typeof payments.orderId | typeof refunds.id, ids: number[]) =>
  sql`${column} = any(${sql.param(ids)}::int[])`;

/** The ids of `ids` in slices of BATCH. */
function* slices(ids: { id: number }[]): Generator<number[]> {
  for (let i = 0; i < ids.length; i += BATCH) yield ids.slice(i, i + BATCH).map((row) => row.id);
}

/*
 * The orders paid or refunds made in `range`, header first, in batches of BATCH rows. Their ids are
 * read first, in file order, then each batch by id: exact paging whatever the timestamps' precision
 * (PostgreSQL keeps microseconds, a JS Date milliseconds).
 */

async function orderRows(db: Db, range: ReportRange, timeZone: string): Promise<AsyncIterable<Cell[][]>> {
  const { start, end } = rangeInstants(range, timeZone);
  const ids = await db
    .select({ id: orders.id })
    .from(orders)
    .where(paidIn(start, end))
    .orderBy(asc(orders.paidAt), asc(orders.id));
  return (async function* () {
    yield [['order_no', 'paid_at', 'method', 'gross', 'discount', 'delivery_fee', 'tax', 'collected']];
    for (const batch of slices(ids)) {
      const paid = await db
        .select({
          orderNo: orders.orderNo,
          paidAt: wallTime(orders.paidAt, timeZone),
          method: methodOf,
          gross: orders.subtotalCents,
          discount: orders.discountCents,
          fee: orders.deliveryFeeCents,
          tax: orders.taxCents,
          total: orders.totalCents,
        })
        .from(orders)
        // The batch's ids on payments too: else each batch scans every payment (its own join key).
        .leftJoin(payments, and(takingPayment, anyOf(payments.orderId, batch)))
        .where(anyOf(orders.id, batch))
        .orderBy(asc(orders.paidAt), asc(orders.id));
      yield paid.map((o) => [
        o.orderNo,
        o.paidAt,
        o.method,
        dollars(o.gross),
        dollars(o.discount),
        dollars(o.fee),
        dollars(o.tax),
        dollars(o.total),
      ]);
    }
  })();
}

async function refundRows(db: Db, range: ReportRange, timeZone: string): Promise<AsyncIterable<Cell[][]>> {
  const { start, end } = rangeInstants(range, timeZone);
  const ids = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(refundedIn(start, end))
    .orderBy(asc(refunds.updatedAt), asc(refunds.id));
  return (async function* () {
    yield [['order_no', 'refunded_at', 'method', 'refunded']];
    for (const batch of slices(ids)) {
      const given = await db
        .select({
          orderNo: orders.orderNo,
          at: wallTime(refunds.updatedAt, timeZone),
          method: methodOf,
          cents: refunds.amountCents,
        })
        .from(refunds)
        .innerJoin(orders, eq(orders.id, refunds.orderId))
        .leftJoin(payments, eq(payments.id, refunds.paymentId))
        .where(anyOf(refunds.id, batch))
        .orderBy(asc(refunds.updatedAt), asc(refunds.id));
      yield given.map((r) => [r.orderNo, r.at, r.method, dollars(r.cents)]);
    }
  })();
}
