import { and, eq } from 'drizzle-orm';
import type { Clock } from '#server/clock';
import type { Db, Tx } from '#server/db/client';
import { orderLines, type orders, packingLines, type payments, products } from '#server/db/schema';
import { Conflict, NotFound } from '#server/errors';
import { ORDER_STATUS } from '#shared/schemas/order';
import { chargedPriceOf, type PackingState } from '#shared/schemas/packing.rules';
import { linePaidOf, moneyShareOf, unitsShareOf } from '#shared/tax';
import { runningPromotionPrices } from '../catalogue/pricing';
import { lockOrderMoney, succeededOf } from '../order/order.lock';
import { afterOrderChange } from '../order/order.machine';
import { refundedQty, refundsSoFar, reserveRefund } from '../payment/payment.refund';
import type { PackingLineRecord } from './packing.changes';
import type { PackingRefunds } from './packing.refunds';
import { checkWeighing, settleWeighedOrder, weighLine } from './packing.weighing';

/**
 * The packer's marks on order lines (docs/architecture.md, Packing): picked, short (how many) or
 * replaced (by what; it costs the price list's price). A mark that gives money back records the
 * refund in its own transaction — a `pending` refunds row that counts against what is left to
 * refund (reserved the one way every refund is: payment.refund.ts), and the line's `refund_state`
 * queued — and the packing refund worker (packing.refunds.ts) sends it after commit.
 */

export interface MarkLineRequest {
  orderNo: string;
  lineId: number;
  state: PackingState;
  /** short: how many of the line are missing (1 … num). */
  shortQty?: number | undefined;
  /** replaced: the replacement's uuid (its price is the shop's, looked up here). */
  productUuid?: string | undefined;
  /** picked, on a line sold by weight: the grams the packer weighed (docs/product.md, Sold by weight). */
  grams?: number | undefined;
  /** The mark's idempotency key: the same key again answers the first mark and does nothing. */
  key: string;
  staffId: number | null;
  /** Runs in the mark's transaction when it marks (the console's audit entry). */
  inTransaction?: (tx: Tx, mark: PackingLineRecord, before: PackingLineRecord | undefined) => Promise<void>;
}

export interface MarkLineResult {
  /** The mark as it is once the call is done (its refund perhaps sent meanwhile). */
  mark: PackingLineRecord;
  /** False when the key had been used: nothing was done this time. */
  done: boolean;
}

export interface MarkDeps {
  db: Db;
  clock: Clock;
  /** Sends a mark's refund right after it commits. */
  refunds: PackingRefunds;
}

type OrderRecord = typeof orders.$inferSelect;
type PaymentRecord = typeof payments.$inferSelect;
type LineRecord = typeof orderLines.$inferSelect;

/**
 * Marks one line of a paid, unpacked order, in one transaction that locks the order (marks and
 * packing of one order never interleave), then sends the refund the mark gave, if any (a crash
 * before that leaves it queued for the worker). A line whose mark gave money back keeps that mark:
 * the refund is under way. Answers the mark as it is now, and whether this call made it.
 */
export async function markLine(deps: MarkDeps, request: MarkLineRequest): Promise<MarkLineResult> {
  const result = await recordMark(deps, request);
  if (!result.done || result.mark.refundState !== 'queued') return result;
  await deps.refunds.sendSoon(result.mark.orderLineId);
  const [now] = await deps.db
    .select()
    .from(packingLines)
    .where(eq(packingLines.orderLineId, result.mark.orderLineId));
  return { ...result, mark: now ?? result.mark };
}

async function recordMark(deps: MarkDeps, request: MarkLineRequest): Promise<MarkLineResult> {
  return deps.db.transaction(async (tx) => {
    // The order's money, locked in the one order every money path takes (order.lock.ts).
    const money = await lockOrderMoney(tx, { orderNo: request.orderNo });
    if (!money) throw new NotFound('errors:order.notFound');
    const { order } = money;
    const [again] = await tx.select().from(packingLines).where(eq(packingLines.markKey, request.key));
    if (again) {
      if (again.orderLineId !== request.lineId) throw new Conflict('errors:packing.keyUsed');
      return { mark: again, done: false };
    }
    if (order.status !== ORDER_STATUS.processing || order.packedAt !== null) {
      throw new Conflict('errors:packing.notPacking');
    }
    const [line] = await tx
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.id, request.lineId), eq(orderLines.orderId, order.id)));
    if (!line) throw new NotFound('errors:packing.lineNotFound');
    const [before] = await tx.select().from(packingLines).where(eq(packingLines.orderLineId, line.id));
    if (before && before.refundState !== 'none') throw new Conflict('errors:packing.refundUnderWay');
    const weighing = checkWeighing(line, request.state, request.grams);
    if (weighing === 'again' && before) return { mark: before, done: false };
    const now = deps.clock.now();
    const mark = await markOf(tx, line, request, now);
    const refund = await recordRefund(
      tx,
      { order, payment: succeededOf(money.payments) },
      line,
      mark,
      request,
      now,
    );
    const values = {
      orderLineId: line.id,
      orderId: order.id,
      state: request.state,
      shortQty: mark.shortQty,
      ...mark.replacement,
      refundCents: refund.cents,
      refundId: refund.id,
      refundState: refund.id === null ? 'none' : 'queued',
      refundAttempts: 0,
      refundNextAt: refund.id === null ? null : now,
      refundMessage: null,
      markKey: request.key,
      staffId: request.staffId,
      markedAt: now,
    };
    const [saved] = await tx
      .insert(packingLines)
      .values(values)
      .onConflictDoUpdate({ target: packingLines.orderLineId, set: values })
      .returning();
    if (!saved) throw new Error('packing mark not saved');
    if (weighing === 'weigh' && request.grams !== undefined) {
      const cents = await weighLine(tx, order, line, request.grams);
      await afterOrderChange(tx, {
        orderId: order.id,
        kind: 'weighed',
        staffId: request.staffId,
        details: { line: line.id, grams: request.grams, cents },
        at: now,
      });
    }
    await settleWeighedOrder(tx, order, now);
    await afterOrderChange(tx, {
      orderId: order.id,
      kind: 'line_marked',
      staffId: request.staffId,
      details: {
        line: line.id,
        state: saved.state,
        short: saved.shortQty,
        replacement: saved.replacementUuid,
        amountCents: saved.refundCents,
      },
      at: now,
    });
    await request.inTransaction?.(tx, saved, before);
    return { mark: saved, done: true };
  });
}

