import { and, eq, sql } from 'drizzle-orm';
import type { Clock } from '#server/clock';
import type { OrderLimits } from '#server/config';
import type { Db, Tx } from '#server/db/client';
import { cartLines, orderLines, orders, orderTaxes, products } from '#server/db/schema';
import { Conflict, NotFound } from '#server/errors';
import { type Language, ORDER_EXPIRY_MINUTES } from '#shared/constants';
import { formatCents } from '#shared/money';
import { deliversTo } from '#shared/schemas/delivery.rules';
import { ORDER_STATUS } from '#shared/schemas/order';
import type { OrderTax } from '#shared/tax';
import { lineUnitPriceOf, stepGramsOf } from '#shared/weight';
import { rememberLanguage } from '../account/shopper-language';
import { lockShopper } from '../account/shopper-lock';
import type { AddressService } from '../address/address.service';
import { onlyLeft } from '../cart/cart.service';
import { type StockChanges, type StockListener, withStockChanges } from '../catalogue/catalogue.changes';
import { weighedSaleOf } from '../catalogue/weighed-sale';
import { readTerms } from '../delivery/delivery.terms';
import { type HeldSlot, holdSlot } from '../slots/slot.hold';
import { type AppliedCoupon, redeemCoupon } from './coupon';
import { assertLineCaps, assertPendingRoom } from './order.limits';
import { type AskedLines, type Line, orderLinesOf, subtotalOf, wholeCartOf } from './order.lines';
import { orderPlaced } from './order.machine';
import { type OrderPrice, priceOrder } from './order.pricing';
import { newOrderNumber } from './order-number';

export interface PlaceOrderInput {
  addressUuid: string;
  coupon: string;
  /** Cart line ids and how many of each to order; absent `when_missing` takes the cart line's. */
  items: AskedLines;
  /** The client's language, kept as the shopper's (their mails', the "placed" one first). */
  language?: Language;
  /** The chosen delivery window's start, or null for none. */
  slot?: Date | null;
}

/** The cart's coupon check: a code, and optionally the address and lines the order would have. */
export interface CouponCheckInput {
  code: string;
  addressUuid?: string | undefined;
  /** Absent: the whole cart as it would be ordered (`wholeCartOf`). */
  items?: AskedLines | undefined;
}

