import { and, asc, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client';
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
  tx: Db | Tx,
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
 * 400s that say which. Placing an order (`lock`) keeps the coupon's row locked until the order's
 * transaction ends, so parallel orders count each other's uses: a limit of N gives exactly N
 * (docs/product.md §5). The cart's check (no lock) runs the same rules, so it refuses what the
 * order would and shows the discount the order will get.
 */
export async function applyCoupon(
  tx: Tx,
  rawCode: string,
  userId: number,
  subtotalCents: number,
  now: Date,
  { lock }: { lock: boolean } = { lock: true },
): Promise<AppliedCoupon> {
  const code = normaliseCouponCode(rawCode);
  const find = tx.select().from(coupons).where(eq(coupons.code, code));
  const [coupon] = lock ? await find.for('update') : await find;
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
  return { id: coupon.id, code, discountCents: discountOf(coupon, subtotalCents) };
}

/** What a coupon takes off a subtotal: a percent rounded down to the cent, or its amount, at most the subtotal. */
function discountOf(coupon: Pick<CouponRow, 'kind' | 'value'>, subtotalCents: number): number {
  const raw = coupon.kind === 'percent' ? Math.floor((subtotalCents * coupon.value) / 100) : coupon.value;
  return Math.min(raw, subtotalCents);
}

type CouponRow = typeof coupons.$inferSelect;

/** A coupon the shopper can use now, as the Coupons page lists it. */
export interface AvailableCoupon {
  code: string;
  kind: CouponRow['kind'];
  /** Percent off, or cents off. */
  value: number;
  minSubtotalCents: number;
  endsAt: Date;
}

/** Most coupons the Coupons page lists (the soonest to end first). */
const AVAILABLE_MAX = 50;

/**
 * The coupons this shopper could use on an order now (docs/product.md, Coupons): shown to
 * shoppers by the owner (a private code is never listed, though it works when typed), enabled, within
 * their dates, with uses left in total and for the shopper — what `applyCoupon` would accept, but
 * for the minimum subtotal, which the list shows. Each limit is counted as `applyCoupon` counts it.
 */
export async function availableCoupons(db: Db, userId: number, now: Date): Promise<AvailableCoupon[]> {
  const rows = await db
    .select()
    .from(coupons)
    .where(
      and(
        eq(coupons.active, true),
        eq(coupons.public, true),
        lte(coupons.startsAt, now),
        gt(coupons.endsAt, now),
      ),
    )
    .orderBy(asc(coupons.endsAt), asc(coupons.code))
    .limit(AVAILABLE_MAX);
  const usable: AvailableCoupon[] = [];
  for (const c of rows) {
    if (c.perShopperLimit !== null && (await usesReach(db, c.id, userId, c.perShopperLimit))) continue;
    if (c.usageLimit !== null && (await usesReach(db, c.id, undefined, c.usageLimit))) continue;
    usable.push({
      code: c.code,
      kind: c.kind,
      value: c.value,
      minSubtotalCents: c.minSubtotalCents,
      endsAt: c.endsAt,
    });
  }
  return usable;
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
