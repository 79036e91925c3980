import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Clock } from '#server/clock';
import type { Db, Tx } from '#server/db/client';
import { payments, refunds } from '#server/db/schema';
import { Conflict } from '#server/errors';
import { emit } from '#server/events';
import type { GatewayLog, GatewayOutcome, Gateways } from '#server/gateways/gateway';
import {
  GATEWAY_WORKER_DEFAULTS,
  type LeasedPollingOptions,
  PollingWorker,
  retryDelay,
} from '#server/polling-worker';
import { formatCents } from '#shared/money';
import type { OrderChanged } from '../order/order.events';
import { lockOrderMoney, succeededOf } from '../order/order.lock';
import { afterOrderChange } from '../order/order.machine';
import { heldOffCents, keptAndHeld, settleHeldOff, settleWholeIfBack } from './payment.held-off';
import type { PaymentRow } from './payment.queries';
import { giveBack, refundsSoFar, reserveRefund, settleRefund } from './payment.refund';

/*
 * A weighed order's payment after packing (docs/architecture.md, Weighed goods): its held card is
 * captured once for the weighed amount, or voided once when the order is cancelled or expires; a
 * wallet, which cannot hold, gets the difference between what it paid and the weighed amount
 * back once. Packing (or cancelling) records the intent on the payment row in its own
 * transaction (`hold_state` capture / void); this worker claims due intents with a conditional
 * update over `FOR UPDATE SKIP LOCKED` (two processes never take the same one), holds each for a
 * lease while the gateway is asked, and records the outcome under the order's lock. A process
 * killed in between leaves the intent due again after its lease: the next try asks the gateway
 * what became of the hold first, so a capture made before the crash is recorded, not repeated.
 */

/** Why a wallet payment got money back after packing (the refunds row's reason). */
export const DIFFERENCE_REASON = 'weighed: difference';

export type HoldWorkerOptions = LeasedPollingOptions;

export const HOLD_WORKER_DEFAULTS: HoldWorkerOptions = GATEWAY_WORKER_DEFAULTS;

export interface HoldDeps {
  db: Db;
  clock: Clock;
  gateways: Gateways;
  log: GatewayLog;
}

/** The held (not yet captured) payment of an order whose money the caller has locked. */
function heldOf(rows: PaymentRow[]): PaymentRow | undefined {
  const paid = succeededOf(rows);
  return paid?.holdState === 'authorized' ? paid : undefined;
}

/**
 * `order.changed` kind `packed` (or `shipped`, for an order shipped without being packed: a hold
 * already asked for is not `authorized` any more), in that change's transaction: records what to keep of a weighed
 * order's payment — the order's total as weighed, less what packing marked short on a held card
 * (a wallet's shorts were refunded already) — or refuses the packing (nothing changes) when that
 * is above what was held. A wallet's difference is reserved here as a `pending` refund.
 */
export async function recordCapture(event: OrderChanged, tx: Tx): Promise<void> {
  if (event.kind !== 'packed' && event.kind !== 'shipped') return;
  const money = await lockOrderMoney(tx, { orderId: event.orderId });
  const payment = money && heldOf(money.payments);
  if (!money || !payment) return;
  const isCard = payment.kind === 'card';
  if (isCard && (await voidUnderWay(tx, payment.id))) throw new Conflict('errors:payment.voidUnderWay');
  const { keep, held } = await keptAndHeld(tx, payment, money.order.id, money.order.totalCents);
  if (keep > held) {
    throw new Conflict('errors:payment.aboveHold', {
      amount: formatCents(keep),
      held: formatCents(held),
    });
  }
  const now = event.at;
  // A wallet's shorts and any manager's refund came out of what it paid already: never give back more.
  const left = held - (await refundsSoFar(tx, payment.id)).reduce((sum, r) => sum + r.amountCents, 0);
  const difference = Math.min(held - keep, left);
  if (!isCard && difference > 0) {
    await reserveRefund(
      tx,
      {
        orderId: money.order.id,
        paymentId: payment.id,
        amountCents: difference,
        lines: [],
        reason: DIFFERENCE_REASON,
      },
      null,
      now,
    );
  }
  await tx
    .update(payments)
    .set({
      // Everything short: nothing is left to charge, so the hold is released instead.
      holdState: isCard && keep <= 0 ? 'void' : 'capture',
      captureCents: Math.max(0, keep),
      holdAttempts: 0,
      holdNextAt: now,
      holdMessage: null,
      updatedAt: now,
    })
    .where(and(eq(payments.id, payment.id), eq(payments.holdState, 'authorized')));
}

