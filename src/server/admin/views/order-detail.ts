import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import {
  orderEvents,
  orderLines,
  orders,
  orderTaxes,
  payments,
  refunds,
  staff,
  users,
} from '#server/db/schema';
import { NotFound } from '#server/errors';
import { mailsOfOrder } from '#server/mail/outbox';
import { marksOfOrder } from '#server/modules/packing/packing.changes';
import { centsToAmount } from '#shared/money';
import { addressOf, slotOf, type Viewer } from './order-viewer';
import { markView } from './packing-day';

/**
 * One order for the console (docs/api.md, Admin: orders): its lines and their packing marks, the
 * payment, refunds and mails, and the timeline of all of them. Money is sent as amounts.
 */

/** Payment statuses that mean the attempt took the money. */
const TOOK_MONEY = ['succeeded', 'refunded'];

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
  const [lines, attempts, events, given, mails, marks, taxes] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, o.id)).orderBy(asc(orderLines.id)),
    db.select().from(payments).where(eq(payments.orderId, o.id)).orderBy(asc(payments.id)),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, o.id)).orderBy(asc(orderEvents.id)),
    db.select().from(refunds).where(eq(refunds.orderId, o.id)).orderBy(asc(refunds.id)),
    mailsOfOrder(db, o.id),
    marksOfOrder(db, o.id),
    db.select().from(orderTaxes).where(eq(orderTaxes.orderId, o.id)).orderBy(asc(orderTaxes.ratePpm)),
  ]);
  const refundedQty = new Map<number, number>();
  let refundedCents = 0;
  // Taken off a held card before its capture counts as given back: it will never be charged.
  for (const r of given.filter((r) => r.status === 'succeeded' || r.status === 'held')) {
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
    taxes: taxes.map((r) => ({
      rate_ppm: r.ratePpm,
      taxable: centsToAmount(r.taxableCents),
      tax: centsToAmount(r.taxCents),
    })),
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
          hold:
            paid.holdState === null
              ? null
              : {
                  state: paid.holdState,
                  held: centsToAmount(paid.heldCents ?? paid.amountCents),
                  captured:
                    paid.holdState === 'captured' && paid.captureCents !== null
                      ? centsToAmount(paid.captureCents)
                      : null,
                  message: paid.holdMessage,
                },
        }
      : null,
    ...(viewer.packer ? {} : { customer: row.user }),
    timeline,
  };
}

/** For entries at the same instant (a clock that did not move): the order things happen in. */
const RANK = [
  'placed',
  'payment',
  'paid',
  'authorized',
  'packed',
  'captured',
  'voided',
  'shipped',
  'completed',
  'refund_failed',
  'refunded',
];
const rankOf = (entry: { kind: string; details: unknown }) => {
  // A mail comes just after the change it tells of.
  const mail = entry.kind === 'mail' ? (entry.details as { mail: string }).mail : undefined;
  const kind = mail ?? entry.kind;
  return (RANK.includes(kind) ? RANK.indexOf(kind) : RANK.length) + (mail ? 0.5 : 0);
};

/** Event details keep cents in the database; the API sends amounts. */
function amountsOf(details: unknown): unknown {
  if (!details || typeof details !== 'object') return details;
  const { amountCents, heldCents, ...rest } = details as Record<string, unknown>;
  return {
    ...rest,
    ...(typeof amountCents === 'number' ? { amount: centsToAmount(amountCents) } : {}),
    ...(typeof heldCents === 'number' ? { held: centsToAmount(heldCents) } : {}),
  };
}
