import { and, eq } from 'drizzle-orm';
import type { Clock } from '#server/clock';
import type { Db, Tx } from '#server/db/client';
import { orderLines, orders, packingLines, type payments, products } from '#server/db/schema';
import { Conflict, NotFound } from '#server/errors';
import { enqueueOrderMail } from '#server/mail/outbox';
import { formatCents } from '#shared/money';
import { ORDER_STATUS } from '#shared/schemas/order';
import { chargedPriceOf, type PackingState, substitutePriceOf } from '#shared/schemas/packing.rules';
import { linePaidOf, moneyShareOf, unitsShareOf } from '#shared/tax';
import { StockChanges } from '../catalogue/catalogue.changes';
import { runningPromotionPrices } from '../catalogue/pricing';
import { lockOrderMoney, succeededOf } from '../order/order.lock';
import { afterOrderChange } from '../order/order.machine';
import { keptAndHeld } from '../payment/payment.held-off';
import { refundedQty, refundsSoFar, reserveRefund } from '../payment/payment.refund';
import { readShopSettings } from '../settings/shop-settings';
import type { PackingLineRecord } from './packing.changes';
import type { PackingRefunds } from './packing.refunds';
import { checkWeighing, feeRateOf, retaxOrder, settleWeighedOrder, weighLine } from './packing.weighing';
import { checkSubstitute, proposalMail } from './substitution.rules';

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
    // A proposal is the shopper's to answer (or the deadline's): a packer cannot overrule it.
    if (before?.proposalStatus) throw new Conflict('errors:packing.proposalMade');
    const weighing = checkWeighing(line, request.state, request.grams);
    if (weighing === 'again' && before) return { mark: before, done: false };
    const now = deps.clock.now();
    const mark = await markOf(tx, line, request, now);
    if (mark.replacement.replacementProductId !== null && line.substituteAsk) {
      return propose(tx, { order, line, mark, request, before, now });
    }
    const stock = new StockChanges(tx);
    // A replacement marked again puts the earlier substitute back on the shelf.
    if (before?.state === 'replaced' && before.replacementProductId !== null) {
      await stock.add(before.replacementProductId, line.num);
    }
    if (mark.replacement.replacementProductId !== null) {
      // The substitute leaves the shelf when it replaces the line (docs/product.md, Substitutions).
      const taken = await stock.take(mark.replacement.replacementProductId, line.num);
      if (!taken) throw new Conflict('errors:substitution.outOfStock');
    }
    const refund = await recordRefund(
      tx,
      { order, payment: succeededOf(money.payments) },
      line,
      mark,
      request,
      now,
    );
    const held = refund.held;
    const values = {
      orderLineId: line.id,
      orderId: order.id,
      state: request.state,
      shortQty: mark.shortQty,
      ...mark.replacement,
      refundCents: refund.cents,
      refundId: refund.id,
      refundState: refund.id === null ? 'none' : held ? 'held' : 'queued',
      refundAttempts: 0,
      refundNextAt: refund.id === null || held ? null : now,
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
async function markOf(tx: Tx, line: LineRecord, request: MarkLineRequest, now: Date): Promise<Mark> {
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
  await checkSubstitute(tx, line, product);
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

/** A mark's facts: how many are short, what replaced the line, and the line money it gives back. */
interface Mark {
  shortQty: number;
  replacement: {
    replacementProductId: number | null;
    replacementUuid: string | null;
    replacementEnName: string | null;
    replacementZnName: string | null;
    replacementPriceCents: number | null;
    chargedPriceCents: number | null;
  };
  refundBaseCents: number;
}

/**
 * A substitute for a line whose shopper asked first: the line waits (`proposed`, nothing refunded,
 * no stock taken) until the shopper answers or the deadline passes; the shopper is told at once,
 * by an order event and a mail in their language. The proposal shows the substitute's own price.
 */
async function propose(
  tx: Tx,
  p: {
    order: OrderRecord;
    line: LineRecord;
    mark: Mark;
    request: MarkLineRequest;
    before: PackingLineRecord | undefined;
    now: Date;
  },
): Promise<MarkLineResult> {
  const { order, line, mark, request, now } = p;
  const settings = await readShopSettings(tx);
  const deadline = new Date(now.getTime() + settings.substitutionAnswerMinutes * 60_000);
  const values = {
    orderLineId: line.id,
    orderId: order.id,
    state: 'proposed',
    shortQty: 0,
    ...mark.replacement,
    chargedPriceCents: mark.replacement.replacementPriceCents,
    refundCents: 0,
    refundId: null,
    refundState: 'none',
    refundAttempts: 0,
    refundNextAt: null,
    refundMessage: null,
    markKey: request.key,
    staffId: request.staffId,
    markedAt: now,
    proposalStatus: 'pending',
    proposalDeadline: deadline,
    proposalAnsweredAt: null,
  };
  const [saved] = await tx
    .insert(packingLines)
    .values(values)
    .onConflictDoUpdate({ target: packingLines.orderLineId, set: values })
    .returning();
  if (!saved) throw new Error('proposal not saved');
  const details = proposalMail(line, saved, deadline);
  await afterOrderChange(
    tx,
    {
      orderId: order.id,
      kind: 'substitution_proposed',
      staffId: request.staffId,
      details: {
        line: line.id,
        replacement: saved.replacementUuid,
        enName: line.enName,
        znName: line.znName,
        replacementEnName: saved.replacementEnName,
        replacementZnName: saved.replacementZnName,
        linePriceCents: line.priceCents,
        priceCents: saved.replacementPriceCents,
        deadline: deadline.toISOString(),
      },
      at: now,
    },
    { mail: false },
  );
  await enqueueOrderMail(tx, 'substitution', order.id, { substitution: details }, now);
  await request.inTransaction?.(tx, saved, p.before);
  return { mark: saved, done: true };
}

/** How a proposal ends: the shopper approved or declined it, or its deadline passed. */
export type ProposalOutcome = 'approved' | 'declined' | 'expired';

/**
 * Ends a pending proposal, the order's money locked by the caller: approved → replaced at the
 * substitute's price (dearer allowed: the shopper saw it); expired → the line's choice, replaced at
 * no more than the line's price; declined, or a substitute no longer on the shelf at expiry → short,
 * refunded whole. The substitute's stock is taken here. Answers the mark, and whether it queued a
 * refund (the caller sends it after commit).
 */
export async function settleProposal(
  tx: Tx,
  locked: { order: OrderRecord; payments: PaymentRecord[] },
  mark: PackingLineRecord,
  outcome: ProposalOutcome,
  now: Date,
): Promise<PackingLineRecord> {
  const { order } = locked;
  const [line] = await tx.select().from(orderLines).where(eq(orderLines.id, mark.orderLineId));
  if (!line) throw new NotFound('errors:packing.lineNotFound');
  // An order cancelled or sent meanwhile takes no substitute: the line is short (refunded if money is left).
  const live = order.status === ORDER_STATUS.processing && order.packedAt === null;
  let replaced = live && outcome !== 'declined' && mark.replacementProductId !== null;
  if (replaced && mark.replacementProductId !== null) {
    replaced = await new StockChanges(tx).take(mark.replacementProductId, line.num);
    if (!replaced && outcome === 'approved') throw new Conflict('errors:substitution.outOfStock');
  }
  const substituteCents = mark.replacementPriceCents ?? line.priceCents;
  const charged = substitutePriceOf(line.priceCents, substituteCents, outcome === 'approved');
  const settled: Mark = replaced
    ? {
        shortQty: 0,
        replacement: {
          replacementProductId: mark.replacementProductId,
          replacementUuid: mark.replacementUuid,
          replacementEnName: mark.replacementEnName,
          replacementZnName: mark.replacementZnName,
          replacementPriceCents: mark.replacementPriceCents,
          chargedPriceCents: charged,
        },
        refundBaseCents: Math.max(0, (line.priceCents - charged) * line.num),
      }
    : { shortQty: line.num, replacement: NO_REPLACEMENT, refundBaseCents: line.num * line.priceCents };
  const state: PackingState = replaced ? 'replaced' : 'short';
  // A held payment (card or wallet) is settled after packing: an approved dearer substitute's
  // difference joins the order's figures, so it is captured (or kept) with the rest, within the hold.
  const payment = succeededOf(locked.payments);
  const dearerOnHold = replaced && charged > line.priceCents && payment?.holdState === 'authorized';
  const feeRatePpm = dearerOnHold ? await feeRateOf(tx, order.id) : null;
  const refund = await recordRefund(tx, { order, payment }, line, settled, { state, staffId: null }, now);
  const [saved] = await tx
    .update(packingLines)
    .set({
      state,
      shortQty: settled.shortQty,
      ...settled.replacement,
      refundCents: refund.cents,
      refundId: refund.id,
      refundState: refund.id === null ? 'none' : refund.held ? 'held' : 'queued',
      refundNextAt: refund.id === null || refund.held ? null : now,
      proposalStatus: outcome,
      proposalAnsweredAt: now,
    })
    .where(and(eq(packingLines.orderLineId, mark.orderLineId), eq(packingLines.proposalStatus, 'pending')))
    .returning();
  if (!saved) throw new Conflict('errors:substitution.notPending');
  if (dearerOnHold && payment) await chargeWithinHold(tx, order, payment, feeRatePpm);
  await afterOrderChange(
    tx,
    {
      orderId: order.id,
      kind: `substitution_${outcome}`,
      staffId: null,
      details: {
        line: line.id,
        state: saved.state,
        short: saved.shortQty,
        enName: line.enName,
        znName: line.znName,
        replacement: mark.replacementUuid,
        replacementEnName: mark.replacementEnName,
        replacementZnName: mark.replacementZnName,
        chargedPriceCents: saved.chargedPriceCents,
        amountCents: saved.refundCents,
      },
      at: now,
    },
    { mail: false },
  );
  return saved;
}

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
  request: Pick<MarkLineRequest, 'state' | 'staffId'>,
  now: Date,
): Promise<{ id: number | null; cents: number; held: boolean }> {
  const { order, payment } = locked;
  const none = { id: null, cents: 0, held: false };
  if (mark.refundBaseCents <= 0 || order.subtotalCents <= 0) return none;
  if (!payment || payment.amountCents === 0) return none;
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
  if (cents <= 0) return none;
  // A held card (a weighed order) is not refunded: the mark lowers what is captured after packing
  // (payment.capture.ts), so its refund waits `held` until then and the refund worker skips it.
  const held = payment.kind === 'card' && payment.holdState === 'authorized';
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
    held ? 'held' : 'pending',
  );
  return { id, cents, held };
}

/**
 * Taxes a held order again with an approved dearer substitute in its goods; refuses the approval
 * (the caller's transaction rolls back, the proposal stays pending) when what would be charged is
 * above what the payment holds: the shopper can still decline (docs/product.md, Sold by weight).
 */
async function chargeWithinHold(
  tx: Tx,
  order: OrderRecord,
  payment: PaymentRecord,
  feeRatePpm: number | null,
): Promise<void> {
  await retaxOrder(tx, order, feeRatePpm);
  const [now] = await tx
    .select({ totalCents: orders.totalCents })
    .from(orders)
    .where(eq(orders.id, order.id));
  const { keep, held } = await keptAndHeld(tx, payment, order.id, now?.totalCents ?? 0);
  if (keep > held)
    throw new Conflict('errors:substitution.aboveHold', {
      amount: formatCents(keep),
      held: formatCents(held),
    });
}
