import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '#server/config';
import { ok } from '#server/http';
import type { StockListener } from '#server/modules/catalogue/catalogue.changes';
import { couponDetail, createCoupon, deleteCoupon, updateCoupon } from '#server/modules/promo/coupons';
import { IdParam, NoInput } from '#shared/schemas/common.zod';
import { CouponInput } from '#shared/schemas/promo.zod';
import { type AuditDeps, adminRoute, audited } from './admin-route';
import { couponList } from './views/coupon-list';

export interface CouponsDeps extends AuditDeps {
  config: Pick<Config, 'shopTimeZone'>;
  /** Told when listing the coupons expired overdue orders, which put their stock back. */
  catalogue: StockListener;
}

const allow = 'catalogue.manage';
const Id = { params: z.object({ id: IdParam }) };

/** `/api/admin/coupons` (docs/api.md, Admin: coupons); each change in one plain transaction. */
export async function couponsRoutes(app: FastifyInstance, deps: CouponsDeps) {
  const { db, clock } = deps;
  const zone = deps.config.shopTimeZone;
  const detail = (id: number) => couponDetail(db, id, clock.now(), zone);

  adminRoute(app, { method: 'GET', url: '/api/admin/coupons', input: NoInput, allow }, async () =>
    ok(await couponList(deps, zone)),
  );

  adminRoute(
    app,
    { method: 'GET', url: '/api/admin/coupons/:id', ...Id, input: NoInput, allow },
    async ({ params }) => ok(await detail(params.id)),
  );

  adminRoute(
    app,
    { method: 'POST', url: '/api/admin/coupons', input: CouponInput, allow },
    async ({ input, staff }) => {
      const id = await audited(deps, staff, (tx) => createCoupon(tx, input, clock.now(), zone));
      return ok(await detail(id));
    },
  );

  adminRoute(
    app,
    { method: 'POST', url: '/api/admin/coupons/:id', ...Id, input: CouponInput, allow },
    async ({ params, input, staff }) => {
      await audited(deps, staff, (tx) => updateCoupon(tx, params.id, input, clock.now(), zone));
      return ok(await detail(params.id));
    },
  );

  adminRoute(
    app,
    { method: 'DELETE', url: '/api/admin/coupons/:id', ...Id, input: NoInput, allow },
    async ({ params, staff }) => {
      await audited(deps, staff, (tx) => deleteCoupon(tx, params.id, clock.now(), zone));
      return ok({ deleted: true });
    },
  );
}
