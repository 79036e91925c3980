import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client';
import { couponRedemptions, coupons } from '#server/db/schema';
import { BadInput } from '#server/errors';
import { formatCents } from '#shared/money';

export interface AppliedCoupon {
  id: number;
  code: string;
  discountCents: number;
}

/** Coupon codes are case-insensitive; stored upper-case. */
export const normaliseCouponCode = (code: string) => code.trim().toUpperCase();

/**
 * Whether the coupon's uses (cancelled and expired orders gave theirs back) have reached `limit`,
 * in all or the shopper's own: counts at most `limit` of them, so the cost is bounded by the
 * limit, not by how often the coupon was used (docs/decisions/018-checkout-cost-without-history.md).
 */
async function usesReach(
  tx: Tx,
  couponId: number,
  userId: number | undefined,
  limit: number,
): Promise<boolean> {
  const own = userId === undefined ? undefined : eq(couponRedemptions.userId, userId);
  const uses = tx
    .select({ one: sql<number>`1`.as('one') })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), own))
    .limit(limit)
    .as('uses');
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(uses);
  return (row?.n ?? 0) >= limit;
}

/**
 * Checks a coupon for this shopper and subtotal and answers its discount (never more than the
 * subtotal). Unknown, disabled or out-of-date, below-minimum, used-up and already-used codes are
 * 400s that say which. The coupon's row stays locked until the order's transaction ends, so
 * parallel orders count each other's uses: a limit of N gives exactly N (docs/product.md §5).
 */
export async function applyCoupon(
  tx: Tx,
  rawCode: string,
  userId: number,
  subtotalCents: number,
  now: Date,
): Promise<AppliedCoupon> {
  const code = normaliseCouponCode(rawCode);
  const [coupon] = await tx.select().from(coupons).where(eq(coupons.code, code)).for('update');
  if (!coupon) throw new BadInput('errors:order.couponUnknown', { code: rawCode.trim().slice(0, 40) });
  if (!coupon.active || coupon.startsAt > now || coupon.endsAt <= now)
    throw new BadInput('errors:order.couponNotValid', { code });
  if (subtotalCents < coupon.minSubtotalCents) {
    throw new BadInput('errors:order.couponMinimum', { code, min: formatCents(coupon.minSubtotalCents) });
  }
  if (coupon.perShopperLimit !== null && (await usesReach(tx, coupon.id, userId, coupon.perShopperLimit)))
    throw new BadInput('errors:order.couponUsed', { code });
  if (coupon.usageLimit !== null && (await usesReach(tx, coupon.id, undefined, coupon.usageLimit)))
    throw new BadInput('errors:catalogueAdmin.coupons.usedUp', { code });
  const raw = coupon.kind === 'percent' ? Math.floor((subtotalCents * coupon.value) / 100) : coupon.value;
  return { id: coupon.id, code, discountCents: Math.min(raw, subtotalCents) };
}

/** Records that the shopper used the coupon on this order (checked and locked by `applyCoupon`). */
export async function redeemCoupon(
  tx: Tx,
  coupon: AppliedCoupon,
  userId: number,
  orderId: number,
): Promise<void> {
  await tx.insert(couponRedemptions).values({ couponId: coupon.id, userId, orderId });
}

/** Uses so far of each coupon (orders placed with it, less those cancelled or expired). */
export async function couponUses(tx: Pick<Tx, 'select'>): Promise<Map<number, number>> {
  const rows = await tx
    .select({ id: couponRedemptions.couponId, n: sql<number>`count(*)::int` })
    .from(couponRedemptions)
    .groupBy(couponRedemptions.couponId);
  return new Map(rows.map((r) => [r.id, r.n]));
}
