import { and, asc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Tx } from '#server/db/client';
import { couponRedemptions, orderEvents, orders } from '#server/db/schema';
import { Conflict, NotFound } from '#server/errors';
import { emit } from '#server/events';
import type { MessageParams } from '#server/i18n';
import { ORDER_STATUS, type OrderStatus, orderStatusName } from '#shared/schemas/order';
import type { StockChanges } from '../catalogue/catalogue.changes';
import { releaseSlots } from '../slots/slot.hold';
import type { OrderEvent, OrderEventKind } from './order.events';
import { lockOrder } from './order.lock';

/**
 * The order state machine (docs/architecture.md, Order state machine): the only code that changes
 * an order's status. Shoppers see statuses 1–6; "packed" is a sub-state of processing
 * (`orders.packed_at`). Each change is a conditional update, so two staff members (or a payment and
 * an expiry) cannot both move one order, and each one passes through `afterOrderChange` in the
 * same transaction, which writes the order's timeline.
 */

export type { OrderEvent, OrderEventKind } from './order.events';

/**
 * Every order change passes through here, inside the transaction that made it: it writes the
 * order's timeline and tells the listeners (`order.changed`: the shopper's mail, packing's), so
 * nothing they add can be left out when the change commits, nor kept when it rolls back.
 */
export async function afterOrderChange(
  tx: Tx,
  event: OrderEvent,
  options: { mail?: boolean } = {},
): Promise<void> {
  await writeOrderEvent(tx, event);
  await emit('order.changed', { ...event, mail: options.mail !== false }, tx);
}

async function writeOrderEvent(tx: Tx, event: OrderEvent): Promise<void> {
  await tx.insert(orderEvents).values(event);
}

/**
 * How long one payment attempt holds its order (`orders.payment_started_at`); after that a crashed
 * attempt no longer blocks paying again, and expiry no longer waits for it.
 */
export const PAYMENT_SLOT_MS = 2 * 60_000;

/** Returns the stock of orders just moved out of "pending" and releases their coupons and delivery windows (exactly once). */
async function releaseOrders(tx: Tx, stock: StockChanges, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await stock.putBack(orderIds);
  await tx.delete(couponRedemptions).where(inArray(couponRedemptions.orderId, orderIds));
  await releaseSlots(tx, orderIds);
}

/** What staff (console or command line) may do to an order. */
export type OrderAction = 'pack' | 'ship' | 'complete' | 'cancel';
export const ORDER_ACTIONS: readonly OrderAction[] = ['pack', 'ship', 'complete', 'cancel'];

/** Paid orders: the statuses money can be given back from. */
export const PAID_STATUSES: readonly OrderStatus[] = [
  ORDER_STATUS.processing,
  ORDER_STATUS.shipped,
  ORDER_STATUS.completed,
];

interface Rule {
  from: OrderStatus;
  to: OrderStatus;
  kind: OrderEventKind;
}

const RULES: Record<OrderAction, Rule> = {
  pack: { from: ORDER_STATUS.processing, to: ORDER_STATUS.processing, kind: 'packed' },
  ship: { from: ORDER_STATUS.processing, to: ORDER_STATUS.shipped, kind: 'shipped' },
  complete: { from: ORDER_STATUS.shipped, to: ORDER_STATUS.completed, kind: 'completed' },
  cancel: { from: ORDER_STATUS.pending, to: ORDER_STATUS.cancelled, kind: 'cancelled' },
};

/** The statuses an action moves an order from and to (for the command line's help). */
export function ruleOf(action: OrderAction): { from: OrderStatus; to: OrderStatus } {
  return RULES[action];
}

/** A status as a message parameter, said in the caller's language. */
export function statusParam(status: number): MessageParams[string] {
  return { key: `errors:order.statusName.${orderStatusName(status) ?? 'unknown'}` };
}

/** 409 saying why `action` is not allowed for an order in `status` (e.g. "A shipped order cannot be cancelled."). */
export function refusal(action: OrderAction | 'refund', status: number, packed = false): Conflict {
  if (action === 'pack' && packed && status === ORDER_STATUS.processing) {
    return new Conflict('errors:order.alreadyPacked');
  }
  return new Conflict(`errors:order.refused.${action}`, { status: statusParam(status) });
}

export type OrderRecord = typeof orders.$inferSelect;

export interface ActInput {
  orderNo: string;
  action: OrderAction;
  staffId: number | null;
  now: Date;
  /** ship: what the shop says about the parcel, both optional. */
  carrier?: string | undefined;
  tracking?: string | undefined;
  /** cancel: the shopper cancelled their own unpaid order (the timeline says so). */
  byShopper?: boolean;
}

/**
 * Does `action` to the order in the caller's transaction, or refuses it (404 unknown order, 409
 * not allowed now, saying why). Cancelling returns the stock and the coupon. Answers the order
 * before and after, for the audit log.
 */
