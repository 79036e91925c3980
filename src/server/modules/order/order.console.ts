import { and, asc, desc, eq, gte, ilike, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { containing } from '#server/db/contains';
import {
  orderEvents,
  orderItems,
  orders,
  payments,
  products,
  refunds,
  staff,
  users,
} from '#server/db/schema';
import { NotFound } from '#server/errors';
import { mailsOfOrder } from '#server/mail/outbox';
import { addDays, dayStart, shopDate } from '#server/shop-time';
import { centsToAmount } from '#shared/money';
import type { Page } from '#shared/schemas/common.rules';
import { ORDER_STATUS } from '#shared/schemas/order';
import type { AdminOrderListInput } from '#shared/schemas/order-admin.zod';
import { marksOfOrder } from './packing.changes';
import { markView } from './packing.console';

/**
 * What the console reads about orders (docs/api.md, Admin: orders): the list, one order with its
 * timeline, packing slips and Today. Money is sent as amounts (dollars, 2 decimals), as elsewhere.
 * `packer` answers leave out the shopper: no e-mail, no phone, no `customer`.
 */

export interface Viewer {
  /** A packer sees an order's lines and delivery address, not the shopper's e-mail or phone. */
  packer: boolean;
  timeZone: string;
}

type OrderRecord = typeof orders.$inferSelect;

/** The delivery window the order holds (issue 19), or null. */
const slotOf = (o: OrderRecord, timeZone: string) =>
  o.slotStartsAt && o.slotEndsAt
    ? { starts_at: o.slotStartsAt.toISOString(), ends_at: o.slotEndsAt.toISOString(), time_zone: timeZone }
    : null;

/** Payment statuses that mean the attempt took the money. */
const TOOK_MONEY = ['succeeded', 'refunded'];

/** The vendor of the payment that took the order's money, if any. */
const methodOf = sql<
  string | null
>`(select ${payments.vendor} from ${payments} where ${payments.orderId} = ${orders.id} and ${payments.status} in ('succeeded', 'refunded') limit 1)`;

function searchOf(q: string, viewer: Viewer): SQL | undefined {
  const text = q.trim();
  if (!text) return undefined;
  const like = containing(text);
  const name = sql`(${orders.shipName} || ' ' || ${orders.shipSurname}) ilike ${like}`;
  const byNumber = ilike(orders.orderNo, like);
  if (viewer.packer) return or(byNumber, name);
  return or(byNumber, name, ilike(users.email, like), ilike(users.name, like), ilike(orders.shipPhone, like));
}

/** Orders newest first, filtered and paged by the database. */
export async function listAdminOrders(
  db: Db,
  input: AdminOrderListInput,
  viewer: Viewer,
): Promise<Page<Record<string, unknown>>> {
  const where = and(
    input.status === undefined ? undefined : eq(orders.status, input.status),
    input.stage === 'packing'
      ? and(eq(orders.status, ORDER_STATUS.processing), isNull(orders.packedAt))
      : undefined,
    input.from === undefined ? undefined : gte(orders.createdAt, dayStart(input.from, viewer.timeZone)),
    input.to === undefined
      ? undefined
      : lt(orders.createdAt, dayStart(addDays(input.to, 1), viewer.timeZone)),
    input.method === undefined
      ? undefined
      : sql`exists (select 1 from ${payments} where ${payments.orderId} = ${orders.id} and ${payments.status} in ('succeeded', 'refunded') and ${payments.vendor} = ${input.method})`,
    searchOf(input.q, viewer),
  );
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where);
  const rows = await db
    .select({ order: orders, email: users.email, method: methodOf })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(input.page_size)
    .offset((input.page - 1) * input.page_size);
  return {
    list: rows.map(({ order: o, email, method }) => ({
      order_no: o.orderNo,
      status: o.status,
      packed: o.packedAt !== null,
      created_at: o.createdAt.toISOString(),
      paid_at: o.paidAt?.toISOString() ?? null,
      slot: slotOf(o, viewer.timeZone),
      total_price: centsToAmount(o.totalCents),
      total_count: o.totalCount,
      name: `${o.shipName} ${o.shipSurname}`.trim(),
      ...(viewer.packer ? {} : { email }),
      method,
    })),
    total: counted?.n ?? 0,
    page: input.page,
    page_size: input.page_size,
  };
}

