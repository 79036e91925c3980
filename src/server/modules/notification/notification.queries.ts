import { and, asc, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { orderEvents, orderLines, orders, products, users } from '#server/db/schema';
import { NotFound } from '#server/errors';
import { centsToAmount } from '#shared/money';
import {
  NOTIFICATIONS_LISTED,
  type NotificationList,
  type OrderTimeline,
  SHOPPER_EVENT_KINDS,
  type ShopperEvent,
  type ShopperEventDetails,
} from '#shared/schemas/notification';
import { readShopSettings } from '../settings/shop-settings';

/*
 * What a shopper reads of their orders' events (docs/product.md, Following an order): the order's
 * timeline, the bell's list and unread count, and the rows the live stream sends. One record for
 * all three: `order_events`, filtered to SHOPPER_EVENT_KINDS, owner-checked in the query itself.
 */

const VISIBLE = [...SHOPPER_EVENT_KINDS] as string[];

/** An event row as the shopper views are made from. */
export interface EventRow {
  id: number;
  orderId: number;
  orderNo: string;
  userId: number;
  kind: string;
  details: unknown;
  at: Date;
}

const eventColumns = {
  id: orderEvents.id,
  orderId: orderEvents.orderId,
  orderNo: orders.orderNo,
  userId: orders.userId,
  kind: orderEvents.kind,
  details: orderEvents.details,
  at: orderEvents.at,
};

interface Name {
  en_name: string;
  zn_name: string;
}

/** What the views need to name lines and products: order lines by id, products by uuid or id. */
interface Names {
  lines: Map<number, Name>;
  products: Map<string, Name>;
}

const isId = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0;
const isCents = (v: unknown): v is number => Number.isSafeInteger(v);
const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

/** A product reference as events write it: a uuid, an id, or an object holding one. */
function productKey(ref: unknown): string | undefined {
  if (typeof ref === 'string' && ref !== '') return ref.toLowerCase();
  if (isId(ref)) return `#${ref}`;
  if (ref && typeof ref === 'object') {
    const o = ref as Record<string, unknown>;
    return productKey(o.uuid ?? o.productUuid ?? o.product ?? o.id);
  }
  return undefined;
}

function productRefs(details: Record<string, unknown>): unknown[] {
  const list = Array.isArray(details.products) ? details.products : [];
  return [...list, details.replacement, details.substitute, details.product].filter((r) => r != null);
}

const fieldsOf = (details: unknown): Record<string, unknown> =>
  details && typeof details === 'object' && !Array.isArray(details)
    ? (details as Record<string, unknown>)
    : {};

/**
 * The facts of an event a shopper may see, picked by name and type from what the shop wrote: an
 * unknown field, a staff id, a payment id or a refund's reason never leaves the server.
 */
export function shopperDetails(raw: unknown, names: Names): ShopperEventDetails {
  const d = fieldsOf(raw);
  const out: ShopperEventDetails = {};
  const carrier = text(d.carrier);
  const tracking = text(d.tracking);
  if (carrier) out.carrier = carrier;
  if (tracking) out.tracking = tracking;
  const cents = [d.amountCents, d.amount, d.cents].find(isCents);
  if (cents !== undefined) out.amount = centsToAmount(cents);
  if (isCents(d.grams)) out.grams = d.grams;
  const state = text(d.state);
  if (state) out.state = state;
  if (isCents(d.short) && d.short > 0) out.short = d.short;
  if (typeof d.whole === 'boolean') out.whole = d.whole;
  if (d.held === true) out.held = true;
  const lineId = isId(d.line)
    ? d.line
    : isId(fieldsOf(d.line).id)
      ? (fieldsOf(d.line).id as number)
      : undefined;
  const line = lineId === undefined ? undefined : names.lines.get(lineId);
  if (line) out.line = line;
  const named = productRefs(d)
    .map((ref) => names.products.get(productKey(ref) ?? ''))
    .filter((n): n is Name => n !== undefined);
  if (named.length > 0) out.products = named;
  return out;
}

/** Loads the names the events refer to, in two queries at most. */
async function namesOf(db: Db, rows: EventRow[]): Promise<Names> {
  const lineIds = new Set<number>();
  const uuids = new Set<string>();
  const ids = new Set<number>();
  for (const row of rows) {
    const d = fieldsOf(row.details);
    const line = isId(d.line) ? d.line : fieldsOf(d.line).id;
    if (isId(line)) lineIds.add(line);
    for (const ref of productRefs(d)) {
      const key = productKey(ref);
      if (key?.startsWith('#')) ids.add(Number(key.slice(1)));
      else if (key && /^[0-9a-f-]{36}$/.test(key)) uuids.add(key);
    }
  }
  const orderIds = [...new Set(rows.map((r) => r.orderId))];
  const [lineRows, productRows] = await Promise.all([
    lineIds.size === 0
      ? []
      : db
          .select({ id: orderLines.id, en: orderLines.enName, zn: orderLines.znName })
          .from(orderLines)
          .where(and(inArray(orderLines.id, [...lineIds]), inArray(orderLines.orderId, orderIds))),
    uuids.size + ids.size === 0
      ? []
      : db
          .select({ id: products.id, uuid: products.uuid, en: products.enName, zn: products.znName })
          .from(products)
          .where(
            sql`${products.uuid} in ${uuids.size ? [...uuids] : ['00000000-0000-0000-0000-000000000000']}
              or ${products.id} in ${ids.size ? [...ids] : [0]}`,
          ),
  ]);
  const lines = new Map(lineRows.map((l) => [l.id, { en_name: l.en, zn_name: l.zn }]));
  const named = new Map<string, Name>();
  for (const p of productRows) {
    const name = { en_name: p.en, zn_name: p.zn };
    named.set(p.uuid.toLowerCase(), name);
    named.set(`#${p.id}`, name);
  }
  return { lines, products: named };
}

/** The shopper's views of `rows`, in their order. */
export async function shopperEvents(db: Db, rows: EventRow[]): Promise<ShopperEvent[]> {
  if (rows.length === 0) return [];
  const names = await namesOf(db, rows);
  return rows.map((row) => ({
    id: row.id,
    order_no: row.orderNo,
    kind: row.kind,
    at: row.at.toISOString(),
    details: shopperDetails(row.details, names),
  }));
}

/** The order's timeline, oldest first; 404 for an order that is not the shopper's, as if it did not exist. */
export async function orderTimeline(
  db: Db,
  userId: number,
  orderNo: string,
  timeZone: string,
): Promise<OrderTimeline> {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.orderNo, orderNo), eq(orders.userId, userId)));
  if (!order) throw new NotFound('errors:order.notFound');
  const rows = await db
    .select(eventColumns)
    .from(orderEvents)
    .innerJoin(orders, eq(orders.id, orderEvents.orderId))
    .where(and(eq(orderEvents.orderId, order.id), inArray(orderEvents.kind, VISIBLE)))
    .orderBy(asc(orderEvents.at), asc(orderEvents.id));
  const { weightUnit } = await readShopSettings(db);
  return { time_zone: timeZone, weight_unit: weightUnit, events: await shopperEvents(db, rows) };
}