/** Placing orders (docs/architecture.md §5, Orders). */
export class OrderService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      addresses: AddressService;
      limits: OrderLimits;
      catalogue: StockListener;
      /** SHOP_TIME_ZONE: the delivery windows are on its clock. */
      timeZone: string;
    },
  ) {}

  /**
   * Places an order from the shopper's cart lines, in one transaction: the address and lines must
   * be the shopper's; the shopper's unpaid orders leave room for it (expire the overdue ones
   * first); prices come from the database; stock is taken with a conditional update, so the last
   * unit is sold once; what was bought and where it goes are copied into the order; the ordered
   * quantities leave the cart, and so do the shopper's lines at 0 (a line at 0 is never ordered,
   * docs/product.md §5). The shop's delivery terms apply: the address's ZIP must be in its area,
   * the goods reach its minimum, and the total carries its fee. A chosen delivery window gets one
   * of its places (holdSlot, the same race rules as stock). The shopper's lock makes their parallel
   * orders count each other (limits, coupon). The catalogue is told of the stock taken. Answers the order number.
   */
  async place(userId: number, input: PlaceOrderInput): Promise<string> {
    const now = this.deps.clock.now();
    const { limits } = this.deps;
    return withStockChanges(this.deps.db, this.deps.catalogue, async (tx, stock) => {
      await lockShopper(tx, userId);
      const address = await this.deps.addresses.own(tx, userId, input.addressUuid).catch(() => {
        throw new NotFound('errors:order.addressMissing');
      });
      // The terms as they are now, read in this transaction: the figure charged is the current one.
      const terms = await readTerms(tx);
      if (!deliversTo(terms.area, address.zip)) {
        throw new Conflict('errors:delivery.outsideArea', { zip: address.zip });
      }
      const pending = await assertPendingRoom(tx, userId, limits);
      const lines = await orderLinesOf(tx, userId, input.items, now);
      await assertLineCaps(tx, pending, lines, limits);
      const subtotalCents = subtotalOf(lines);
      // The minimum is on the goods as priced, before a coupon (docs/product.md, Delivery).
      if (subtotalCents < terms.minimumCents) {
        throw new Conflict('errors:delivery.belowMinimum', { min: formatCents(terms.minimumCents) });
      }
      const { coupon, totals } = await priceOrder(tx, {
        userId,
        lines,
        subtotalCents,
        zip: address.zip,
        coupon: input.coupon,
        terms,
        now,
        lockCoupon: true,
      });
      await reserveStock(tx, stock, lines);
      // After the stock (every order locks products, then its window: no deadlock between two).
      const slot = await holdSlot(tx, input.slot ?? null, now, this.deps.timeZone);
      // Before the order's "placed" mail is queued, which reads it.
      if (input.language) await rememberLanguage(tx, userId, input.language);
      const order = await insertOrder(tx, {
        userId,
        now,
        lines,
        subtotalCents,
        coupon,
        taxCents: totals.tax,
        taxes: totals.taxes,
        deliveryFeeCents: totals.deliveryFee,
        totalCents: totals.total,
        address,
        slot,
      });
      await takeFromCart(tx, lines);
      await tx.delete(cartLines).where(and(eq(cartLines.userId, userId), eq(cartLines.amount, 0)));
      return order;
    });
  }

  /**
   * The cart's coupon check (docs/api.md, `GET /api/cart/coupon`), read-only: the lines `place`
   * would order (the asked ones, or the whole cart) to the chosen address, priced by the same
   * `priceOrder` with the coupon, so the totals shown are those the order will charge. Refuses the
   * code as `place` would, with the same message; the delivery area and the minimum order are the
   * cart's own notes and `place`'s checks, not the coupon's.
   */
  async checkCoupon(
    userId: number,
    input: CouponCheckInput,
  ): Promise<OrderPrice & { subtotalCents: number }> {
    const now = this.deps.clock.now();
    return this.deps.db.transaction(async (tx) => {
      const zip =
        input.addressUuid === undefined
          ? ''
          : (
              await this.deps.addresses.own(tx, userId, input.addressUuid).catch(() => {
                throw new NotFound('errors:order.addressMissing');
              })
            ).zip;
      const lines = await orderLinesOf(tx, userId, input.items ?? (await wholeCartOf(tx, userId)), now);
      const subtotalCents = subtotalOf(lines);
      const terms = await readTerms(tx);
      const price = await priceOrder(tx, {
        userId,
        lines,
        subtotalCents,
        zip,
        coupon: input.code,
        terms,
        now,
        lockCoupon: false,
      });
      return { ...price, subtotalCents };
    });
  }
}

/** Takes each line's units with a conditional update, in product order (no deadlocks between orders). */
async function reserveStock(tx: Tx, stock: StockChanges, lines: Line[]): Promise<void> {
  for (const line of lines) {
    if (!(await stock.take(line.product.id, line.num))) {
      const [now] = await tx.select().from(products).where(eq(products.id, line.product.id));
      throw onlyLeft(now ?? line.product);
    }
  }
}

interface NewOrder {
  userId: number;
  now: Date;
  lines: Line[];
  subtotalCents: number;
  coupon: AppliedCoupon | undefined;
  taxCents: number;
  /** The tax by line and by rate, as the one rule computed it. */
  taxes: OrderTax;
  deliveryFeeCents: number;
  totalCents: number;
  address: Awaited<ReturnType<AddressService['own']>>;
  slot: HeldSlot | null;
}

