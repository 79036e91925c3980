import type { FastifyInstance } from 'fastify';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { ok, route } from '#server/http';
import { centsToAmount } from '#shared/money';
import { NoInput } from '#shared/schemas/common';
import { type AvailableCoupons, type CouponCheck, CouponCheckInput } from '#shared/schemas/coupon.zod';
import { availableCoupons } from './coupon';
import type { OrderService } from './order.service';

/** The shopper's coupons (docs/api.md, Coupons): the cart's check of a code, and the coupons usable now. */
export async function couponRoutes(
  app: FastifyInstance,
  opts: { orders: OrderService; db: Db; clock: Clock; timeZone: string },
) {
  const { orders, db, clock, timeZone } = opts;

  route(
    app,
    { method: 'GET', url: '/api/cart/coupon', input: CouponCheckInput, auth: 'shopper' },
    async ({ input, user }) => {
      const { coupon, totals, subtotalCents } = await orders.checkCoupon(user.id, {
        code: input.code,
        addressUuid: input.uuid,
        items: input.items,
      });
      const answer: CouponCheck = {
        code: coupon?.code ?? '',
        discount: centsToAmount(totals.discount),
        subtotal: centsToAmount(subtotalCents),
        tax: centsToAmount(totals.tax),
        delivery_fee: centsToAmount(totals.deliveryFee),
        total: centsToAmount(totals.total),
      };
      return ok(answer);
    },
  );

  route(app, { method: 'GET', url: '/api/coupons', input: NoInput, auth: 'shopper' }, async ({ user }) => {
    const items = await availableCoupons(db, user.id, clock.now());
    const answer: AvailableCoupons = {
      time_zone: timeZone,
      items: items.map((c) => ({
        code: c.code,
        kind: c.kind === 'percent' ? 'percent' : 'fixed',
        value: c.kind === 'percent' ? c.value : centsToAmount(c.value),
        min_spend: centsToAmount(c.minSubtotalCents),
        ends_at: c.endsAt.toISOString(),
      })),
    };
    return ok(answer);
  });
}
