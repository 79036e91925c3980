/*
 * What the order domain tells others (events.ts): each change of an order, in the transaction that
 * made it, and the moment before an order is packed. Who listens is wired in app.ts: mail queues
 * the shopper's mail; packing refuses to pack half-marked orders and tells the shopper what was
 * short or replaced.
 */

export type OrderEventKind =
  | 'placed'
  | 'paid'
  | 'packed'
  | 'shipped'
  | 'completed'
  | 'cancelled'
  | 'expired'
  | 'refunded'
  | 'line_marked'
  | 'substitution_proposed'
  | 'substitution_approved'
  | 'substitution_declined'
  | 'substitution_expired'
  /** A weighed order's card held, or wallet paid, for its estimate plus the buffer (details: amountCents). */
  | 'authorized'
  /** The weighed amount kept, once, after packing (details: amountCents; heldCents). */
  | 'captured'
  /** A hold released, once (details: amountCents). */
  | 'voided'
  /** A weighed line got its weight at packing: details { line, grams, cents }. */
  | 'weighed';

/** One entry of an order's timeline (`order_events`). */
export interface OrderEvent {
  orderId: number;
  kind: OrderEventKind;
  /** The staff member who did it; null for the shopper, the payment code and the command line. */
  staffId: number | null;
  details: Record<string, unknown>;
  at: Date;
}

/** An order changed: its timeline entry, and whether the shopper is to hear of it by the change's own mail. */
export interface OrderChanged extends OrderEvent {
  /** False when the shopper hears of it otherwise (a packing refund: the packing mail lists it). */
  mail: boolean;
}

declare module '#server/events' {
  interface DomainEvents {
    /** After the change is written; listeners may add to the transaction (the mail outbox). */
    'order.changed': OrderChanged;
    /** An order is about to be packed, locked: a listener that throws refuses the packing. */
    'order.packing': { orderId: number; at: Date };
  }
}
