import type { Tx } from '#server/db/client';
import { enqueueOrderMail, type OrderMailExtra, type OrderMailKind } from '#server/mail/outbox';
import type { OrderChanged, OrderEventKind } from './order.events';

/*
 * The shopper's mail of each order change: listens to `order.changed` (wired in app.ts) and queues
 * the mail in the change's own transaction, so it commits with the change or not at all. Kept out
 * of the state machine, which only says what happened.
 */

/** The mail each change sends the shopper (packing and completing send none). */
const MAIL_OF_CHANGE: Partial<Record<OrderEventKind, OrderMailKind>> = {
  placed: 'placed',
  paid: 'paid',
  shipped: 'shipped',
  cancelled: 'cancelled',
  expired: 'expired',
  refunded: 'refunded',
};

/** What a change's mail says beyond the order itself: the carrier and tracking, a refund's amount and where it went. */
function mailExtraOf(event: OrderChanged): OrderMailExtra {
  const d = event.details;
  const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);
  if (event.kind === 'shipped') {
    const extra: OrderMailExtra = {};
    const carrier = text(d.carrier);
    const tracking = text(d.tracking);
    if (carrier) extra.carrier = carrier;
    if (tracking) extra.tracking = tracking;
    return extra;
  }
  if (event.kind === 'refunded') {
    const to = (d.to ?? {}) as { kind?: string; vendor?: string; cardLast4?: string | null };
    const extra: OrderMailExtra = { cardLast4: to.cardLast4 ?? null };
    if (typeof d.amountCents === 'number') extra.amountCents = d.amountCents;
    if (to.kind) extra.paymentKind = to.kind;
    if (to.vendor) extra.vendor = to.vendor;
    if (d.held === true) extra.notCharged = true;
    return extra;
  }
  return {};
}

/** `order.changed`: queues the change's mail, if it sends one and the shopper does not hear of it otherwise. */
export async function mailOrderChange(event: OrderChanged, tx: Tx): Promise<void> {
  const mail = MAIL_OF_CHANGE[event.kind];
  if (mail && event.mail) await enqueueOrderMail(tx, mail, event.orderId, mailExtraOf(event), event.at);
}
