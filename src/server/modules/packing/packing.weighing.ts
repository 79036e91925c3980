import { and, asc, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { Tx } from '#server/db/client';
import { orderLines, orders, orderTaxes, packingLines } from '#server/db/schema';
import { BadInput, Conflict } from '#server/errors';
import { formatCents } from '#shared/money';
import { taxOrder } from '#shared/tax';
import {
  formatWeight,
  gramsToHundredths,
  maxWeighedGrams,
  milliUnitsToGrams,
  priceOfGrams,
  type WeightUnit,
  weighedGramsOk,
} from '#shared/weight';
import { lockOrderMoney, succeededOf } from '../order/order.lock';
import { keptAndHeld } from '../payment/payment.held-off';

/**
 * Weighing at packing (docs/product.md, Sold by weight): a weighed line marked picked carries the
 * grams the packer weighed; its goods become the price of that weight, and the order's tax and
 * totals are taxed again by the one rule of src/shared/tax.ts over the lines as they now stand.
 * The estimate stays in its own columns (orders.estimate_*, order_lines.estimate_*). Callers hold
 * the order's lock (order.lock.ts), so two packers weighing one order do so one after the other.
 */

type OrderRecord = typeof orders.$inferSelect;
type LineRecord = typeof orderLines.$inferSelect;

export const unitOf = (line: Pick<LineRecord, 'weightUnit'>): WeightUnit =>
  line.weightUnit === 'kg' ? 'kg' : 'lb';

/**
 * Checks a weighing of `line` before anything changes: grams only on a weighed line and required
 * there when picked, within its bounds; a line already weighed keeps its weight (the same weight
 * again is the same weighing: answers 'again').
 */
export function checkWeighing(
  line: LineRecord,
  state: string,
  grams: number | undefined,
): 'weigh' | 'again' | 'none' {
  if (line.weightUnit === null) {
    if (grams !== undefined) throw new BadInput('errors:weight.notWeighed');
    return 'none';
  }
  const unit = unitOf(line);
  if (line.weighedGrams !== null) {
    if (state === 'picked' && grams === line.weighedGrams) return 'again';
    throw new Conflict('errors:weight.alreadyWeighed', {
      weight_en: formatWeight(line.weighedGrams, unit, 'en'),
      weight_zh: formatWeight(line.weighedGrams, unit, 'zh'),
    });
  }
  if (state !== 'picked') {
    if (grams !== undefined) throw new BadInput('errors:weight.gramsOnlyPicked');
    return 'none';
  }
  if (grams === undefined) throw new BadInput('errors:weight.gramsRequired');
  const estimate = line.estimateGrams ?? 0;
  if (!weighedGramsOk(grams, estimate)) {
    const max = maxWeighedGrams(estimate);
    throw new BadInput('errors:weight.badGrams', {
      max_en: formatWeight(max, unit, 'en'),
      max_zh: formatWeight(max, unit, 'zh'),
    });
  }
  return 'weigh';
}

/** Records the line's weight and its price, then taxes the order again. Answers the line's cents. */
export async function weighLine(
  tx: Tx,
  order: OrderRecord,
  line: LineRecord,
  grams: number,
): Promise<number> {
  const cents = priceOfGrams(line.unitPriceCents ?? 0, unitOf(line), grams);
  const feeRatePpm = await feeRateOf(tx, order.id);
  await tx
    .update(orderLines)
    .set({ weighedGrams: grams, weighedCents: cents })
    .where(and(eq(orderLines.id, line.id), isNull(orderLines.weighedGrams)));
  await retaxOrder(tx, order, feeRatePpm);
  return cents;
}

/** A line as the order's money reads it: `dearerCents`, what an approved dearer substitute adds. */
type PricedLine = LineRecord & { dearerCents: number };

const goodsOf = (l: PricedLine) => (l.weighedCents ?? l.priceCents * l.num) + l.dearerCents;

/**
 * The order's lines, each with what an approved dearer substitute adds over the line's price: on a
 * held payment that is charged with the rest (docs/product.md, Substitutions).
 */
async function linesOf(tx: Tx, orderId: number): Promise<PricedLine[]> {
  const rows = await tx
    .select({ line: orderLines, state: packingLines.state, charged: packingLines.chargedPriceCents })
    .from(orderLines)
    .leftJoin(packingLines, eq(packingLines.orderLineId, orderLines.id))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
  return rows.map(({ line, state, charged }) => ({
    ...line,
    dearerCents:
      state === 'replaced' && charged !== null && charged > line.priceCents
        ? (charged - line.priceCents) * line.num
        : 0,
  }));
}

/**
 * The rate the order's delivery fee was taxed at, or null when it was not: read back from its
 * order_taxes (the part of a rate's taxable its lines' goods after discount do not explain is the
 * fee), so a shop changing its terms after the order was placed changes nothing here.
 */
export async function feeRateOf(tx: Tx, orderId: number): Promise<number | null> {
  const lines = await linesOf(tx, orderId);
  const rates = await tx.select().from(orderTaxes).where(eq(orderTaxes.orderId, orderId));
  const fee = rates.find((r) => {
    const ofLines = lines
      .filter((l) => l.taxRatePpm === r.ratePpm)
      .reduce((sum, l) => sum + goodsOf(l) - l.discountCents, 0);
    return r.taxableCents > ofLines;
  });
  return fee?.ratePpm ?? null;
}

/** The order's figures over `lines` by the one tax rule: the coupon as placed, the fee as charged. */
function moneyOf(lines: PricedLine[], order: OrderRecord, feeRatePpm: number | null) {
  const subtotal = lines.reduce((sum, l) => sum + goodsOf(l), 0);
  const discount = Math.min(order.discountCents, subtotal);
  const fee = order.deliveryFeeCents;
  const taxes = taxOrder(
    lines.map((l) => ({ goodsCents: goodsOf(l), ratePpm: l.taxRatePpm })),
    discount,
    { cents: fee, ratePpm: fee > 0 ? feeRatePpm : null },
  );
  return { subtotal, discount, fee, taxes, totalCents: subtotal - discount + taxes.taxCents + fee };
}

/**
 * The most the order's last weighed line could weigh, the others as they stand, for the order's
 * total to stay within `limitCents` (docs/product.md, Packing: weighed orders): what packing's
 * refusal above a hold tells the packer. Undefined when no line is weighed or none would fit.
 */
export async function mostGramsWithin(
  tx: Tx,
  order: OrderRecord,
  limitCents: number,
): Promise<{ line: LineRecord; grams: number } | undefined> {
  const lines = await linesOf(tx, order.id);
  const marks = await tx
    .select({ id: packingLines.orderLineId, at: packingLines.markedAt })
    .from(packingLines)
    .where(eq(packingLines.orderId, order.id));
  const markedAt = (id: number) => marks.find((m) => m.id === id)?.at.getTime() ?? 0;
  const weighed = lines.filter((l) => l.weighedGrams !== null);
  const last = weighed.reduce<PricedLine | undefined>(
    (a, l) => (a === undefined || markedAt(l.id) >= markedAt(a.id) ? l : a),
    undefined,
  );
  if (!last || last.weighedGrams === null) return undefined;
  const feeRatePpm = await feeRateOf(tx, order.id);
  const totalAt = (grams: number) =>
    moneyOf(
      lines.map((l) =>
        l.id === last.id ? { ...l, weighedCents: priceOfGrams(l.unitPriceCents ?? 0, unitOf(l), grams) } : l,
      ),
      order,
      feeRatePpm,
    ).totalCents;
  // The total grows with the line's weight: the largest weight within the limit, by halving.
  if (totalAt(1) > limitCents) return undefined;
  let lo = 1;
  let hi = last.weighedGrams;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (totalAt(mid) <= limitCents) lo = mid;
    else hi = mid - 1;
  }
  // Said to the hundredth of the unit, rounded down, so the weight the packer reads back fits too.
  const unit = unitOf(last);
  let hundredths = gramsToHundredths(lo, unit);
  while (hundredths > 0 && milliUnitsToGrams(hundredths * 10, unit) > lo) hundredths -= 1;
  if (hundredths === 0) return undefined;
  return { line: last, grams: milliUnitsToGrams(hundredths * 10, unit) };
}