export async function actOnOrder(
  tx: Tx,
  stock: StockChanges,
  input: ActInput,
): Promise<{ before: OrderRecord; after: OrderRecord }> {
  const { action, now } = input;
  const rule = RULES[action];
  // Locked first (order.lock.ts): a packer's mark cannot slip in between the check and the change.
  const before = await lockOrder(tx, { orderNo: input.orderNo });
  if (!before) throw new NotFound('errors:order.notFound');
  // Packing may refuse (an order whose lines are half marked).
  if (action === 'pack') await emit('order.packing', { orderId: before.id, at: now }, tx);
  const carrier = input.carrier?.trim() || null;
  const tracking = input.tracking?.trim() || null;
  const set: Partial<OrderRecord> = { status: rule.to, updatedAt: now };
  if (action === 'pack') set.packedAt = now;
  if (action === 'ship') Object.assign(set, { shippedAt: now, carrier, tracking });
  const [after] = await tx
    .update(orders)
    .set(set)
    .where(
      and(
        eq(orders.id, before.id),
        eq(orders.status, rule.from),
        action === 'pack' ? isNull(orders.packedAt) : undefined,
      ),
    )
    .returning();
  if (!after) {
    const [now] = await tx
      .select({ status: orders.status, packedAt: orders.packedAt })
      .from(orders)
      .where(eq(orders.id, before.id));
    throw refusal(action, now?.status ?? before.status, (now ?? before).packedAt !== null);
  }
  if (action === 'cancel') await releaseOrders(tx, stock, [after.id]);
  const details: Record<string, unknown> =
    action === 'ship' ? { carrier, tracking } : input.byShopper ? { by: 'shopper' } : {};
  await afterOrderChange(tx, {
    orderId: after.id,
    kind: rule.kind,
    staffId: input.staffId,
    details,
    at: now,
  });
  return { before, after };
}

/** A new order (status 1, inserted by OrderService.place): its first timeline entry. */
export async function orderPlaced(tx: Tx, orderId: number, now: Date): Promise<void> {
  await afterOrderChange(tx, { orderId, kind: 'placed', staffId: null, details: {}, at: now });
}

/**
 * A confirmed payment: the order goes 1 → 2 and the lines' sold counts grow, once. False when the
 * order is no longer pending (the payment code then gives the money back).
 */
export async function orderPaid(
  tx: Tx,
  stock: StockChanges,
  input: { orderId: number; paymentId: number; now: Date },
): Promise<boolean> {
  const { orderId, now } = input;
  const moved = await tx
    .update(orders)
    .set({ status: ORDER_STATUS.processing, paidAt: now, updatedAt: now, paymentStartedAt: null })
    .where(and(eq(orders.id, orderId), eq(orders.status, ORDER_STATUS.pending)))
    .returning({ id: orders.id });
  if (moved.length === 0) return false;
  await stock.addSold(orderId);
  await afterOrderChange(tx, {
    orderId,
    kind: 'paid',
    staffId: null,
    details: { paymentId: input.paymentId },
    at: now,
  });
  return true;
}

/**
 * Expires pending orders whose ten minutes are up (status 5, stock and coupon back), skipping an
 * order whose payment attempt is under way (at most PAYMENT_SLOT_MS). A conditional update, so
 * several processes sweeping at once expire each order once. Answers how many it expired.
 */
export async function expireOrders(
  tx: Tx,
  stock: StockChanges,
  input: { now: Date; userId?: number | undefined },
): Promise<number> {
  const { now, userId } = input;
  const overdue = and(
    eq(orders.status, ORDER_STATUS.pending),
    lte(orders.expiresAt, now),
    or(
      isNull(orders.paymentStartedAt),
      lte(orders.paymentStartedAt, new Date(now.getTime() - PAYMENT_SLOT_MS)),
    ),
    userId === undefined ? undefined : eq(orders.userId, userId),
  );
  // The order rows first and by id (order.lock.ts), so two sweeps never hold each other's.
  const due = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(overdue)
    .orderBy(asc(orders.id))
    .for('no key update');
  if (due.length === 0) return 0;
  const expired = await tx
    .update(orders)
    .set({ status: ORDER_STATUS.cancelled, updatedAt: now })
    .where(
      and(
        inArray(
          orders.id,
          due.map((o) => o.id),
        ),
        overdue,
      ),
    )
    .returning({ id: orders.id });
  const ids = expired.map((o) => o.id);
  await releaseOrders(tx, stock, ids);
  for (const orderId of ids) {
    await afterOrderChange(tx, { orderId, kind: 'expired', staffId: null, details: {}, at: now });
  }
  return ids.length;
}

export interface RefundFacts {
  orderId: number;
  refundId: number;
  amountCents: number;
  lines: { id: number; qty: number }[];
  reason: string;
  /** Whether this refund brings what was given back up to all that was paid. */
  whole: boolean;
  /** Where the money went back: the payment's kind (card or wallet), vendor and card's last four digits. */
  to: { kind: string; vendor: string; cardLast4: string | null };
  staffId: number | null;
  now: Date;
  /** False when the shopper hears of it otherwise (packing refunds: the packing mail lists them). */
  mail?: boolean;
  /** Taken off a held card's capture: nothing was charged, so nothing goes back to the bank. */
  held?: boolean;
}

/** A paid order all of whose money is back is 6 (refunded); any other status stays. */
export async function markOrderRefunded(tx: Tx, orderId: number, now: Date): Promise<void> {
  await tx
    .update(orders)
    .set({ status: ORDER_STATUS.refunded, updatedAt: now })
    .where(and(eq(orders.id, orderId), inArray(orders.status, [...PAID_STATUSES])));
}

/**
 * Money given back (the gateway has said yes): all of it moves a paid order to 6 (refunded);
 * part of it keeps the status and shows on the timeline.
 */
export async function orderRefunded(tx: Tx, facts: RefundFacts): Promise<void> {
  const { orderId, now } = facts;
  if (facts.whole) await markOrderRefunded(tx, orderId, now);
  await afterOrderChange(
    tx,
    {
      orderId,
      kind: 'refunded',
      staffId: facts.staffId,
      details: {
        refundId: facts.refundId,
        amountCents: facts.amountCents,
        lines: facts.lines,
        reason: facts.reason,
        whole: facts.whole,
        to: facts.to,
        ...(facts.held ? { held: true } : {}),
      },
      at: now,
    },
    { mail: facts.mail !== false },
  );
}