/** `order.changed` kinds `cancelled` / `expired`: a held card of the order is to be voided. */
export async function recordVoid(event: OrderChanged, tx: Tx): Promise<void> {
  if (event.kind !== 'cancelled' && event.kind !== 'expired') return;
  const money = await lockOrderMoney(tx, { orderId: event.orderId });
  const payment = money && heldOf(money.payments);
  if (payment?.kind !== 'card') return;
  await tx
    .update(payments)
    .set({ holdState: 'void', holdAttempts: 0, holdNextAt: event.at, holdMessage: null, updatedAt: event.at })
    .where(and(eq(payments.id, payment.id), eq(payments.holdState, 'authorized')));
}

type Outcome = { done: 'captured' | 'voided'; amountCents: number } | { retry: string };

export class HoldWorker extends PollingWorker<PaymentRow, HoldWorkerOptions> {
  constructor(
    private readonly deps: HoldDeps,
    options: Partial<HoldWorkerOptions> = {},
  ) {
    super({ ...HOLD_WORKER_DEFAULTS, ...options }, (err) => deps.log.warn({ err }, 'hold worker run failed'));
  }

  /** Does one order's intent now if it is due (right after packing or cancelling commits). */
  async sendNow(orderId: number): Promise<void> {
    for (const row of await this.claim(orderId)) await this.handle(row);
  }

  /** sendNow, but a failure is only logged: the intent stays due and the next run does it. */
  async sendSoon(orderId: number): Promise<void> {
    await this.sendNow(orderId).catch((err: unknown) => {
      this.deps.log.warn({ err, orderId }, 'hold not settled now: the worker will');
    });
  }

  protected async claim(orderId?: number): Promise<PaymentRow[]> {
    const now = this.deps.clock.now();
    const due = and(
      inArray(payments.holdState, ['capture', 'void']),
      lte(payments.holdNextAt, now),
      orderId === undefined ? undefined : eq(payments.orderId, orderId),
    );
    const picked = this.deps.db
      .select({ id: payments.id })
      .from(payments)
      .where(due)
      .orderBy(asc(payments.holdNextAt))
      .limit(this.options.batch)
      .for('update', { skipLocked: true });
    return this.deps.db
      .update(payments)
      .set({
        holdAttempts: sql`${payments.holdAttempts} + 1`,
        holdNextAt: new Date(now.getTime() + this.options.leaseMs),
      })
      .where(and(inArray(payments.id, picked), due))
      .returning();
  }

  protected async handle(row: PaymentRow): Promise<void> {
    const outcome = await this.settle(row);
    const { db, clock } = this.deps;
    const now = clock.now();
    const mine = and(
      eq(payments.id, row.id),
      eq(payments.holdState, row.holdState ?? ''),
      eq(payments.holdAttempts, row.holdAttempts),
    );
    const facts = { reference: row.reference, intent: row.holdState, attempts: row.holdAttempts };
    if ('retry' in outcome) {
      const givenUp = row.holdAttempts >= this.options.maxAttempts;
      await db
        .update(payments)
        .set(
          givenUp
            ? { holdState: 'failed', holdMessage: outcome.retry, holdNextAt: null, updatedAt: now }
            : {
                holdMessage: outcome.retry,
                holdNextAt: new Date(now.getTime() + retryDelay(row.holdAttempts, this.options)),
              },
        )
        .where(mine);
      if (givenUp) {
        this.deps.log.error({ ...facts, message: outcome.retry }, 'hold given up: settle it by hand');
        await db.transaction((tx) =>
          emit(
            'payment.stuck',
            {
              paymentId: row.id,
              orderId: row.orderId,
              amountCents: row.amountCents,
              currency: row.currency,
              reference: row.reference,
              reason: 'holdNotSettled',
              detail: outcome.retry,
              at: now,
            },
            tx,
          ),
        );
      } else this.deps.log.warn({ ...facts, message: outcome.retry }, 'hold not settled: will try again');
      return;
    }
    await db.transaction(async (tx) => {
      // The order, then its payments: the one lock order of every money path.
      await lockOrderMoney(tx, { orderId: row.orderId });
      const captured = outcome.done === 'captured';
      // What was taken off becomes refunds of the payment below, so it counts them: what is left is the capture.
      const shorts = row.kind === 'card' && captured ? await heldOffCents(tx, row.orderId) : 0;
      const [done] = await tx
        .update(payments)
        .set({
          holdState: outcome.done,
          holdMessage: null,
          holdNextAt: null,
          updatedAt: now,
          // A card's payment is now what was captured: later refunds and the reports count that.
          ...(row.kind === 'card' && captured ? { amountCents: outcome.amountCents + shorts } : {}),
        })
        .where(mine)
        .returning();
      if (!done) return;
      await afterOrderChange(
        tx,
        {
          orderId: row.orderId,
          kind: outcome.done,
          staffId: null,
          details: { amountCents: outcome.amountCents, heldCents: row.heldCents },
          at: now,
        },
        { mail: false },
      );
      await this.settleRefunds(tx, done, row, now);
    });
    this.deps.log.info({ ...facts, amountCents: outcome.amountCents }, `hold ${outcome.done}`);
  }