/**
 * The order's money from its lines as they stand (weighed lines at their weighed cents): the
 * coupon's discount as placed (at most the goods), the fee as charged at the rate it was taxed at.
 */
export async function retaxOrder(tx: Tx, order: OrderRecord, feeRatePpm: number | null): Promise<void> {
  const lines = await linesOf(tx, order.id);
  const { subtotal, discount, fee, taxes } = moneyOf(lines, order, feeRatePpm);
  for (const [i, l] of lines.entries()) {
    const share = taxes.lines[i];
    if (!share) continue;
    await tx
      .update(orderLines)
      .set({ discountCents: share.discountCents, taxCents: share.taxCents })
      .where(eq(orderLines.id, l.id));
  }
  await tx.delete(orderTaxes).where(eq(orderTaxes.orderId, order.id));
  if (taxes.rates.length > 0) {
    await tx.insert(orderTaxes).values(
      taxes.rates.map((r) => ({
        orderId: order.id,
        ratePpm: r.ratePpm,
        taxableCents: r.taxableCents,
        taxCents: r.taxCents,
      })),
    );
  }
  await tx
    .update(orders)
    .set({
      subtotalCents: subtotal,
      discountCents: discount,
      taxCents: taxes.taxCents,
      totalCents: subtotal - discount + taxes.taxCents + fee,
    })
    .where(eq(orders.id, order.id));
}

