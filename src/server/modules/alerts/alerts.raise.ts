import { and, asc, count, eq, isNull, lte, notExists, sql } from 'drizzle-orm';
import type { Clock } from '#server/clock';
import type { Db, Tx } from '#server/db/client';
import { alertLog, orderLines, orders, products, staff } from '#server/db/schema';
import type { AlertMail, LowStockProduct } from '#server/mail/alert-mail';
import { enqueueStaffMails, type MailGivenUp } from '#server/mail/outbox';
import { shopDate } from '#server/shop-time';
import { type AlertKind, alertAllowed, can, isStaffRole, type StaffRole } from '#shared/schemas/staff.rules';
import type { OrderChanged } from '../order/order.events';
import type { RefundGivenUp } from '../packing/packing.refunds';
import type { PaymentStuck, StuckReason } from '../payment/payment.stuck';

/*
 * Staff alerts by mail (docs/product.md, Alerts). Each alert is raised once: the first transaction
 * to insert its `alert_log` row queues the mails, in the transaction of what happened, so they
 * commit with it or not at all; another process raising the same alert waits on the row's unique
 * key and then finds it taken.
 */

/** A stuck payment's `alert_log` kind: one per reason, as a payment may be stuck twice over. */
const PAYMENT_LOG_KINDS = {
  unknown: 'paymentUnknown',
  notGivenBack: 'paymentNotGivenBack',
  mismatch: 'paymentMismatch',
  holdNotSettled: 'paymentHoldNotSettled',
} as const satisfies Record<StuckReason, string>;

/** An alert's key in `alert_log`: what it is about, and (low stock) the shop day. */
type LogKind =
  | 'orderPaid'
  | 'lowStock'
  | 'mailFailed'
  | 'refundFailed'
  | (typeof PAYMENT_LOG_KINDS)[StuckReason];

interface Recipient {
  id: number;
  email: string;
  language: string;
  role: StaffRole;
}

/** The staff who chose `kind` and whose role may still have it (a role can change after choosing). */
async function recipients(tx: Tx | Db, kind: AlertKind): Promise<Recipient[]> {
  const rows = await tx
    .select({ id: staff.id, email: staff.email, language: staff.language, role: staff.role })
    .from(staff)
    .where(and(isNull(staff.removedAt), sql`${kind} = any(${staff.alerts})`))
    .orderBy(asc(staff.id));
  return rows.flatMap((r) =>
    isStaffRole(r.role) && alertAllowed(r.role, kind) ? [{ ...r, role: r.role }] : [],
  );
}

/** Claims the alerts of `subjectIds`: answers those no one raised before (this transaction now holds them). */
async function claim(
  tx: Tx | Db,
  kind: LogKind,
  subjectIds: number[],
  day: string,
  at: Date,
): Promise<number[]> {
  if (subjectIds.length === 0) return [];
  const rows = await tx
    .insert(alertLog)
    .values(subjectIds.map((subjectId) => ({ kind, subjectId, day, createdAt: at })))
    .onConflictDoNothing()
    .returning({ subjectId: alertLog.subjectId });
  return rows.map((r) => r.subjectId);
}

/** `order.changed`: a paid order tells those who chose it, with its amount for those who see money. */
export async function alertOrderPaid(event: OrderChanged, tx: Tx): Promise<void> {
  if (event.kind !== 'paid') return;
  await raiseOrderPaid(tx, event.orderId, event.at);
}

/** Raises the new-paid-order alert of `orderId` once; answers whether this call raised it. */
export async function raiseOrderPaid(tx: Tx, orderId: number, at: Date): Promise<boolean> {
  const to = await recipients(tx, 'orderPaid');
  if (to.length === 0) return false;
  if ((await claim(tx, 'orderPaid', [orderId], '', at)).length === 0) return false;
  const [order] = await tx
    .select({ orderNo: orders.orderNo, totalCents: orders.totalCents })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return false;
  const [lines] = await tx.select({ n: count() }).from(orderLines).where(eq(orderLines.orderId, orderId));
  const lineCount = Number(lines?.n ?? 0);
  await enqueueStaffMails(
    tx,
    to.map((r) => ({
      staffId: r.id,
      to: r.email,
      language: r.language,
      alert: {
        kind: 'orderPaid',
        orderNo: order.orderNo,
        lineCount,
        totalCents: can(r.role, 'sales.view') ? order.totalCents : null,
      },
    })),
    at,
  );
  return true;
}

/**
 * Something that failed for good, as a `failed` alert: its `alert_log` key (the kind and the id of
 * what failed), the order it is about, and the mail that tells it given the order's number.
 */
