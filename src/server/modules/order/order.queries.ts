import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { orderLines, orders, orderTaxes, packingLines } from '#server/db/schema';
import { NotFound } from '#server/errors';
import { centsToAmount } from '#shared/money';
import { asWhenMissing } from '#shared/schemas/cart';
import { ORDER_STATUS, type OrderDetail, type OrderLine, type OrderSummary } from '#shared/schemas/order';
import { withBuffer } from '#shared/schemas/payment.rules';
import type { LineWeight } from '#shared/schemas/weight.zod';
import { ratePercent } from '#shared/tax';
import { choicesOf } from '../catalogue/substitute-choices';
import { readShopSettings } from '../settings/shop-settings';
import { netPaidCents, orderMoney } from './order.money';

const nullableAmount = (cents: number | null) => (cents === null ? null : centsToAmount(cents));

type OrderRow = typeof orders.$inferSelect;
type MarkRow = typeof packingLines.$inferSelect;

/**
 * The packer's marks of one order's lines, by order line id: read from packing's table here, so the
 * order module needs nothing of the packing module (which builds on it).
 */
async function marksOfOrder(db: Db, orderId: number): Promise<Map<number, MarkRow>> {
  const rows = await db.select().from(packingLines).where(eq(packingLines.orderId, orderId));
  return new Map(rows.map((r) => [r.orderLineId, r]));
}

/** What a shopper sees of a line's mark: only a change (short or replaced), never who or when. */
function shopperMarkView(mark: MarkRow | undefined): OrderLine['packing'] {
  if (!mark || (mark.state !== 'short' && mark.state !== 'replaced')) return null;
  return {
    state: mark.state,
    short_num: mark.shortQty,
    replacement:
      mark.state === 'replaced'
        ? {
            en_name: mark.replacementEnName ?? '',
            zn_name: mark.replacementZnName ?? '',
            charged: centsToAmount(mark.chargedPriceCents ?? 0),
          }
        : null,
    refund: centsToAmount(mark.refundCents),
    refunded: mark.refundState === 'sent',
  };
}

/**
 * A substitute proposed for the line (docs/product.md, Substitutions): what it is, its own price
 * and the line's (the shopper sees a dearer one's difference before approving), the deadline, and
 * how it ended. Null when the line never had a proposal.
 */
export function proposalView(mark: MarkRow | undefined): OrderLine['proposal'] {
  if (!mark?.proposalStatus) return null;
  const price = mark.replacementPriceCents ?? 0;
  return {
    line: mark.orderLineId,
    status: mark.proposalStatus as NonNullable<OrderLine['proposal']>['status'],
    uuid: mark.replacementUuid ?? '',
    en_name: mark.replacementEnName ?? '',
    zn_name: mark.replacementZnName ?? '',
    price: centsToAmount(price),
    deadline: mark.proposalDeadline?.toISOString() ?? '',
    charged: mark.state === 'replaced' ? centsToAmount(mark.chargedPriceCents ?? 0) : null,
    refund: centsToAmount(mark.refundCents),
  };
}

/** The order's delivery window, with the shop's zone its times are shown in. */
const slotOf = (o: OrderRow, timeZone: string) =>
  o.slotStartsAt && o.slotEndsAt
    ? { starts_at: o.slotStartsAt.toISOString(), ends_at: o.slotEndsAt.toISOString(), time_zone: timeZone }
    : null;

const summaryOf = (o: OrderRow, timeZone: string) => ({
  id: o.id,
  order_no: o.orderNo,
  status: o.status,
  total_count: o.totalCount,
  total_price: centsToAmount(o.totalCents),
  created_at: o.createdAt.toISOString(),
  expires_at: o.expiresAt.toISOString(),
  slot: slotOf(o, timeZone),
});

/** The shopper's orders, newest first, each with its item thumbnails. */
export async function listOrders(db: Db, userId: number, timeZone: string): Promise<OrderSummary[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  if (rows.length === 0) return [];
  const items = await db
    .select({ orderId: orderLines.orderId, id: orderLines.id, image: orderLines.image })
    .from(orderLines)
    .where(
      inArray(
        orderLines.orderId,
        rows.map((o) => o.id),
      ),
    )
    .orderBy(asc(orderLines.id));
  return rows.map((o) => ({
    ...summaryOf(o, timeZone),
    item: items.filter((i) => i.orderId === o.id).map(({ id, image }) => ({ id, image })),
  }));
}