const NO_REPLACEMENT = {
  replacementProductId: null,
  replacementUuid: null,
  replacementEnName: null,
  replacementZnName: null,
  replacementPriceCents: null,
  chargedPriceCents: null,
};

/**
 * The mark's facts and the line money it gives back before tax and discount are shared in. A
 * replacement costs what the shop's price list says now (a running promotion's price, as checkout
 * charges), never what a request says: marking is a packer's job, and a packer cannot refund.
 */
async function markOf(tx: Tx, line: LineRecord, request: MarkLineRequest, now: Date) {
  if (request.state === 'picked') return { shortQty: 0, replacement: NO_REPLACEMENT, refundBaseCents: 0 };
  if (request.state === 'short') {
    const shortQty = request.shortQty ?? 0;
    if (shortQty < 1 || shortQty > line.num) {
      throw new Conflict('errors:packing.shortTooMany', { num: line.num });
    }
    return { shortQty, replacement: NO_REPLACEMENT, refundBaseCents: shortQty * line.priceCents };
  }
  const [product] = await tx
    .select()
    .from(products)
    .where(eq(products.uuid, request.productUuid ?? ''));
  if (!product) throw new NotFound('errors:packing.productNotFound');
  if (product.id === line.productId) throw new Conflict('errors:packing.sameProduct');
  const promo = await runningPromotionPrices(tx, [product.id], now);
  const priceCents = promo.get(product.id) ?? product.priceCents;
  const charged = chargedPriceOf(line.priceCents, priceCents);
  return {
    shortQty: 0,
    replacement: {
      replacementProductId: product.id,
      replacementUuid: product.uuid,
      replacementEnName: product.enName,
      replacementZnName: product.znName,
      replacementPriceCents: priceCents,
      chargedPriceCents: charged,
    },
    refundBaseCents: (line.priceCents - charged) * line.num,
  };
}

type Mark = Awaited<ReturnType<typeof markOf>>;

/**
 * Reserves the refund a mark gives, by the one rule of docs/product.md, Tax: short units give back
 * their cumulative share of what the line cost (its goods less its discount share plus its tax
 * share; the delivery fee is not given back), a replacement charged for less the difference's
 * share of it; at most what the line cost less what earlier refunds gave back of it, and at most
 * what is left of the payment, as a `pending` refunds row (the order and payment locked by the caller).
 */
async function recordRefund(
  tx: Tx,
  locked: { order: OrderRecord; payment: PaymentRecord | undefined },
  line: LineRecord,
  mark: Mark,
  request: MarkLineRequest,
  now: Date,
): Promise<{ id: number | null; cents: number }> {
  const { order, payment } = locked;
  if (mark.refundBaseCents <= 0 || order.subtotalCents <= 0) return { id: null, cents: 0 };
  if (!payment || payment.amountCents === 0) return { id: null, cents: 0 };
  const earlier = await refundsSoFar(tx, payment.id);
  const left = payment.amountCents - earlier.reduce((sum, r) => sum + r.amountCents, 0);
  const paid = linePaidOf({ goodsCents: line.priceCents * line.num, ...line });
  const before = refundedQty(earlier, line.id);
  const lineLeft = paid - unitsShareOf(paid, line.num, 0, before);
  const markCents =
    mark.shortQty > 0
      ? unitsShareOf(paid, line.num, before, mark.shortQty)
      : moneyShareOf(paid, line.priceCents * line.num, mark.refundBaseCents);
  const cents = Math.min(left, lineLeft, markCents);
  if (cents <= 0) return { id: null, cents: 0 };
  const qty = mark.shortQty;
  const id = await reserveRefund(
    tx,
    {
      orderId: order.id,
      paymentId: payment.id,
      amountCents: cents,
      lines: qty > 0 ? [{ id: line.id, qty }] : [],
      reason: request.state === 'short' ? 'packing: short' : 'packing: replaced for less',
    },
    request.staffId,
    now,
  );
  return { id, cents };
}
