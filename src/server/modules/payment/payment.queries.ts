import { and, asc, count, eq, isNull, lt, lte, or } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { orderLines, orders, payments } from '#server/db/schema';
import { Conflict, NotFound, TooManyRequests } from '#server/errors';
import { GATEWAY_UNAVAILABLE_MESSAGE } from '#server/gateways/gateway';
import { ORDER_STATUS } from '#shared/schemas/order';
import { PAYMENT_SLOT_MS } from '../order/order.expiry';
import { lockOrder } from '../order/order.lock';

/** Queries on orders and payment attempts that the payment flows share. */

export type OrderRow = typeof orders.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;

/** One of the shopper's orders by number; someone else's answers 404 as if it did not exist. */
export async function ownOrder(db: Db, userId: number, orderNo: string): Promise<OrderRow> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNo, orderNo), eq(orders.userId, userId)));
  if (!order) throw new NotFound('errors:order.notFound');
  return order;
}

/** Throws the 409 that says why an order cannot be paid; returns when it is pending. */
export function assertPending(order: Pick<OrderRow, 'status'>): void {
  if (order.status === ORDER_STATUS.pending) return;
  if (order.status === ORDER_STATUS.cancelled) throw new Conflict('errors:payment.expired');
  if (order.status === ORDER_STATUS.refunded) throw new Conflict('errors:payment.refunded');
  throw new Conflict('errors:payment.alreadyPaid');
}

/** True while an attempt holds the order (see takePaymentSlot). */
export function slotHeld(order: Pick<OrderRow, 'paymentStartedAt'>, now: Date): boolean {
  return (
    order.paymentStartedAt !== null && order.paymentStartedAt.getTime() > now.getTime() - PAYMENT_SLOT_MS
  );
}

/**
 * Takes the order's one payment slot with a conditional update: it succeeds for one caller only
 * while the order is pending and no other attempt started in the last PAYMENT_SLOT_MS.
 */
export async function takePaymentSlot(db: Db, orderId: number, now: Date): Promise<boolean> {
  const stale = new Date(now.getTime() - PAYMENT_SLOT_MS);
  const taken = await db
    .update(orders)
    .set({ paymentStartedAt: now })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, ORDER_STATUS.pending),
        or(isNull(orders.paymentStartedAt), lt(orders.paymentStartedAt, stale)),
      ),
    )
    .returning({ id: orders.id });
  return taken.length > 0;
}

/** How often "Paid Already" may ask the gateway about one order, however often it is pressed. */
export const PAYMENT_CHECK_MS = 5_000;

/**
 * True for one caller per order per PAYMENT_CHECK_MS, across processes (a conditional update):
 * only that caller asks the gateway, so polling "Paid Already" cannot hammer it.
 */
export async function claimPaymentCheck(db: Db, orderId: number, now: Date): Promise<boolean> {
  const due = new Date(now.getTime() - PAYMENT_CHECK_MS);
  const claimed = await db
    .update(orders)
    .set({ paymentCheckedAt: now })
    .where(
      and(eq(orders.id, orderId), or(isNull(orders.paymentCheckedAt), lte(orders.paymentCheckedAt, due))),
    )
    .returning({ id: orders.id });
  return claimed.length > 0;
}

/** Frees the slot this attempt took (and not one a later attempt took after it went stale). */
export async function releasePaymentSlot(db: Db, orderId: number, takenAt: Date): Promise<void> {
  await db
    .update(orders)
    .set({ paymentStartedAt: null })
    .where(and(eq(orders.id, orderId), eq(orders.paymentStartedAt, takenAt)));
}

/** The 409 for an order whose slot could not be taken: paid, expired, or another attempt running. */
export async function slotRefusal(db: Db, orderId: number): Promise<Conflict> {
  const [order] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  try {
    assertPending(order ?? { status: ORDER_STATUS.cancelled });
  } catch (error) {
    if (error instanceof Conflict) return error;
    throw error;
  }
  return new Conflict('errors:payment.inProgress');
}

