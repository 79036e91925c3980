import { eq, sql } from 'drizzle-orm';
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

/** How many orders use the coupon now, in all and the shopper's own (cancelled and expired ones gave theirs back). */
async function usesOf(tx: Tx, couponId: number, userId: number): Promise<{ all: number; own: number }> {
  const [row] = await tx
    .select({
      all: sql<number>`count(*)::int`,
      own: sql<number>`count(*) filter (where ${couponRedemptions.userId} = ${userId})::int`,
    })
    .from(couponRedemptions)
    .where(eq(couponRedemptions.couponId, couponId));
  return { all: row?.all ?? 0, own: row?.own ?? 0 };
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
  const uses = await usesOf(tx, coupon.id, userId);
  if (coupon.perShopperLimit !== null && uses.own >= coupon.perShopperLimit)
    throw new BadInput('errors:order.couponUsed', { code });
  if (coupon.usageLimit !== null && uses.all >= coupon.usageLimit)
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
