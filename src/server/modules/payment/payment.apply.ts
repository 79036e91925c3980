import { eq } from 'drizzle-orm';
import type { Tx } from '#server/db/client';
import { payments } from '#server/db/schema';
import type { GatewayLog, GatewayOutcome, Gateways } from '#server/gateways/gateway';
import type { StockChanges } from '../catalogue/catalogue.changes';
import { lockOrderMoney } from '../order/order.lock';
import { afterOrderChange, orderPaid } from '../order/order.machine';
import type { PaymentRow } from './payment.queries';

/**
 * `applied`: the order went 1 → 2 now. `replay`: this attempt was already settled (a repeated
 * notification or poll). `orphan`: money arrived for an order that is no longer pending; the
 * attempt is recorded failed and the money must be given back (see giveBack).
 */
export type ApplyOutcome = 'applied' | 'replay' | 'orphan';

export const ORPHAN_MESSAGE = 'paid after the order stopped waiting for payment: given back';

export interface ApplyInput {
  orderId: number;
  paymentId: number;
  /** The gateway's id for the money taken; null for an order with nothing to pay. */
  transactionId: string | null;
  now: Date;
}

/**
 * Settles one payment attempt that the gateway confirmed, inside the caller's transaction. The
 * order's row and then the attempt's are locked first, so a replay waits and then sees it settled;
 * the order moves 1 → 2 through the state machine (orderPaid: a conditional update, the sold
 * counts grown once), and only when it moved does the attempt become `succeeded`. An attempt
 * already settled answers `replay` and changes nothing.
 */
export async function applyPayment(tx: Tx, stock: StockChanges, input: ApplyInput): Promise<ApplyOutcome> {
  const { orderId, paymentId, transactionId, now } = input;
  // The order, then its payments: the one lock order of every money path (order.lock.ts).
  const money = await lockOrderMoney(tx, { orderId });
  const payment = money?.payments.find((p) => p.id === paymentId);
  if (!payment) throw new Error(`payment ${paymentId} of order ${orderId} does not exist`);
  if (isSettled(payment)) return 'replay';
  if (!(await orderPaid(tx, stock, { orderId, paymentId, now }))) {
    await tx
      .update(payments)
      .set({ status: 'failed', transactionId, message: ORPHAN_MESSAGE, updatedAt: now })
      .where(eq(payments.id, paymentId));
    return 'orphan';
  }
  await tx
    .update(payments)
    .set({ status: 'succeeded', transactionId, message: null, updatedAt: now })
    .where(eq(payments.id, paymentId));
  if (payment.holdState === 'authorized') {
    await afterOrderChange(
      tx,
      { orderId, kind: 'authorized', staffId: null, details: { amountCents: payment.amountCents }, at: now },
      { mail: false },
    );
  }
  return 'applied';
}

/**
 * Settled: it took the money (succeeded, refunded), or money arrived and was given back (failed
 * with a transaction). A failed attempt without a transaction took nothing and may still succeed.
 */
export function isSettled(payment: Pick<PaymentRow, 'status' | 'transactionId'>): boolean {
  return (
    payment.status === 'succeeded' ||
    payment.status === 'refunded' ||
    (payment.status === 'failed' && payment.transactionId !== null)
  );
}

/**
 * Gives back money that arrived for an order no longer pending, through the gateway that took it
 * (a card charge not settled yet is voided). A refusal is logged and answered: the caller raises
 * the staff alert (payment.stuck), as the money now needs a person.
 */
export async function giveBack(
  gateways: Gateways,
  log: GatewayLog,
  payment: PaymentRow,
  transactionId: string,
): Promise<GatewayOutcome> {
  const facts = { reference: payment.reference, orderId: payment.orderId, amountCents: payment.amountCents };
  log.warn(facts, 'payment arrived for an order that is no longer pending: giving it back');
  if (payment.amountCents <= 0) return { ok: true };
  let outcome: GatewayOutcome;
  try {
    outcome =
      payment.kind === 'card' && payment.holdState === 'authorized'
        ? await gateways.card.voidHold(transactionId)
        : payment.kind === 'card'
          ? await gateways.card.refundCard({
              transactionId,
              amountCents: payment.amountCents,
              last4: payment.cardLast4 ?? '',
              wholeCharge: true,
            })
          : await gateways.wallet.refundWallet({
              reference: payment.reference,
              amountCents: payment.amountCents,
            });
  } catch (err) {
    outcome = { ok: false, message: err instanceof Error ? err.message : String(err) };
  }
  if (!outcome.ok) {
    log.error({ ...facts, reason: outcome.message }, 'giving back a payment failed: refund it by hand');
  }
  return outcome;
}
