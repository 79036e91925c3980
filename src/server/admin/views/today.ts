import { and, asc, eq, gte, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { orders, products, refunds } from '#server/db/schema';
import { addDays, dayStart, shopDate } from '#server/shop-time';
import { centsToAmount } from '#shared/money';
import { personName } from '#shared/person-name';
import { ORDER_STATUS } from '#shared/schemas/order';
import { paidIn, refundedIn } from './reports';

export interface TodayOptions {
  /** Unpaid orders expiring within this many minutes are listed. */
  expiringMinutes: number;
  /** Most rows of each list. */
  listMax: number;
}

/** Who asks for Today: the takings (paid orders and revenue) only for staff who may see sales. */
export interface TodayViewer {
  sales: boolean;
}

export const TODAY_DEFAULTS: TodayOptions = { expiringMinutes: 10, listMax: 20 };

/**
 * The console's home: orders waiting to be packed, unpaid orders about to expire, today's paid
 * orders and revenue net of the refunds made today, beside the same weekday last week up to the
 * same time of day (days begin at midnight in the shop's time zone; only for staff who may see
 * sales), and products at or below their low-stock threshold.
 */
export async function today(
  db: Db,
  now: Date,
  timeZone: string,
  viewer: TodayViewer,
  options: TodayOptions = TODAY_DEFAULTS,
) {
  const date = shopDate(now, timeZone);
  const start = dayStart(date, timeZone);
  const lastStart = dayStart(addDays(date, -7), timeZone);
  const lastNow = new Date(lastStart.getTime() + (now.getTime() - start.getTime()));
  const toPackWhere = and(eq(orders.status, ORDER_STATUS.processing), isNull(orders.packedAt));
  const expiringWhere = and(
    eq(orders.status, ORDER_STATUS.pending),
    gte(orders.expiresAt, now),
    lte(orders.expiresAt, new Date(now.getTime() + options.expiringMinutes * 60_000)),
  );
  const lowWhere = and(eq(products.onSale, true), lte(products.realStock, products.lowStockThreshold));
  // Revenue is net of refunds: what was paid in the window less what was given back in it.
  const paidBetween = async (from: Date, to: Date) => {
    const [[paid], [given]] = await Promise.all([
      db
        .select({
          count: sql<number>`count(*)::int`,
          cents: sql<number>`coalesce(sum(${orders.totalCents}), 0)::float8`,
        })
        .from(orders)
        .where(paidIn(from, to)),
      db
        .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::float8` })
        .from(refunds)
        .where(refundedIn(from, to)),
    ]);
    const refunded = given?.cents ?? 0;
    return {
      count: paid?.count ?? 0,
      revenue: centsToAmount((paid?.cents ?? 0) - refunded),
      refunded: centsToAmount(refunded),
    };
  };
  const count = async (table: typeof orders | typeof products, where: SQL | undefined) =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(table).where(where))[0]?.n ?? 0;
  const [toPack, toPackTotal, expiring, lowStock, lowStockTotal, paidToday, paidLastWeek] = await Promise.all(
    [
      db.select().from(orders).where(toPackWhere).orderBy(asc(orders.paidAt)).limit(options.listMax),
      count(orders, toPackWhere),
      db.select().from(orders).where(expiringWhere).orderBy(asc(orders.expiresAt)).limit(options.listMax),
      db
        .select()
        .from(products)
        .where(lowWhere)
        .orderBy(asc(products.realStock), asc(products.id))
        .limit(options.listMax),
      count(products, lowWhere),
      viewer.sales ? paidBetween(start, new Date(now.getTime() + 1)) : null,
      viewer.sales ? paidBetween(lastStart, new Date(lastNow.getTime() + 1)) : null,
    ],
  );
  return {
    date,
    time_zone: timeZone,
    to_pack: {
      total: toPackTotal,
      list: toPack.map((o) => ({
        order_no: o.orderNo,
        paid_at: o.paidAt?.toISOString() ?? null,
        total_count: o.totalCount,
        name: personName({ name: o.shipName, surname: o.shipSurname }),
      })),
    },
    expiring: {
      minutes: options.expiringMinutes,
      list: expiring.map((o) => ({
        order_no: o.orderNo,
        expires_at: o.expiresAt.toISOString(),
        total_price: centsToAmount(o.totalCents),
      })),
    },
    // Left out for staff who may not see the takings (packers).
    ...(paidToday && paidLastWeek ? { paid_today: paidToday, paid_same_day_last_week: paidLastWeek } : {}),
    low_stock: {
      total: lowStockTotal,
      list: lowStock.map((p) => ({
        uuid: p.uuid,
        en_name: p.enName,
        zn_name: p.znName,
        stock: p.realStock,
        threshold: p.lowStockThreshold,
      })),
    },
  };
}
