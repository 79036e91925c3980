import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { payments, refunds } from '#server/db/schema';

/**
 * What an order's shopper paid with and was given back (docs/product.md, Order detail): the
 * order page and every order mail show it. Kept apart from the payment module, which builds on
 * the order module, so both the order's reads and the mail can use it.
 */
export interface OrderMoney {
  /** The attempt that took the money; null while nothing was paid (a free order has none either). */
  payment: {
    kind: 'card' | 'wallet';
    vendor: string;
    cardBrand: string | null;
    cardLast4: string | null;
  } | null;
  /** Given back so far: refunds the gateway made, and what was taken off a held card before its capture. */
  refundedCents: number;
}

/** Payment statuses that mean the attempt took the money (as the console's order view counts them). */
const TOOK_MONEY = ['succeeded', 'refunded'];
/** Refund statuses that count as given back: done at the gateway, or never charged (a held card). */
const GIVEN_BACK = ['succeeded', 'held'];

/** The payment and refunds of one order. */
export async function orderMoney(db: Db, orderId: number): Promise<OrderMoney> {
  const [paid, given] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), inArray(payments.status, TOOK_MONEY)))
      .orderBy(asc(payments.id))
      .limit(1),
    db
      .select({ amountCents: refunds.amountCents })
      .from(refunds)
      .where(and(eq(refunds.orderId, orderId), inArray(refunds.status, GIVEN_BACK))),
  ]);
  const p = paid[0];
  return {
    payment: p
      ? {
          kind: p.kind === 'wallet' ? 'wallet' : 'card',
          vendor: p.vendor,
          cardBrand: p.kind === 'card' ? p.cardBrand : null,
          cardLast4: p.kind === 'card' ? p.cardLast4 : null,
        }
      : null,
    refundedCents: given.reduce((sum, r) => sum + r.amountCents, 0),
  };
}

/** What the shopper paid less what came back; null for an order never paid. */
export function netPaidCents(order: { totalCents: number; paidAt: Date | null }, refundedCents: number) {
  return order.paidAt === null ? null : Math.max(0, order.totalCents - refundedCents);
}
