import { and, eq, inArray } from 'drizzle-orm';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { orders, payments } from '#server/db/schema';
import { Conflict, NotFound } from '#server/errors';
import type { GatewayLog, GatewayOutcome, Gateways } from '#server/gateways/gateway';
import { enqueueOrderMail, refundMailOf } from '#server/mail/outbox';
import { ORDER_STATUS } from '#shared/schemas/order';
import type { PaymentRow } from './payment.queries';

export interface RefundDeps {
  db: Db;
  clock: Clock;
  gateways: Gateways;
  log: GatewayLog;
}

export interface RefundResult {
  orderNo: string;
  amountCents: number;
  kind: string;
  vendor: string;
  reference: string;
  transactionId: string | null;
  cardLast4: string | null;
}

const PAID_STATUSES = [ORDER_STATUS.processing, ORDER_STATUS.shipped, ORDER_STATUS.completed];

/**
 * Gives all of a paid order's money back through the gateway that took it (a card charge not
 * settled yet is voided) and marks the order refunded (6) and its payment `refunded`. The order is
 * claimed first with a conditional update, so two refunds at once give the money back once; when
 * the gateway refuses, the order returns to the status it had.
 */
export async function refundOrder(deps: RefundDeps, orderNo: string): Promise<RefundResult> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.orderNo, orderNo));
  if (!order) throw new NotFound('errors:order.notFound');
  if (order.status === ORDER_STATUS.refunded) throw new Conflict('errors:payment.refunded');
  if (!(PAID_STATUSES as readonly number[]).includes(order.status)) {
    throw new Conflict('errors:payment.notRefundable', { status: String(order.status) });
  }
  const [payment] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, 'succeeded')));
  if (!payment) throw new Conflict('errors:payment.noPayment');
  if (payment.gateway !== deps.gateways.kind && payment.gateway !== 'none') {
    throw new Conflict('errors:payment.otherGateway', { gateway: payment.gateway });
  }
  const claimed = await deps.db
    .update(orders)
    .set({ status: ORDER_STATUS.refunded, updatedAt: deps.clock.now() })
    .where(and(eq(orders.id, order.id), inArray(orders.status, PAID_STATUSES)))
    .returning({ id: orders.id });
  if (claimed.length === 0) throw new Conflict('errors:payment.refunded');
  const outcome = await giveAllBack(deps, payment);
  if (!outcome.ok) {
    await deps.db
      .update(orders)
      .set({ status: order.status, updatedAt: deps.clock.now() })
      .where(and(eq(orders.id, order.id), eq(orders.status, ORDER_STATUS.refunded)));
    throw new Conflict('errors:payment.refundFailed', { message: outcome.message });
  }
  await deps.db
    .update(payments)
    .set({ status: 'refunded', updatedAt: deps.clock.now() })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'succeeded')));
  await enqueueOrderMail(deps.db, 'refunded', order.id, refundMailOf(payment));
  deps.log.info({ reference: payment.reference, amountCents: payment.amountCents }, 'order refunded');
  return {
    orderNo,
    amountCents: payment.amountCents,
    kind: payment.kind,
    vendor: payment.vendor,
    reference: payment.reference,
    transactionId: payment.transactionId,
    cardLast4: payment.cardLast4,
  };
}

async function giveAllBack(deps: RefundDeps, payment: PaymentRow): Promise<GatewayOutcome> {
  if (payment.amountCents === 0 || payment.gateway === 'none') return { ok: true };
  try {
    if (payment.kind === 'card') {
      return await deps.gateways.card.refundCard({
        transactionId: payment.transactionId ?? '',
        amountCents: payment.amountCents,
        last4: payment.cardLast4 ?? '',
        wholeCharge: true,
      });
    }
    return await deps.gateways.wallet.refundWallet({
      reference: payment.reference,
      amountCents: payment.amountCents,
    });
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
}
