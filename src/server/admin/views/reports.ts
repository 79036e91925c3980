import { and, asc, desc, eq, gte, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { categories, orderLines, orders, orderTaxes, payments, products, refunds } from '#server/db/schema';
import { DIFFERENCE_REASON } from '#server/modules/payment/payment.capture';
import { addDays, dayStart, shopDate } from '#server/shop-time';
import { REPORT_DEFAULT_DAYS, type Report } from '#shared/schemas/admin/reports.zod';

/*
 * The owner's books (docs/product.md, Reports). An order counts once it is paid, on the shop's day
 * it was paid (paid_at), whatever happened to it after; an order never paid (cancelled, expired)
 * never counts. A refund counts on the day the gateway made it (a succeeded refund's last update),
 * whichever day its order was paid. So, to the cent, over any range:
 *   gross − discount + fee + tax = collected (the paid orders' totals), collected − refunds = net.
 */

/** A range of days on the shop's clock, both included. */
export interface ReportRange {
  from: string;
  to: string;
}

/** The range a report covers when none is asked for: the last seven days, today included. */
export function defaultRange(now: Date, timeZone: string): ReportRange {
  const to = shopDate(now, timeZone);
  return { from: addDays(to, 1 - REPORT_DEFAULT_DAYS), to };
}

/** The instants a range covers: from the first day's midnight to the midnight after the last day. */
export function rangeInstants(range: ReportRange, timeZone: string): { start: Date; end: Date } {
  return { start: dayStart(range.from, timeZone), end: dayStart(addDays(range.to, 1), timeZone) };
}

/** Sums as float8: exact in a JS number far past what int4 holds (100,000 orders of $30,000). */
const total = (column: SQL | typeof orders.totalCents) => sql<number>`coalesce(sum(${column}), 0)::float8`;
const count = sql<number>`count(*)::int`;

/** The payment that took an order's money: at most one succeeded (or since refunded) per order. */
export const takingPayment = and(
  eq(payments.orderId, orders.id),
  inArray(payments.status, ['succeeded', 'refunded']),
);
/** How the money came in: the payment's vendor, `none` when nothing was charged through a gateway. */
export const methodOf = sql<string>`coalesce(${payments.vendor}, 'none')`;

export const paidIn = (start: Date, end: Date) => and(gte(orders.paidAt, start), lt(orders.paidAt, end));
/**
 * Refunds the gateway made in the range. A weighed order's wallet difference is left out: it gave
 * back money paid above the order's total (the buffer), which the collected figures never counted.
 */
export const refundedIn = (start: Date, end: Date) =>
  and(
    eq(refunds.status, 'succeeded'),
    ne(refunds.reason, DIFFERENCE_REASON),
    gte(refunds.updatedAt, start),
    lt(refunds.updatedAt, end),
  );

interface Figures {
  orders: number;
  grossCents: number;
  discountCents: number;
  feeCents: number;
  taxCents: number;
  collectedCents: number;
  refunds: number;
  refundCents: number;
  netCents: number;
}

const noFigures = (): Figures => ({
  orders: 0,
  grossCents: 0,
  discountCents: 0,
  feeCents: 0,
  taxCents: 0,
  collectedCents: 0,
  refunds: 0,
  refundCents: 0,
  netCents: 0,
});

type Sales = Pick<
  Figures,
  'orders' | 'grossCents' | 'discountCents' | 'feeCents' | 'taxCents' | 'collectedCents'
>;

function addSales(into: Figures, s: Sales): void {
  into.orders += s.orders;
  into.grossCents += s.grossCents;
  into.discountCents += s.discountCents;
  into.feeCents += s.feeCents;
  into.taxCents += s.taxCents;
  into.collectedCents += s.collectedCents;
  into.netCents += s.collectedCents;
}

function addRefunds(
  into: { refunds: number; refundCents: number; netCents: number },
  n: number,
  cents: number,
) {
  into.refunds += n;
  into.refundCents += cents;
  into.netCents -= cents;
}

/**
 * The shop's calendar day of a timestamp column, as a `date`: cheaper to group by than the text
 * `to_char` gives (a year's 100,000 orders grouped by text sorted on disk), turned into text once
 * per group by `dayText`.
 */
const shopDayDate = (column: typeof orders.paidAt | typeof refunds.updatedAt, timeZone: string) =>
  sql`(${column} at time zone ${timeZone})::date`;
const dayText = sql<string>`to_char(day, 'YYYY-MM-DD')`;

/** Paid orders by day and method: the rows every other figure of the report is added from. */
function salesByDayAndMethod(db: Db, timeZone: string, start: Date, end: Date) {
  const grouped = db
    .select({
      day: sql`${shopDayDate(orders.paidAt, timeZone)}`.as('day'),
      method: methodOf.as('method'),
      orders: count.as('orders'),
      grossCents: total(sql`${orders.subtotalCents}`).as('gross_cents'),
      discountCents: total(sql`${orders.discountCents}`).as('discount_cents'),
      feeCents: total(sql`${orders.deliveryFeeCents}`).as('fee_cents'),
      taxCents: total(sql`${orders.taxCents}`).as('tax_cents'),
      collectedCents: total(sql`${orders.totalCents}`).as('collected_cents'),
    })
    .from(orders)
    .leftJoin(payments, takingPayment)
    .where(paidIn(start, end))
    // By position: the day's expression holds a parameter, which GROUP BY cannot repeat.
    .groupBy(sql`1`, sql`2`)
    .as('sales');
  return db
    .select({
      date: dayText,
      method: grouped.method,
      orders: grouped.orders,
      grossCents: grouped.grossCents,
      discountCents: grouped.discountCents,
      feeCents: grouped.feeCents,
      taxCents: grouped.taxCents,
      collectedCents: grouped.collectedCents,
    })
    .from(grouped);
}

function refundsByDayAndMethod(db: Db, timeZone: string, start: Date, end: Date) {
  const grouped = db
    .select({
      day: sql`${shopDayDate(refunds.updatedAt, timeZone)}`.as('day'),
      method: methodOf.as('method'),
      refunds: count.as('refunds'),
      refundCents: total(sql`${refunds.amountCents}`).as('refund_cents'),
    })
    .from(refunds)
    .leftJoin(payments, eq(payments.id, refunds.paymentId))
    .where(refundedIn(start, end))
    .groupBy(sql`1`, sql`2`)
    .as('given');
  return db
    .select({
      date: dayText,
      method: grouped.method,
      refunds: grouped.refunds,
      refundCents: grouped.refundCents,
    })
    .from(grouped);
}

function taxByRate(db: Db, start: Date, end: Date) {
  return db
    .select({
      ratePpm: orderTaxes.ratePpm,
      taxableCents: total(sql`${orderTaxes.taxableCents}`),
      taxCents: total(sql`${orderTaxes.taxCents}`),
    })
    .from(orderTaxes)
    .innerJoin(orders, eq(orders.id, orderTaxes.orderId))
    .where(paidIn(start, end))
    .groupBy(orderTaxes.ratePpm)
    .orderBy(asc(orderTaxes.ratePpm));
}

/**
 * Goods sold by product, named as sold: the names of the product's newest line in the range (an
 * order's lines keep the names of when it was placed), not today's catalogue names. The lines are
 * summed by product id first, so only those few sums meet the names, products and categories.
 */
function goodsByProduct(db: Db, start: Date, end: Date) {
  const sold = db
    .select({
      productId: sql<number>`${orderLines.productId}`.as('sold_product'),
      quantity: sql<number>`sum(${orderLines.num})::float8`.as('sold_quantity'),
      grossCents: sql<number>`sum(${orderLines.priceCents} * ${orderLines.num})::float8`.as('sold_cents'),
      newest: sql<number>`max(${orderLines.id})`.as('newest_line'),
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(paidIn(start, end))
    .groupBy(orderLines.productId)
    .as('sold');
  return db
    .select({
      uuid: products.uuid,
      enName: orderLines.enName,
      znName: orderLines.znName,
      categoryKey: categories.key,
      categoryEnName: categories.enName,
      categoryZnName: categories.znName,
      quantity: sold.quantity,
      grossCents: sold.grossCents,
    })
    .from(sold)
    .innerJoin(orderLines, eq(orderLines.id, sold.newest))
    .innerJoin(products, eq(products.id, sold.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .orderBy(desc(sold.grossCents), asc(products.id));
}

/** The report over `range` (days on `timeZone`'s clock, both included), as of `now`. */
export async function salesReport(db: Db, range: ReportRange, timeZone: string, now: Date): Promise<Report> {
  return { today: shopDate(now, timeZone), ...(await salesFigures(db, range, timeZone)) };
}

/** The report's figures over `range`, which its CSV files are written from. */
export async function salesFigures(
  db: Db,
  range: ReportRange,
  timeZone: string,
): Promise<Omit<Report, 'today'>> {
  const { start, end } = rangeInstants(range, timeZone);
  const [sales, given, taxes, goods] = await Promise.all([
    salesByDayAndMethod(db, timeZone, start, end),
    refundsByDayAndMethod(db, timeZone, start, end),
    taxByRate(db, start, end),
    goodsByProduct(db, start, end),
  ]);
  const totals = noFigures();
  const days = new Map<string, Figures>();
  for (let date = range.from; date <= range.to; date = addDays(date, 1)) days.set(date, noFigures());
  const methods = new Map<string, ReturnType<typeof noMethod>>();
  const methodRow = (method: string) => {
    const row = methods.get(method) ?? noMethod(method);
    methods.set(method, row);
    return row;
  };
  for (const s of sales) {
    addSales(totals, s);
    const day = days.get(s.date);
    if (day) addSales(day, s);
    const m = methodRow(s.method);
    m.orders += s.orders;
    m.collectedCents += s.collectedCents;
    m.netCents += s.collectedCents;
  }
  for (const r of given) {
    addRefunds(totals, r.refunds, r.refundCents);
    const day = days.get(r.date);
    if (day) addRefunds(day, r.refunds, r.refundCents);
    addRefunds(methodRow(r.method), r.refunds, r.refundCents);
  }
  const byCategory = new Map<string, Report['byCategory'][number]>();
  for (const g of goods) {
    const c = byCategory.get(g.categoryKey) ?? {
      key: g.categoryKey,
      enName: g.categoryEnName,
      znName: g.categoryZnName,
      quantity: 0,
      grossCents: 0,
    };
    c.quantity += g.quantity;
    c.grossCents += g.grossCents;
    byCategory.set(g.categoryKey, c);
  }
  return {
    from: range.from,
    to: range.to,
    timeZone,
    totals,
    byDay: [...days].map(([date, figures]) => ({ date, ...figures })),
    byMethod: [...methods.values()].sort(
      (a, b) => b.collectedCents - a.collectedCents || cmp(a.method, b.method),
    ),
    taxByRate: taxes,
    byProduct: goods.map(({ uuid, enName, znName, quantity, grossCents }) => ({
      uuid,
      enName,
      znName,
      quantity,
      grossCents,
    })),
    byCategory: [...byCategory.values()].sort((a, b) => b.grossCents - a.grossCents || cmp(a.key, b.key)),
  };
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function noMethod(method: string) {
  return { method, orders: 0, collectedCents: 0, refunds: 0, refundCents: 0, netCents: 0 };
}