/** One of the shopper's orders by number; someone else's answers 404 as if it did not exist. */
export async function orderDetail(
  db: Db,
  userId: number,
  orderNo: string,
  timeZone: string,
  now: Date = new Date(),
): Promise<OrderDetail> {
  const [o] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.orderNo, orderNo), eq(orders.userId, userId)));
  if (!o) throw new NotFound('errors:order.notFound');
  const [lines, marks, taxes, settings, money] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, o.id)).orderBy(asc(orderLines.id)),
    marksOfOrder(db, o.id),
    db.select().from(orderTaxes).where(eq(orderTaxes.orderId, o.id)).orderBy(asc(orderTaxes.ratePpm)),
    readShopSettings(db),
    orderMoney(db, o.id),
  ]);
  const choices = await choicesOf(db, lines, now);
  // The choice can change until packing of the order starts (its first mark).
  const choiceOpen =
    (o.status === ORDER_STATUS.pending || o.status === ORDER_STATUS.processing) &&
    o.packedAt === null &&
    marks.size === 0;
  // What the pay page tells before paying a weighed order (payment.hold.ts computes the same).
  const holding = o.weighed && o.status === ORDER_STATUS.pending && o.totalCents > 0;
  const hold = holding
    ? {
        amount: centsToAmount(withBuffer(o.totalCents, settings.holdBufferPercent)),
        buffer_percent: settings.holdBufferPercent,
      }
    : null;
  return {
    ...summaryOf(o, timeZone),
    subtotal: centsToAmount(o.subtotalCents),
    discount: centsToAmount(o.discountCents),
    tax: centsToAmount(o.taxCents),
    taxes: taxes.map((r) => ({
      rate: ratePercent(r.ratePpm),
      taxable: centsToAmount(r.taxableCents),
      tax: centsToAmount(r.taxCents),
    })),
    delivery_fee: centsToAmount(o.deliveryFeeCents),
    coupon: o.couponCode,
    address: {
      name: o.shipName,
      surname: o.shipSurname,
      phone: o.shipPhone,
      address: o.shipAddress,
      area: o.shipArea,
      city: o.shipCity,
      province: o.shipProvince,
      zip: o.shipZip,
      instructions: o.shipInstructions,
    },
    item: lines.map((l) => ({
      id: l.id,
      uuid: l.productUuid,
      en_name: l.enName,
      zn_name: l.znName,
      image: l.image,
      price: centsToAmount(l.priceCents),
      num: l.num,
      when_missing: asWhenMissing(l.whenMissing),
      packing: shopperMarkView(marks.get(l.id)),
      substitution: choices.get(l.id) ?? null,
      choice_open: choiceOpen,
      proposal: proposalView(marks.get(l.id)),
      weight: lineWeightView(l),
    })),
    hold,
    estimate: o.weighed && o.weighedAt === null,
    estimate_total: o.estimateTotalCents === null ? null : centsToAmount(o.estimateTotalCents),
    placed_at: o.createdAt.toISOString(),
    paid_at: o.paidAt?.toISOString() ?? null,
    time_zone: timeZone,
    payment: money.payment && {
      kind: money.payment.kind,
      vendor: money.payment.vendor,
      card_brand: money.payment.cardBrand,
      card_last4: money.payment.cardLast4,
    },
    refunded: centsToAmount(money.refundedCents),
    net_paid: nullableAmount(netPaidCents(o, money.refundedCents)),
  };
}

/**
 * A weighed line's weight for the shopper and the console (docs/product.md, Sold by weight): its
 * estimate as placed and, once weighed, what it weighed and costs; null for a pack.
 */
export function lineWeightView(l: typeof orderLines.$inferSelect): LineWeight | null {
  if (l.weightUnit === null || l.unitPriceCents === null) return null;
  return {
    unit: l.weightUnit === 'kg' ? 'kg' : 'lb',
    unit_price: centsToAmount(l.unitPriceCents),
    piece_grams: l.pieceGrams,
    estimate_grams: l.estimateGrams ?? 0,
    estimate_amount: centsToAmount(l.estimateCents ?? l.priceCents * l.num),
    weighed_grams: l.weighedGrams,
    weighed_amount: l.weighedCents === null ? null : centsToAmount(l.weighedCents),
    estimate: l.weighedGrams === null,
  };
}