/**
 * Sets `weighed_at` once every weighed line of the order is weighed or marked short or replaced:
 * from then its totals are final (what a card hold captures).
 */
export async function settleWeighedOrder(tx: Tx, order: OrderRecord, now: Date): Promise<void> {
  if (!order.weighed || order.weighedAt !== null) return;
  const open = await tx
    .select({ id: orderLines.id })
    .from(orderLines)
    .leftJoin(packingLines, eq(packingLines.orderLineId, orderLines.id))
    .where(
      and(
        eq(orderLines.orderId, order.id),
        isNotNull(orderLines.weightUnit),
        isNull(orderLines.weighedGrams),
        // a short or replaced weighed line is settled by its mark
        or(isNull(packingLines.orderLineId), eq(packingLines.state, 'picked')),
      ),
    );
  if (open.length > 0) return;
  await tx
    .update(orders)
    .set({ weighedAt: now })
    .where(and(eq(orders.id, order.id), isNull(orders.weighedAt)));
}

/**
 * `order.packing`: refuses to pack a weighed order whose weighed amount is above what its payment
 * holds, telling the packer how much the last weighed line can weigh for the order to fit
 * (docs/product.md, Packing: weighed orders). The capture's own check (payment.capture.ts) stays
 * behind it for an order shipped unpacked.
 */
export async function refuseAboveHold(event: { orderId: number }, tx: Tx): Promise<void> {
  const money = await lockOrderMoney(tx, { orderId: event.orderId });
  const payment = money && succeededOf(money.payments);
  if (!money || payment?.holdState !== 'authorized') return;
  const { keep, held, takenOff } = await keptAndHeld(tx, payment, money.order.id, money.order.totalCents);
  if (keep <= held) return;
  const params = { amount: formatCents(keep), held: formatCents(held) };
  const most = await mostGramsWithin(tx, money.order, held + takenOff);
  if (!most) throw new Conflict('errors:payment.aboveHold', params);
  const unit = unitOf(most.line);
  throw new Conflict('errors:payment.aboveHoldLine', {
    ...params,
    name_en: most.line.enName,
    name_zh: most.line.znName || most.line.enName,
    weight_en: formatWeight(most.grams, unit, 'en'),
    weight_zh: formatWeight(most.grams, unit, 'zh'),
  });
}
