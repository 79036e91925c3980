import { desc, eq, sql } from 'drizzle-orm';
import type { Changed } from '#server/audit';
import type { Db, Tx } from '#server/db/client';
import { couponRedemptions, coupons, orders } from '#server/db/schema';
import { Conflict, NotFound } from '#server/errors';
import { fromShopWallTime, shopWallTime } from '#server/shop-time';
import { centsToAmount } from '#shared/money';
import { stateAt } from '#shared/schemas/promo.rules';
import type { CouponInput } from '#shared/schemas/promo.zod';

/**
 * Coupons as staff read and write them (docs/api.md, Admin: coupons). `uses` counts the orders
 * holding the coupon now (cancelled and expired orders gave theirs back). Writes report their audit
 * line (the coupon as staff see it, before and after) for the caller to write in the same
 * transaction.
 */

type CouponRow = typeof coupons.$inferSelect;

const usesSql = sql<number>`(select count(*)::int from ${couponRedemptions} where ${couponRedemptions.couponId} = ${coupons.id})`;

const couponOut = (c: CouponRow, uses: number, now: Date, timeZone: string) => ({
  id: c.id,
  code: c.code,
  kind: c.kind,
  /** Percent (1–100), or the amount off in the storefront's money format. */
  value: c.kind === 'percent' ? c.value : centsToAmount(c.value),
  min_spend: centsToAmount(c.minSubtotalCents),
  starts_at: shopWallTime(c.startsAt, timeZone),
  ends_at: shopWallTime(c.endsAt, timeZone),
  usage_limit: c.usageLimit,
  per_shopper_limit: c.perShopperLimit,
  active: c.active,
  public: c.public,
  uses,
  state: c.active ? stateAt(c.startsAt.getTime(), c.endsAt.getTime(), now.getTime()) : 'disabled',
});
export type AdminCoupon = ReturnType<typeof couponOut>;

export async function listCoupons(db: Db, now: Date, timeZone: string) {
  const rows = await db
    .select({ coupon: coupons, uses: usesSql })
    .from(coupons)
    .orderBy(desc(coupons.startsAt), desc(coupons.id));
  return { time_zone: timeZone, items: rows.map((r) => couponOut(r.coupon, r.uses, now, timeZone)) };
}

export async function couponDetail(
  db: Db | Tx,
  id: number,
  now: Date,
  timeZone: string,
): Promise<AdminCoupon> {
  const [row] = await db.select({ coupon: coupons, uses: usesSql }).from(coupons).where(eq(coupons.id, id));
  if (!row) throw new NotFound('errors:catalogueAdmin.coupons.notFound');
  return couponOut(row.coupon, row.uses, now, timeZone);
}

const rowOf = (input: CouponInput, timeZone: string) => ({
  code: input.code,
  kind: input.kind,
  value: input.value,
  minSubtotalCents: input.min_spend,
  startsAt: fromShopWallTime(input.starts_at, timeZone),
  endsAt: fromShopWallTime(input.ends_at, timeZone),
  usageLimit: input.usage_limit,
  perShopperLimit: input.per_shopper_limit,
  active: input.active,
  public: input.public,
});

/** Another coupon has this code already. */
async function assertCodeFree(tx: Tx, code: string, id?: number) {
  const [other] = await tx.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, code));
  if (other && other.id !== id) throw new Conflict('errors:catalogueAdmin.coupons.codeTaken', { code });
}

const target = (id: number) => ({ targetType: 'coupon', targetId: id });

export async function createCoupon(
  tx: Tx,
  input: CouponInput,
  now: Date,
  timeZone: string,
): Promise<Changed<number>> {
  await assertCodeFree(tx, input.code);
  const [row] = await tx
    .insert(coupons)
    .values(rowOf(input, timeZone))
    .onConflictDoNothing()
    .returning({ id: coupons.id });
  if (!row) throw new Conflict('errors:catalogueAdmin.coupons.codeTaken', { code: input.code });
  const after = await couponDetail(tx, row.id, now, timeZone);
  return { result: row.id, audit: { action: 'coupon.create', ...target(row.id), after } };
}

/**
 * Changes a coupon. Locks its row first, as order placement does, so an order placed meanwhile is
 * checked against either the old or the new limits, never half of each.
 */
export async function updateCoupon(
  tx: Tx,
  id: number,
  input: CouponInput,
  now: Date,
  timeZone: string,
): Promise<Changed<void>> {
  const before = await couponDetail(tx, id, now, timeZone);
  const [locked] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
  if (!locked) throw new NotFound('errors:catalogueAdmin.coupons.notFound');
  await assertCodeFree(tx, input.code, id);
  await tx.update(coupons).set(rowOf(input, timeZone)).where(eq(coupons.id, id));
  const after = await couponDetail(tx, id, now, timeZone);
  return { result: undefined, audit: { action: 'coupon.update', ...target(id), before, after } };
}

/** Deletes a coupon no order has used; one that was used must be disabled instead (orders refer to it). */
export async function deleteCoupon(tx: Tx, id: number, now: Date, timeZone: string): Promise<Changed<void>> {
  const before = await couponDetail(tx, id, now, timeZone);
  const [locked] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
  if (!locked) throw new NotFound('errors:catalogueAdmin.coupons.notFound');
  // Orders keep the coupon they used (cancelled ones too): such a coupon stays, disabled.
  const [used] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.couponId, id)).limit(1);
  if (used) throw new Conflict('errors:catalogueAdmin.coupons.hasUses');
  await tx.delete(coupons).where(eq(coupons.id, id));
  return { result: undefined, audit: { action: 'coupon.delete', ...target(id), before } };
}
