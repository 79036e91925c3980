import { and, eq } from 'drizzle-orm';
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
 * Checks a coupon for this shopper and subtotal and answers its discount (never more than the
 * subtotal). Unknown, out-of-date, below-minimum and already-used codes are 400s that say which.
 */
export async function applyCoupon(
  tx: Tx,
  rawCode: string,
  userId: number,
  subtotalCents: number,
  now: Date,
): Promise<AppliedCoupon> {
  const code = normaliseCouponCode(rawCode);
  const [coupon] = await tx.select().from(coupons).where(eq(coupons.code, code));
  if (!coupon) throw new BadInput('errors:order.couponUnknown', { code: rawCode.trim().slice(0, 40) });
  if (coupon.startsAt > now || coupon.endsAt <= now)
    throw new BadInput('errors:order.couponNotValid', { code });
  if (subtotalCents < coupon.minSubtotalCents) {
    throw new BadInput('errors:order.couponMinimum', { code, min: formatCents(coupon.minSubtotalCents) });
  }
  const [used] = await tx
    .select()
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, coupon.id), eq(couponRedemptions.userId, userId)));
  if (used) throw new BadInput('errors:order.couponUsed', { code });
  const raw = coupon.kind === 'percent' ? Math.floor((subtotalCents * coupon.value) / 100) : coupon.value;
  return { id: coupon.id, code, discountCents: Math.min(raw, subtotalCents) };
}

/**
 * Records that the shopper used the coupon on this order. Once per shopper: the row's key says so,
 * and a parallel order that got there first makes this one the same "already used" answer.
 */
export async function redeemCoupon(
  tx: Tx,
  coupon: AppliedCoupon,
  userId: number,
  orderId: number,
): Promise<void> {
  const [row] = await tx
    .insert(couponRedemptions)
    .values({ couponId: coupon.id, userId, orderId })
    .onConflictDoNothing()
    .returning({ orderId: couponRedemptions.orderId });
  if (!row) throw new BadInput('errors:order.couponUsed', { code: coupon.code });
}