interface FailedForGood {
  kind: LogKind;
  subjectId: number;
  orderId: number | null;
  at: Date;
  mail: (orderNo: string) => AlertMail;
}

/** Raises a `failed` alert once, to those who chose it; nothing when its order is gone. */
async function raiseFailed(tx: Tx, failed: FailedForGood): Promise<void> {
  if (failed.orderId === null) return;
  const [order] = await tx
    .select({ orderNo: orders.orderNo })
    .from(orders)
    .where(eq(orders.id, failed.orderId));
  if (!order) return;
  const to = await recipients(tx, 'failed');
  if (to.length === 0) return;
  if ((await claim(tx, failed.kind, [failed.subjectId], '', failed.at)).length === 0) return;
  const alert = failed.mail(order.orderNo);
  await enqueueStaffMails(
    tx,
    to.map((r) => ({ staffId: r.id, to: r.email, language: r.language, alert })),
    failed.at,
  );
}

/** `mail.givenUp`: a shopper's mail that will not be sent. */
export const alertMailGivenUp = (event: MailGivenUp, tx: Tx): Promise<void> =>
  raiseFailed(tx, {
    kind: 'mailFailed',
    subjectId: event.mailId,
    orderId: event.orderId,
    at: event.at,
    mail: (orderNo) => ({
      kind: 'mailFailed',
      orderNo,
      mail: event.kind,
      to: event.to,
      attempts: event.attempts,
      error: event.lastError,
    }),
  });

/** `packing.refundGivenUp`: money a short or replaced line owes the shopper that did not go back. */
export const alertRefundGivenUp = (event: RefundGivenUp, tx: Tx): Promise<void> =>
  raiseFailed(tx, {
    kind: 'refundFailed',
    subjectId: event.refundId,
    orderId: event.orderId,
    at: event.at,
    mail: (orderNo) => ({
      kind: 'refundFailed',
      orderNo,
      amountCents: event.amountCents,
      attempts: event.attempts,
      error: event.message,
    }),
  });

/** `payment.stuck`: a payment's money the shop could not settle, once per payment and reason. */
export const alertPaymentStuck = (event: PaymentStuck, tx: Tx): Promise<void> =>
  raiseFailed(tx, {
    kind: PAYMENT_LOG_KINDS[event.reason],
    subjectId: event.paymentId,
    orderId: event.orderId,
    at: event.at,
    mail: (orderNo) => ({
      kind: 'paymentFailed',
      orderNo,
      reason: event.reason,
      amountCents: event.amountCents,
      currency: event.currency,
      reference: event.reference,
      error: event.detail,
    }),
  });

export interface LowStockDeps {
  db: Db;
  clock: Clock;
  /** SHOP_TIME_ZONE: a product is reported once per shop day. */
  timeZone: string;
}

/**
 * The low-stock digest: every product on sale at or below its low-stock level that was not
 * reported today goes into one mail to each member who chose the alert. It reads the products
 * themselves, so every way stock falls (orders, the stock page, imports) is seen on the next sweep;
 * products that go low between two sweeps come together. Answers how many products it reported.
 */
export async function sweepLowStock(deps: LowStockDeps): Promise<number> {
  const now = deps.clock.now();
  const day = shopDate(now, deps.timeZone);
  return deps.db.transaction(async (tx) => {
    const to = await recipients(tx, 'lowStock');
    if (to.length === 0) return 0;
    const low = await tx
      .select({
        id: products.id,
        enName: products.enName,
        znName: products.znName,
        stock: products.realStock,
        threshold: products.lowStockThreshold,
      })
      .from(products)
      .where(
        and(
          eq(products.onSale, true),
          isNull(products.archivedAt),
          lte(products.realStock, products.lowStockThreshold),
          notExists(
            tx
              .select({ one: sql`1` })
              .from(alertLog)
              .where(
                and(
                  eq(alertLog.kind, 'lowStock'),
                  eq(alertLog.subjectId, products.id),
                  eq(alertLog.day, day),
                ),
              ),
          ),
        ),
      )
      .orderBy(asc(products.id));
    const mine = new Set(
      await claim(
        tx,
        'lowStock',
        low.map((p) => p.id),
        day,
        now,
      ),
    );
    const reported: LowStockProduct[] = low.filter((p) => mine.has(p.id));
    if (reported.length === 0) return 0;
    await enqueueStaffMails(
      tx,
      to.map((r) => ({
        staffId: r.id,
        to: r.email,
        language: r.language,
        alert: { kind: 'lowStock', products: reported },
      })),
      now,
    );
    return reported.length;
  });
}