function addressOf(o: OrderRecord, viewer: Viewer) {
  return {
    name: o.shipName,
    surname: o.shipSurname,
    ...(viewer.packer ? {} : { phone: o.shipPhone }),
    address: o.shipAddress,
    area: o.shipArea,
    city: o.shipCity,
    province: o.shipProvince,
    zip: o.shipZip,
  };
}

interface RefundLine {
  id: number;
  qty: number;
}
const linesOf = (value: unknown): RefundLine[] => (Array.isArray(value) ? (value as RefundLine[]) : []);

/** One order for the console: lines, totals, address, the shopper (not for packers), timeline. */
export async function adminOrderDetail(
  db: Db,
  orderNo: string,
  viewer: Viewer,
): Promise<Record<string, unknown>> {
  const [row] = await db
    .select({ order: orders, user: { uuid: users.uuid, email: users.email, name: users.name } })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.orderNo, orderNo));
  if (!row) throw new NotFound('errors:order.notFound');
  const o = row.order;
  const [lines, attempts, events, given, mails, marks] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, o.id)).orderBy(asc(orderItems.id)),
    db.select().from(payments).where(eq(payments.orderId, o.id)).orderBy(asc(payments.id)),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, o.id)).orderBy(asc(orderEvents.id)),
    db.select().from(refunds).where(eq(refunds.orderId, o.id)).orderBy(asc(refunds.id)),
    mailsOfOrder(db, o.id),
    marksOfOrder(db, o.id),
  ]);
  const refundedQty = new Map<number, number>();
  let refundedCents = 0;
  for (const r of given.filter((r) => r.status === 'succeeded')) {
    refundedCents += r.amountCents;
    for (const l of linesOf(r.lines)) refundedQty.set(l.id, (refundedQty.get(l.id) ?? 0) + l.qty);
  }
  const paid = attempts.find((p) => TOOK_MONEY.includes(p.status));
  const staffIds = [
    ...new Set([...events, ...given].flatMap((e) => (e.staffId === null ? [] : [e.staffId]))),
  ];
  const names = new Map(
    staffIds.length === 0
      ? []
      : (
          await db.select({ id: staff.id, name: staff.name }).from(staff).where(inArray(staff.id, staffIds))
        ).map((s) => [s.id, s.name] as const),
  );
  const who = (staffId: number | null) => ({
    staff_id: staffId,
    staff_name: staffId === null ? null : (names.get(staffId) ?? null),
  });
  const timeline = [
    ...events.map((e) => ({ at: e.at, kind: e.kind, ...who(e.staffId), details: e.details })),
    ...attempts.map((p) => ({
      at: p.createdAt,
      kind: 'payment',
      ...who(null),
      details: {
        method: p.vendor,
        status: p.status,
        amount: centsToAmount(p.amountCents),
        card_last4: p.cardLast4,
        gateway_message: p.message,
        answered_at: p.updatedAt.toISOString(),
      },
    })),
    ...given
      .filter((r) => r.status === 'failed')
      .map((r) => ({
        at: r.updatedAt,
        kind: 'refund_failed',
        ...who(r.staffId),
        details: { amount: centsToAmount(r.amountCents), reason: r.reason, gateway_message: r.message },
      })),
    // Each mail to the shopper, right after the change it tells of, with how its delivery goes
    // (a mail server's refusal may quote the address: not for packers).
    ...mails.map((m) => ({
      at: m.createdAt,
      kind: 'mail',
      ...who(null),
      details: {
        mail: m.kind,
        state: m.state,
        attempts: m.attempts,
        sent_at: m.sentAt?.toISOString() ?? null,
        ...(viewer.packer ? {} : { last_error: m.lastError }),
      },
    })),
  ]
    .sort((a, b) => a.at.getTime() - b.at.getTime() || rankOf(a) - rankOf(b))
    .map((entry) => ({ ...entry, at: entry.at.toISOString(), details: amountsOf(entry.details) }));
  return {
    order_no: o.orderNo,
    status: o.status,
    packed_at: o.packedAt?.toISOString() ?? null,
    shipped_at: o.shippedAt?.toISOString() ?? null,
    carrier: o.carrier,
    tracking: o.tracking,
    created_at: o.createdAt.toISOString(),
    expires_at: o.expiresAt.toISOString(),
    paid_at: o.paidAt?.toISOString() ?? null,
    slot: slotOf(o, viewer.timeZone),
    coupon: o.couponCode,
    subtotal: centsToAmount(o.subtotalCents),
    discount: centsToAmount(o.discountCents),
    tax: centsToAmount(o.taxCents),
    delivery_fee: centsToAmount(o.deliveryFeeCents),
    total_price: centsToAmount(o.totalCents),
    total_count: o.totalCount,
    refunded: centsToAmount(refundedCents),
    lines: lines.map((l) => ({
      id: l.id,
      uuid: l.productUuid,
      en_name: l.enName,
      zn_name: l.znName,
      image: l.image,
      price: centsToAmount(l.priceCents),
      num: l.num,
      refunded_num: refundedQty.get(l.id) ?? 0,
      when_missing: l.whenMissing,
      packing: markView(marks.get(l.id)),
    })),
    address: addressOf(o, viewer),
    payment: paid
      ? {
          method: paid.vendor,
          kind: paid.kind,
          status: paid.status,
          card_last4: paid.cardLast4,
          reference: paid.reference,
        }
      : null,
    ...(viewer.packer ? {} : { customer: row.user }),
    timeline,
  };
}