/** The bell: the newest events of the shopper's orders, newest first, and how many came after the last read. */
export async function notificationList(db: Db, userId: number, timeZone: string): Promise<NotificationList> {
  const [user] = await db.select({ readId: users.eventsReadId }).from(users).where(eq(users.id, userId));
  const readUpTo = user?.readId ?? 0;
  const mine = and(eq(orders.userId, userId), inArray(orderEvents.kind, VISIBLE));
  const [settings, rows, [count]] = await Promise.all([
    readShopSettings(db),
    db
      .select(eventColumns)
      .from(orderEvents)
      .innerJoin(orders, eq(orders.id, orderEvents.orderId))
      .where(mine)
      .orderBy(desc(orderEvents.id))
      .limit(NOTIFICATIONS_LISTED),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orderEvents)
      .innerJoin(orders, eq(orders.id, orderEvents.orderId))
      .where(and(mine, gt(orderEvents.id, readUpTo))),
  ]);
  return {
    time_zone: timeZone,
    weight_unit: settings.weightUnit,
    unread: count?.n ?? 0,
    read_up_to: readUpTo,
    events: await shopperEvents(db, rows),
  };
}

/**
 * Marks every event up to `upTo` read. Only ever forward: two tabs marking at once, or an old
 * page marking late, never make read events unread again.
 */
export async function markRead(db: Db, userId: number, upTo: number): Promise<void> {
  await db
    .update(users)
    // Never past the newest event: a made-up id cannot hide the events still to come.
    .set({
      eventsReadId: sql`greatest(${users.eventsReadId}, least(${upTo}::int, (select coalesce(max(${orderEvents.id}), 0) from ${orderEvents})))`,
    })
    .where(eq(users.id, userId));
}

/** Shopper-visible events with an id above `afterId`, oldest first, at most `limit` (the live feed's reads). */
export async function eventsAfter(db: Db, afterId: number, limit: number): Promise<EventRow[]> {
  return db
    .select(eventColumns)
    .from(orderEvents)
    .innerJoin(orders, eq(orders.id, orderEvents.orderId))
    .where(and(gt(orderEvents.id, afterId), inArray(orderEvents.kind, VISIBLE)))
    .orderBy(asc(orderEvents.id))
    .limit(limit);
}

/** The newest event id (where a starting feed begins: it sends only what happens from now on). */
export async function newestEventId(db: Db): Promise<number> {
  const [row] = await db
    .select({ id: sql<number>`coalesce(max(${orderEvents.id}), 0)::int` })
    .from(orderEvents);
  return row?.id ?? 0;
}
