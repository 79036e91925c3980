import type { Tx } from '#server/db/client';
import { type OrderTotals, orderTotalsOf } from '#shared/money';
import type { OrderTax } from '#shared/tax';
import type { StoredTerms } from '../delivery/delivery.terms';
import { ratesForZip } from '../tax/tax.rates';
import { type AppliedCoupon, applyCoupon } from './coupon';
import type { Line } from './order.lines';

export interface OrderPrice {
  coupon: AppliedCoupon | undefined;
  totals: OrderTotals & { taxes: OrderTax };
}

/**
 * An order's money, the one way both placing it and the cart's coupon check work it out: the
 * coupon checked against the goods before it, then each line taxed at its class's rate where it
 * is delivered (docs/product.md, Tax), the shop's delivery fee, and the total (`orderTotalsOf`).
 * `lockCoupon` when placing: the coupon's uses are then counted race-free (`applyCoupon`).
 */
export async function priceOrder(
  tx: Tx,
  order: {
    userId: number;
    lines: readonly Line[];
    subtotalCents: number;
    zip: string;
    coupon: string;
    terms: StoredTerms;
    now: Date;
    lockCoupon: boolean;
  },
): Promise<OrderPrice> {
  const { userId, lines, subtotalCents, now } = order;
  const coupon = order.coupon.trim()
    ? await applyCoupon(tx, order.coupon, userId, subtotalCents, now, { lock: order.lockCoupon })
    : undefined;
  const rates = await ratesForZip(tx, order.zip);
  const totals = orderTotalsOf(
    subtotalCents,
    coupon?.discountCents ?? 0,
    order.terms,
    lines.map((l) => ({ goodsCents: l.priceCents * l.num, ratePpm: rates.rateOf(l.product.taxClass) })),
    rates.feeRatePpm,
  );
  return { coupon, totals };
}