export interface NewPayment {
  order: Pick<OrderRow, 'id' | 'orderNo' | 'totalCents'>;
  kind: 'card' | 'wallet';
  vendor: string;
  gateway: string;
  now: Date;
  cardLast4?: string;
  cardBrand?: string;
  /** A weighed order's hold (payment.hold.ts): the attempt is for this amount, not the order's total. */
  holdCents?: number | undefined;
  /** Refuse (429) once the order already has this many attempts of this kind. */
  maxAttempts?: number;
}

/**
 * Wallet payments an order may start: each start asks the gateway for a cashier page, so a
 * shopper (or a script) pressing Pay in a loop must not turn into a stream of gateway calls.
 */
export const WALLET_STARTS_PER_ORDER = 10;
/** An order waits ten minutes for its payment; after that a new order is the way on. */
const ATTEMPTS_RETRY_SECONDS = 600;

/**
 * Records an attempt as `started`, for the order's whole amount (a weighed order's: its hold). Its reference is the order number
 * with an attempt suffix (`…-1`, `…-2`). The suffix is drawn while holding the order's row, so
 * parallel attempts on one order number themselves one after the other instead of colliding.
 */
export async function insertPayment(db: Db, p: NewPayment): Promise<PaymentRow> {
  return db.transaction(async (tx) => {
    await lockOrder(tx, { orderId: p.order.id });
    const [existing] = await tx.select({ n: count() }).from(payments).where(eq(payments.orderId, p.order.id));
    if (p.maxAttempts !== undefined) {
      const [same] = await tx
        .select({ n: count() })
        .from(payments)
        .where(and(eq(payments.orderId, p.order.id), eq(payments.kind, p.kind)));
      if ((same?.n ?? 0) >= p.maxAttempts) {
        throw new TooManyRequests(ATTEMPTS_RETRY_SECONDS, 'errors:payment.tooManyStarts');
      }
    }
    const first = (existing?.n ?? 0) + 1;
    // References are consecutive, so the first try is free; a gap left by hand is stepped over.
    for (let attempt = first; attempt < first + 20; attempt++) {
      const [row] = await tx
        .insert(payments)
        .values({
          orderId: p.order.id,
          kind: p.kind,
          vendor: p.vendor,
          gateway: p.gateway,
          reference: `${p.order.orderNo}-${attempt}`,
          status: 'started',
          amountCents: p.holdCents ?? p.order.totalCents,
          ...(p.holdCents === undefined ? {} : { holdState: 'authorized', heldCents: p.holdCents }),
          cardLast4: p.cardLast4 ?? null,
          cardBrand: p.cardBrand ?? null,
          createdAt: p.now,
          updatedAt: p.now,
        })
        .onConflictDoNothing({ target: payments.reference })
        .returning();
      if (row) return row;
    }
    throw new Error(`could not draw a payment reference for order ${p.order.orderNo}`);
  });
}

/** An attempt that took no money: declined, refused, unavailable or failed at the wallet. */
export async function markPaymentFailed(
  db: Db,
  paymentId: number,
  message: string,
  now: Date,
): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'failed', message: message.slice(0, 500), updatedAt: now })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'started')));
}

/**
 * An attempt whose gateway never answered (timeout, dropped connection, garbage): whether the card
 * was charged is unknown, so it stays `started`; the message marks that nobody waits for it any
 * more, and reconcileCardAttempts asks the gateway before the order is charged again.
 */
export async function markPaymentUnanswered(db: Db, paymentId: number, now: Date): Promise<void> {
  await db
    .update(payments)
    .set({ message: GATEWAY_UNAVAILABLE_MESSAGE, updatedAt: now })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'started')));
}

export async function paymentByReference(db: Db, reference: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.reference, reference));
  return row;
}

export async function orderById(db: Db, orderId: number): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return row;
}

/** What the order holds, for the wallet's goods list. */
export async function goodsOf(db: Db, orderId: number): Promise<{ name: string; quantity: number }[]> {
  const lines = await db
    .select({ name: orderLines.enName, quantity: orderLines.num })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
  return lines;
}
