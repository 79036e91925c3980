import { and, asc, eq, gt, lte, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '#server/clock';
import type { Db, Tx } from '#server/db/client';
import { cartLines, orderLines, orders, packingLines, products } from '#server/db/schema';
import type { OnlyOne } from '#server/db/session-locks';
import { Conflict, NotFound } from '#server/errors';
import { sweepEvery } from '#server/sweep-timer';
import { centsToAmount } from '#shared/money';
import type { SubstituteChoice, SubstituteChoiceInput } from '#shared/schemas/cart';
import { ORDER_STATUS } from '#shared/schemas/order';
import { type ProposalAnswer, SUBSTITUTE_SUGGESTIONS } from '#shared/schemas/packing.rules';
import { type ChoiceColumns, choicesOf } from '../catalogue/substitute-choices';
import { lockOrderMoney } from '../order/order.lock';
import type { PackingLineRecord } from './packing.changes';
import type { PackingRefunds } from './packing.refunds';
import { atPricesNow } from './packing.replacements';
import { type ProposalOutcome, settleProposal } from './packing.service';
import { checkSubstituteProduct } from './substitution.rules';

/**
 * The shopper's side of substitutions (docs/product.md, Substitutions): the choice per cart and
 * order line, the suggestions to pick a specific substitute from, answering a proposal, and the
 * deadline that applies the line's choice when nobody answers (a sweep, and lazily on reading and
 * packing the order).
 */

export interface SubstitutionDeps {
  db: Db;
  clock: Clock;
  refunds: PackingRefunds;
}

/** Products of the same category that could stand in for `uuid`: on sale, in stock, at today's price. */
export async function substituteSuggestions(db: Db, uuid: string, now: Date) {
  const [of] = await db.select().from(products).where(eq(products.uuid, uuid));
  if (!of) throw new NotFound('errors:substitution.notFound');
  if (of.categoryId === null) return [];
  const rows = await db
    .select()
    .from(products)
    .where(
      and(
        eq(products.categoryId, of.categoryId),
        ne(products.id, of.id),
        eq(products.onSale, true),
        gt(products.realStock, 0),
      ),
    )
    .orderBy(asc(products.enName))
    .limit(SUBSTITUTE_SUGGESTIONS);
  return (await atPricesNow(db, rows, now)).map(({ product: p, cents }) => ({
    uuid: p.uuid,
    en_name: p.enName,
    zn_name: p.znName,
    img: p.productImage,
    price: centsToAmount(cents),
    real_stock: p.realStock,
  }));
}

/**
 * The columns a choice writes on a line of `productId` (num of it): a specific substitute is checked
 * (same category, on sale, in stock); "refund" clears it. Left-out fields keep the line's values.
 */
async function choiceColumns(
  db: Db | Tx,
  productId: number,
  num: number,
  current: ChoiceColumns,
  input: SubstituteChoiceInput,
): Promise<ChoiceColumns> {
  let substituteProductId = current.substituteProductId;
  if (input.substitute === null) substituteProductId = null;
  else if (input.substitute !== undefined) {
    const [product] = await db.select().from(products).where(eq(products.uuid, input.substitute));
    if (!product) throw new NotFound('errors:substitution.notFound');
    await checkSubstituteProduct(db, productId, product, Math.max(num, 1));
    substituteProductId = product.id;
  }
  const replace = input.when_missing === 'replace';
  return {
    whenMissing: input.when_missing,
    substituteProductId: replace ? substituteProductId : null,
    substituteAsk: input.ask_first ?? current.substituteAsk,
    substituteFallback: input.fallback ?? current.substituteFallback,
  };
}

/** `PATCH /api/cart/{id}`: the line's choice; someone else's line answers 404. */
export async function chooseForCartLine(
  db: Db,
  now: Date,
  userId: number,
  itemId: number,
  input: SubstituteChoiceInput,
): Promise<SubstituteChoice> {
  const [line] = await db
    .select()
    .from(cartLines)
    .where(and(eq(cartLines.id, itemId), eq(cartLines.userId, userId)));
  if (!line) throw new NotFound('errors:cart.lineNotFound');
  const current = { ...line, whenMissing: line.whenMissing ?? 'refund' };
  const columns = await choiceColumns(db, line.productId, line.amount, current, input);
  await db.update(cartLines).set(columns).where(eq(cartLines.id, line.id));
  const choice = (await choicesOf(db, [{ id: line.id, ...columns }], now)).get(line.id);
  if (!choice) throw new Error('choice not read');
  return choice;
}

/**
 * `PATCH /api/order/{no}/lines/{id}`: the line's choice until packing of the order starts (its
 * first mark); the order locked, so a mark and a change never interleave.
 */
export async function chooseForOrderLine(
  db: Db,
  now: Date,
  userId: number,
  at: { orderNo: string; lineId: number },
  input: SubstituteChoiceInput,
): Promise<SubstituteChoice> {
  const columns = await db.transaction(async (tx) => {
    const money = await lockOrderMoney(tx, { orderNo: at.orderNo });
    if (!money || money.order.userId !== userId) throw new NotFound('errors:order.notFound');
    const { order } = money;
    const [line] = await tx
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.id, at.lineId), eq(orderLines.orderId, order.id)));
    if (!line) throw new NotFound('errors:packing.lineNotFound');
    const open = order.status === ORDER_STATUS.pending || order.status === ORDER_STATUS.processing;
    const [marked] = await tx
      .select({ id: packingLines.orderLineId })
      .from(packingLines)
      .where(eq(packingLines.orderId, order.id))
      .limit(1);
    if (!open || order.packedAt !== null || marked) throw new Conflict('errors:substitution.packingStarted');
    const chosen = await choiceColumns(tx, line.productId, line.num, line, input);
    await tx.update(orderLines).set(chosen).where(eq(orderLines.id, line.id));
    return chosen;
  });
  const choice = (await choicesOf(db, [{ id: at.lineId, ...columns }], now)).get(at.lineId);
  if (!choice) throw new Error('choice not read');
  return choice;
}

