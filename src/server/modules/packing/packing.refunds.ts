import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { packingLines, payments, refunds } from '#server/db/schema';
import { emit } from '#server/events';
import type { GatewayLog, Gateways } from '#server/gateways/gateway';
import {
  GATEWAY_WORKER_DEFAULTS,
  type LeasedPollingOptions,
  PollingWorker,
  retryDelay,
} from '#server/polling-worker';
import { lockOrder, lockOrderMoney } from '../order/order.lock';
import { giveBack, settleRefund } from '../payment/payment.refund';
import { enqueuePackingMail } from './packing.changes';

/**
 * Sends the refunds packing marks recorded (docs/architecture.md, Packing: refunds exactly once).
 * A mark commits its refund as `queued`; this worker claims due rows with a conditional update over
 * `FOR UPDATE SKIP LOCKED` (several processes never take the same one), holds each for a lease
 * while the gateway is asked (giveBack), and marks it `sent` in the transaction that settles the
 * refund (settleRefund: the same way in as a manager's refund, payment.refund.ts). A process killed after the mark and before the gateway's answer leaves the row queued or
 * within its lease: the next run (at start, then every `pollMs`) sends it. A gateway's no is tried
 * again after a back-off (a card charge cannot be partly refunded before it settles), up to
 * `maxAttempts`, then the row is `failed` and its amount no longer reserved.
 */

export type PackingRefundOptions = LeasedPollingOptions;

export const PACKING_REFUND_DEFAULTS: PackingRefundOptions = GATEWAY_WORKER_DEFAULTS;

export interface PackingRefundDeps {
  db: Db;
  clock: Clock;
  gateways: Gateways;
  log: GatewayLog;
}

type Claimed = typeof packingLines.$inferSelect;

export class PackingRefunds extends PollingWorker<Claimed, PackingRefundOptions> {
  constructor(
    private readonly deps: PackingRefundDeps,
    options: Partial<PackingRefundOptions> = {},
  ) {
    super({ ...PACKING_REFUND_DEFAULTS, ...options }, (err) =>
      deps.log.warn({ err }, 'packing refunds run failed'),
    );
  }

  /** Sends one line's refund now if it is due (right after the packer's mark commits). */
  async sendNow(orderLineId: number): Promise<void> {
    for (const row of await this.claim([orderLineId])) await this.handle(row);
  }

  /** sendNow, but a failure is only logged: the row stays queued and the next run sends it. */
  async sendSoon(orderLineId: number): Promise<void> {
    await this.sendNow(orderLineId).catch((err: unknown) => {
      this.deps.log.warn({ err, line: orderLineId }, 'packing refund not sent now: the worker will');
    });
  }

  protected async claim(only?: number[]): Promise<Claimed[]> {
    const now = this.deps.clock.now();
    const due = and(
      inArray(packingLines.refundState, ['queued', 'sending']),
      lte(packingLines.refundNextAt, now),
      only ? inArray(packingLines.orderLineId, only) : undefined,
    );
    const picked = this.deps.db
      .select({ id: packingLines.orderLineId })
      .from(packingLines)
      .where(due)
      .orderBy(asc(packingLines.refundNextAt))
      .limit(this.options.batch)
      .for('update', { skipLocked: true });
    return this.deps.db
      .update(packingLines)
      .set({
        refundState: 'sending',
        refundAttempts: sql`${packingLines.refundAttempts} + 1`,
        refundNextAt: new Date(now.getTime() + this.options.leaseMs),
      })
      .where(and(inArray(packingLines.orderLineId, picked), due))
      .returning();
  }

  protected async handle(row: Claimed): Promise<void> {
    const { db, clock } = this.deps;
    const mine = and(
      eq(packingLines.orderLineId, row.orderLineId),
      eq(packingLines.refundState, 'sending'),
      eq(packingLines.refundAttempts, row.refundAttempts),
    );
    const [refund] = await db
      .select()
      .from(refunds)
      .where(eq(refunds.id, row.refundId ?? 0));
    const [payment] = refund ? await db.select().from(payments).where(eq(payments.id, refund.paymentId)) : [];
    if (!refund || !payment) {
      await db
        .update(packingLines)
        .set({ refundState: 'failed', refundMessage: 'no refund row' })
        .where(mine);
      return;
    }
    const outcome = await giveBack(
      this.deps,
      payment,
      refund.amountCents,
      refund.amountCents === payment.amountCents,
    );
    const now = clock.now();
    if (!outcome.ok) {
      const givenUp = row.refundAttempts >= this.options.maxAttempts;
      await db.transaction(async (tx) => {
        await lockOrder(tx, { orderId: row.orderId });
        const [left] = await tx
          .update(packingLines)
          .set(
            givenUp
              ? { refundState: 'failed', refundMessage: outcome.message }
              : {
                  refundState: 'queued',
                  refundMessage: outcome.message,
                  refundNextAt: new Date(now.getTime() + retryDelay(row.refundAttempts, this.options)),
                },
          )
          .where(mine)
          .returning({ id: packingLines.orderLineId });
        if (left && givenUp) {
          await tx
            .update(refunds)
            .set({ status: 'failed', message: outcome.message, updatedAt: now })
            .where(eq(refunds.id, refund.id));
          await emit(
            'packing.refundGivenUp',
            {
              refundId: refund.id,
              orderId: row.orderId,
              amountCents: refund.amountCents,
              attempts: row.refundAttempts,
              message: outcome.message,
              at: now,
            },
            tx,
          );
        }
      });
      const facts = { orderId: row.orderId, line: row.orderLineId, attempts: row.refundAttempts };
      if (givenUp) this.deps.log.error({ ...facts, message: outcome.message }, 'packing refund given up');
      else
        this.deps.log.warn({ ...facts, message: outcome.message }, 'packing refund refused: will try again');
      return;
    }
    await db.transaction(async (tx) => {
      // The order, then its payment, then the line: the one lock order of every money path.
      await lockOrderMoney(tx, { orderId: row.orderId });
      const [done] = await tx
        .update(packingLines)
        .set({ refundState: 'sent', refundMessage: null, refundNextAt: null })
        .where(mine)
        .returning({ id: packingLines.orderLineId });
      if (!done) return;
      const { whole } = await settleRefund(tx, refund, payment, { mail: false, now });
      // All of it back (every line short): the order is refunded (6) and will never be packed, so
      // the shopper hears of the changes now.
      if (whole) await enqueuePackingMail(tx, row.orderId, now);
    });
    this.deps.log.info(
      { reference: payment.reference, amountCents: refund.amountCents, line: row.orderLineId },
      'packing refund sent',
    );
  }
}

/** Starts the worker with the app (sending what a crashed process left) and stops it on close. */
export function startPackingRefunds(
  app: { addHook(name: 'onClose', hook: () => Promise<void>): unknown },
  deps: PackingRefundDeps,
  options: Partial<PackingRefundOptions> = {},
): PackingRefunds {
  const worker = new PackingRefunds(deps, options);
  worker.start();
  app.addHook('onClose', () => worker.stop());
  return worker;
}

/** A packing refund given up after its last try, told in the transaction that marks it failed. */
export interface RefundGivenUp {
  refundId: number;
  orderId: number;
  amountCents: number;
  attempts: number;
  message: string;
  at: Date;
}

declare module '#server/events' {
  interface DomainEvents {
    'packing.refundGivenUp': RefundGivenUp;
  }
}