async function insertOrder(tx: Tx, o: NewOrder): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const orderNo = newOrderNumber(o.now);
    const [row] = await tx
      .insert(orders)
      .values({
        orderNo,
        userId: o.userId,
        status: ORDER_STATUS.pending,
        totalCount: o.lines.reduce((n, l) => n + l.num, 0),
        subtotalCents: o.subtotalCents,
        discountCents: o.coupon?.discountCents ?? 0,
        taxCents: o.taxCents,
        deliveryFeeCents: o.deliveryFeeCents,
        totalCents: o.totalCents,
        couponId: o.coupon?.id ?? null,
        couponCode: o.coupon?.code ?? null,
        shipName: o.address.name,
        shipSurname: o.address.surname,
        shipPhone: o.address.phone,
        shipAddress: o.address.address,
        shipArea: o.address.area,
        shipCity: o.address.city,
        shipProvince: o.address.province,
        shipZip: o.address.zip,
        shipInstructions: o.address.instructions,
        slotStartsAt: o.slot?.startsAt ?? null,
        slotEndsAt: o.slot?.endsAt ?? null,
        createdAt: o.now,
        expiresAt: new Date(o.now.getTime() + ORDER_EXPIRY_MINUTES * 60_000),
        updatedAt: o.now,
        ...weighedOrderOf(o),
      })
      .onConflictDoNothing({ target: orders.orderNo })
      .returning({ id: orders.id });
    if (!row) {
      if (attempt >= 5) throw new Error('could not draw a unique order number');
      continue;
    }
    await tx.insert(orderLines).values(
      o.lines.map((l, i) => ({
        ...weighedLineOf(l),
        orderId: row.id,
        productId: l.product.id,
        productUuid: l.product.uuid,
        enName: l.product.enName,
        znName: l.product.znName,
        image: l.product.productImage,
        priceCents: l.priceCents,
        num: l.num,
        whenMissing: l.whenMissing,
        // The cart line's substitution choice comes along while the line is to be replaced.
        substituteProductId: l.whenMissing === 'replace' ? l.cart.substituteProductId : null,
        substituteAsk: l.cart.substituteAsk,
        substituteFallback: l.cart.substituteFallback,
        taxRatePpm: o.taxes.lines[i]?.ratePpm ?? 0,
        discountCents: o.taxes.lines[i]?.discountCents ?? 0,
        taxCents: o.taxes.lines[i]?.taxCents ?? 0,
      })),
    );
    await tx.insert(orderTaxes).values(
      o.taxes.rates.map((r) => ({
        orderId: row.id,
        ratePpm: r.ratePpm,
        taxableCents: r.taxableCents,
        taxCents: r.taxCents,
      })),
    );
    if (o.coupon) await redeemCoupon(tx, o.coupon, o.userId, row.id);
    await orderPlaced(tx, row.id, o.now);
    return orderNo;
  }
}

/**
 * A weighed line's estimate as placed (docs/product.md, Sold by weight): `num` steps or pieces of
 * the product's weight, at the price charged for a step; nothing for a pack.
 */
function weighedLineOf(l: Line) {
  const sale = weighedSaleOf(l.product);
  if (!sale) return {};
  return {
    weightUnit: sale.unit,
    unitPriceCents: lineUnitPriceOf(sale, l.priceCents),
    pieceGrams: sale.pieceGrams,
    estimateGrams: stepGramsOf(sale) * l.num,
    estimateCents: l.priceCents * l.num,
  };
}

/** An order with a weighed line: marked weighed, its placed figures kept as the estimate. */
function weighedOrderOf(o: NewOrder) {
  if (!o.lines.some((l) => weighedSaleOf(l.product))) return {};
  return {
    weighed: true,
    estimateSubtotalCents: o.subtotalCents,
    estimateTaxCents: o.taxCents,
    estimateTotalCents: o.totalCents,
  };
}

/**
 * Ordered quantities leave the cart: a line goes when all of it was ordered, else it shrinks.
 * The decrement is done by the database, so concurrent orders from one cart cannot lose one.
 */
async function takeFromCart(tx: Tx, lines: Line[]): Promise<void> {
  for (const line of lines) {
    const [left] = await tx
      .update(cartLines)
      .set({ amount: sql`greatest(${cartLines.amount} - ${line.num}, 0)` })
      .where(eq(cartLines.id, line.cart.id))
      .returning({ amount: cartLines.amount });
    if (left && left.amount === 0) await tx.delete(cartLines).where(eq(cartLines.id, line.cart.id));
  }
}