/** For entries at the same instant (a clock that did not move): the order things happen in. */
const RANK = ['placed', 'payment', 'paid', 'packed', 'shipped', 'completed', 'refund_failed', 'refunded'];
const rankOf = (entry: { kind: string; details: unknown }) => {
  // A mail comes just after the change it tells of.
  const mail = entry.kind === 'mail' ? (entry.details as { mail: string }).mail : undefined;
  const kind = mail ?? entry.kind;
  return (RANK.includes(kind) ? RANK.indexOf(kind) : RANK.length) + (mail ? 0.5 : 0);
};

/** Event details keep cents in the database; the API sends amounts. */
function amountsOf(details: unknown): unknown {
  if (!details || typeof details !== 'object') return details;
  const { amountCents, ...rest } = details as Record<string, unknown>;
  return typeof amountCents === 'number' ? { ...rest, amount: centsToAmount(amountCents) } : rest;
}

/**
 * What a packing list prints (the orders ticked in the list, or a delivery slot's): each order's
 * window and lines in both languages, with what the shopper wants if a line is missing.
 */
export async function packingSlips(db: Db, orderNos: string[], viewer: Viewer) {
  const found = await db.select().from(orders).where(inArray(orders.orderNo, orderNos));
  const items =
    found.length === 0
      ? []
      : await db
          .select({ line: orderItems, productKey: products.key })
          .from(orderItems)
          .innerJoin(products, eq(products.id, orderItems.productId))
          .where(
            inArray(
              orderItems.orderId,
              found.map((o) => o.id),
            ),
          )
          .orderBy(asc(orderItems.id));
  const byNo = new Map(found.map((o) => [o.orderNo, o]));
  return {
    orders: orderNos.flatMap((no) => {
      const o = byNo.get(no);
      if (!o) return [];
      return [
        {
          order_no: o.orderNo,
          status: o.status,
          packed: o.packedAt !== null,
          created_at: o.createdAt.toISOString(),
          paid_at: o.paidAt?.toISOString() ?? null,
          slot: slotOf(o, viewer.timeZone),
          address: addressOf(o, viewer),
          total_count: o.totalCount,
          lines: items
            .filter((i) => i.line.orderId === o.id)
            .map(({ line, productKey }) => ({
              id: line.id,
              key: productKey,
              en_name: line.enName,
              zn_name: line.znName,
              num: line.num,
              when_missing: line.whenMissing,
            })),
        },
      ];
    }),
    missing: orderNos.filter((no) => !byNo.has(no)),
  };
}

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
 * orders and revenue beside the same weekday last week up to the same time of day (days begin at
 * midnight in the shop's time zone; only for staff who may see sales), and products at or below
 * their low-stock threshold.
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
  const paidBetween = async (from: Date, to: Date) => {
    const [r] = await db
      .select({
        count: sql<number>`count(*)::int`,
        cents: sql<number>`coalesce(sum(${orders.totalCents}), 0)::int`,
      })
      .from(orders)
      .where(and(gte(orders.paidAt, from), lt(orders.paidAt, to)));
    return { count: r?.count ?? 0, revenue: centsToAmount(r?.cents ?? 0) };
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
        name: `${o.shipName} ${o.shipSurname}`.trim(),
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