/**
 * The shopper's answer to a pending proposal, before its deadline: approve → replaced (at the
 * substitute's price, as the proposal showed), decline → short, refunded. At or after the deadline
 * the line's choice is applied (committed) and the answer refused; someone else's order is 404.
 */
export async function answerProposal(
  deps: SubstitutionDeps,
  userId: number,
  at: { orderNo: string; lineId: number },
  answer: ProposalAnswer,
): Promise<PackingLineRecord> {
  const now = deps.clock.now();
  const result = await deps.db.transaction(async (tx) => {
    const money = await lockOrderMoney(tx, { orderNo: at.orderNo });
    if (!money || money.order.userId !== userId) throw new NotFound('errors:order.notFound');
    const [mark] = await tx
      .select()
      .from(packingLines)
      .where(and(eq(packingLines.orderLineId, at.lineId), eq(packingLines.orderId, money.order.id)));
    if (!mark || mark.proposalStatus === null) throw new NotFound('errors:substitution.noProposal');
    if (mark.proposalStatus !== 'pending') throw new Conflict('errors:substitution.answered');
    const late = mark.proposalDeadline !== null && mark.proposalDeadline.getTime() <= now.getTime();
    const outcome: ProposalOutcome = late ? 'expired' : answer === 'approve' ? 'approved' : 'declined';
    return { mark: await settleProposal(tx, money, mark, outcome, now), late };
  });
  if (result.mark.refundState === 'queued') await deps.refunds.sendSoon(result.mark.orderLineId);
  if (result.late) throw new Conflict('errors:substitution.expired');
  const [after] = await deps.db.select().from(packingLines).where(eq(packingLines.orderLineId, at.lineId));
  return after ?? result.mark;
}

/**
 * Applies the line's choice to every proposal past its deadline (of one order, or all): each order
 * in its own transaction under its lock, the pending rows read again under it, so a shopper's answer
 * or another sweep that got there first is not undone. Answers how many it settled.
 */
export async function expireProposals(deps: SubstitutionDeps, orderId?: number): Promise<number> {
  const now = deps.clock.now();
  const due = await deps.db
    .selectDistinct({ orderId: packingLines.orderId })
    .from(packingLines)
    .where(
      and(
        eq(packingLines.proposalStatus, 'pending'),
        lte(packingLines.proposalDeadline, now),
        orderId === undefined ? undefined : eq(packingLines.orderId, orderId),
      ),
    );
  let settled = 0;
  for (const { orderId: id } of due) {
    const marks = await deps.db.transaction(async (tx) => expireInOrder(tx, id, now));
    settled += marks.length;
    for (const m of marks) if (m.refundState === 'queued') await deps.refunds.sendSoon(m.orderLineId);
  }
  return settled;
}

/** Settles one locked order's proposals past their deadline (its refunds left queued for the caller). */
async function expireInOrder(tx: Tx, orderId: number, now: Date): Promise<PackingLineRecord[]> {
  const money = await lockOrderMoney(tx, { orderId });
  if (!money) return [];
  const pending = await tx
    .select()
    .from(packingLines)
    .where(
      and(
        eq(packingLines.orderId, orderId),
        eq(packingLines.proposalStatus, 'pending'),
        lte(packingLines.proposalDeadline, now),
      ),
    );
  const out: PackingLineRecord[] = [];
  for (const mark of pending) out.push(await settleProposal(tx, money, mark, 'expired', now));
  return out;
}

/**
 * `order.packing`: proposals past their deadline take the line's choice now (their refunds stay
 * queued for the packing refund worker); one still waiting for the shopper refuses the packing.
 */
export async function settleBeforePacking(event: { orderId: number; at: Date }, tx: Tx): Promise<void> {
  await expireInOrder(tx, event.orderId, event.at);
  const [waiting] = await tx
    .select({ id: packingLines.orderLineId })
    .from(packingLines)
    .where(and(eq(packingLines.orderId, event.orderId), eq(packingLines.proposalStatus, 'pending')))
    .limit(1);
  if (waiting) throw new Conflict('errors:substitution.waiting');
}

/** How often the shop applies the choice of proposals past their deadline. */
export const SUBSTITUTION_SWEEP_MS = 60_000;

/** Sweeps while the app runs, on one process at a time (tests call expireProposals on their own clock). */
export function startSubstitutionSweep(
  app: FastifyInstance,
  deps: SubstitutionDeps,
  onlyOne: OnlyOne,
  everyMs = SUBSTITUTION_SWEEP_MS,
): void {
  sweepEvery(app, onlyOne, {
    name: 'substitution-deadlines',
    everyMs,
    failed: 'substitution sweep failed',
    run: () => expireProposals(deps),
  });
}

/** Proposals of order `orderNo` past their deadline take the line's choice (read lazily: the order page). */
export async function expireProposalsOf(deps: SubstitutionDeps, orderNo: string): Promise<number> {
  const [order] = await deps.db.select({ id: orders.id }).from(orders).where(eq(orders.orderNo, orderNo));
  return order ? expireProposals(deps, order.id) : 0;
}