  /**
   * In the transaction that records the outcome: a wallet's difference, and a card's shorts
   * (which it was never charged), become succeeded refunds, so refunds and reports add up.
   */
  private async settleRefunds(tx: Tx, payment: PaymentRow, row: PaymentRow, now: Date): Promise<void> {
    if (row.kind === 'card') {
      // A card voided because everything was taken off was charged nothing: all of it counts as back.
      const base = row.holdState === 'void' ? { ...payment, amountCents: 0 } : payment;
      const ids = await settleHeldOff(tx, row.id, row.orderId, now);
      const shorts = ids.length > 0 ? await tx.select().from(refunds).where(inArray(refunds.id, ids)) : [];
      for (const refund of shorts) await settleRefund(tx, refund, base, { mail: false, now });
      if (shorts.length === 0) await settleWholeIfBack(tx, base, row.orderId, now);
      return;
    }
    const [difference] = await tx.select().from(refunds).where(differenceOf(row.id));
    if (difference) await settleRefund(tx, difference, payment, { mail: false, now });
  }

  /** Asks the gateway (after asking what became of the hold, on a retry) and reads its answer. */
  private async settle(row: PaymentRow): Promise<Outcome> {
    if (row.gateway !== this.deps.gateways.kind) {
      return { retry: `the payment was taken by the ${row.gateway} gateway` };
    }
    if (row.kind !== 'card') return this.refundDifference(row);
    const card = this.deps.gateways.card;
    const transactionId = row.transactionId ?? '';
    const capture = row.holdState === 'capture';
    const amountCents = capture ? (row.captureCents ?? 0) : 0;
    if (row.holdAttempts > 1) {
      // A try before this one may have reached the gateway: its answer is the hold's state now.
      const state = await card.holdState(transactionId).catch(() => ({ status: 'unavailable' as const }));
      if (state.status === 'captured' && capture) return { done: 'captured', amountCents: state.amountCents };
      if (state.status === 'voided' && !capture) return { done: 'voided', amountCents: 0 };
      if (state.status === 'captured' || state.status === 'voided') {
        return { retry: `the hold is already ${state.status} at the gateway` };
      }
    }
    const outcome: GatewayOutcome = await (capture
      ? card.captureHold({ transactionId, amountCents })
      : card.voidHold(transactionId)
    ).catch((err: unknown) => ({ ok: false, message: err instanceof Error ? err.message : String(err) }));
    if (!outcome.ok) return { retry: outcome.message };
    return capture ? { done: 'captured', amountCents } : { done: 'voided', amountCents: 0 };
  }

  /** A wallet cannot hold: what it paid above the weighed amount goes back through its refund. */
  private async refundDifference(row: PaymentRow): Promise<Outcome> {
    const keep = row.captureCents ?? row.amountCents;
    const [difference] = await this.deps.db.select().from(refunds).where(differenceOf(row.id));
    if (difference) {
      const outcome = await giveBack(this.deps, row, difference.amountCents, false);
      if (!outcome.ok) return { retry: outcome.message };
    }
    return { done: 'captured', amountCents: keep };
  }
}

/**
 * A whole refund of a held card claimed and not settled yet: its void is with the gateway, so
 * packing must not ask for a capture of the same hold (payment.refund.ts settles it).
 */
async function voidUnderWay(tx: Tx, paymentId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.status, 'pending')))
    .limit(1);
  return rows.length > 0;
}

const differenceOf = (paymentId: number) =>
  and(eq(refunds.paymentId, paymentId), eq(refunds.reason, DIFFERENCE_REASON), eq(refunds.status, 'pending'));

/** Starts the worker with the app (settling what a crashed process left) and stops it on close. */
export function startHoldWorker(
  app: { addHook(name: 'onClose', hook: () => Promise<void>): unknown },
  deps: HoldDeps,
  options: Partial<HoldWorkerOptions> = {},
): HoldWorker {
  const worker = new HoldWorker(deps, options);
  worker.start();
  app.addHook('onClose', () => worker.stop());
  return worker;
}
