import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Clock } from '#server/clock';
import type { Config } from '#server/config';
import type { Db } from '#server/db/client';
import { ok, route } from '#server/http';
import type { StaffUser } from '#server/plugins/staff-auth';
import { IdParam, NoInput } from '#shared/schemas/common.zod';
import { CouponInput, PromotionInput } from '#shared/schemas/promo.zod';
import { type CatalogueListener, withCatalogueChange } from '../catalogue/catalogue.changes';
import { expireOverdueOrders } from '../order/order.expiry';
import { recordAudit } from '../staff/audit';
import { couponDetail, createCoupon, deleteCoupon, listCoupons, updateCoupon } from './coupon.admin';
import {
  createPromotion,
  deletePromotion,
  listPromotions,
  type PromotionDetail,
  promotionDetail,
  updatePromotion,
} from './promotion.admin';

export interface PromoAdminDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'shopTimeZone'>;
  catalogue: CatalogueListener;
}

const Id = { params: z.object({ id: IdParam }) };

/** What the audit log keeps of a promotion: its fields and prices (product id → cents). */
const promotionState = (p: PromotionDetail) => ({
  en_name: p.en_name,
  zn_name: p.zn_name,
  ad_img: p.ad_img,
  starts_at: p.starts_at,
  ends_at: p.ends_at,
  prices: Object.fromEntries(p.products.map((l) => [l.id, l.promotion_price])),
});

/** The console's promotion and coupon routes (docs/api.md, Admin: promotions and coupons). */
export async function adminPromoRoutes(app: FastifyInstance, deps: PromoAdminDeps) {
  const { db, clock, catalogue } = deps;
  const zone = deps.config.shopTimeZone;
  const auth = { auth: 'staff', permission: 'catalogue.manage' } as const;
  const audit = (staff: StaffUser, action: string, targetId: number, before: unknown, after: unknown) => ({
    staffId: staff.id,
    action,
    targetType: action.split('.')[0] as string,
    targetId: String(targetId),
    before,
    after,
    at: clock.now(),
  });

  route(app, { method: 'GET', url: '/api/admin/promotions', input: NoInput, ...auth }, async () =>
    ok(await listPromotions(db, clock.now(), zone)),
  );

  route(
    app,
    { method: 'GET', url: '/api/admin/promotions/:id', ...Id, input: NoInput, ...auth },
    async ({ params }) => ok(await promotionDetail(db, params.id, clock.now(), zone)),
  );

  route(
    app,
    { method: 'POST', url: '/api/admin/promotions', input: PromotionInput, ...auth },
    async ({ input, staff }) => {
      const id = await withCatalogueChange(db, catalogue, async (tx, touched) => {
        touched.all();
        const created = await createPromotion(tx, input, zone);
        const after = await promotionDetail(tx, created, clock.now(), zone);
        await recordAudit(tx, audit(staff, 'promotion.create', created, undefined, promotionState(after)));
        return created;
      });
      return ok(await promotionDetail(db, id, clock.now(), zone));
    },
  );

  route(
    app,
    { method: 'POST', url: '/api/admin/promotions/:id', ...Id, input: PromotionInput, ...auth },
    async ({ params, input, staff }) => {
      await withCatalogueChange(db, catalogue, async (tx, touched) => {
        touched.all();
        const before = await promotionDetail(tx, params.id, clock.now(), zone);
        await updatePromotion(tx, params.id, input, zone);
        const after = await promotionDetail(tx, params.id, clock.now(), zone);
        await recordAudit(
          tx,
          audit(staff, 'promotion.update', params.id, promotionState(before), promotionState(after)),
        );
      });
      return ok(await promotionDetail(db, params.id, clock.now(), zone));
    },
  );

  route(
    app,
    { method: 'DELETE', url: '/api/admin/promotions/:id', ...Id, input: NoInput, ...auth },
    async ({ params, staff }) => {
      await withCatalogueChange(db, catalogue, async (tx, touched) => {
        touched.all();
        const before = await promotionDetail(tx, params.id, clock.now(), zone);
        await deletePromotion(tx, params.id);
        await recordAudit(tx, audit(staff, 'promotion.delete', params.id, promotionState(before), undefined));
      });
      return ok({ deleted: true });
    },
  );

  // Orders past their ten minutes are cancelled first, giving their coupons back, so the uses shown are current.
  route(app, { method: 'GET', url: '/api/admin/coupons', input: NoInput, ...auth }, async () => {
    await expireOverdueOrders({ db, clock, catalogue });
    return ok(await listCoupons(db, clock.now(), zone));
  });

  route(
    app,
    { method: 'GET', url: '/api/admin/coupons/:id', ...Id, input: NoInput, ...auth },
    async ({ params }) => ok(await couponDetail(db, params.id, clock.now(), zone)),
  );

  route(
    app,
    { method: 'POST', url: '/api/admin/coupons', input: CouponInput, ...auth },
    async ({ input, staff }) => {
      const id = await db.transaction(async (tx) => {
        const created = await createCoupon(tx, input, zone);
        const after = await couponDetail(tx, created, clock.now(), zone);
        await recordAudit(tx, audit(staff, 'coupon.create', created, undefined, after));
        return created;
      });
      return ok(await couponDetail(db, id, clock.now(), zone));
    },
  );

  route(
    app,
    { method: 'POST', url: '/api/admin/coupons/:id', ...Id, input: CouponInput, ...auth },
    async ({ params, input, staff }) => {
      await db.transaction(async (tx) => {
        const before = await couponDetail(tx, params.id, clock.now(), zone);
        await updateCoupon(tx, params.id, input, zone);
        const after = await couponDetail(tx, params.id, clock.now(), zone);
        await recordAudit(tx, audit(staff, 'coupon.update', params.id, before, after));
      });
      return ok(await couponDetail(db, params.id, clock.now(), zone));
    },
  );

  route(
    app,
    { method: 'DELETE', url: '/api/admin/coupons/:id', ...Id, input: NoInput, ...auth },
    async ({ params, staff }) => {
      await db.transaction(async (tx) => {
        const before = await couponDetail(tx, params.id, clock.now(), zone);
        await deleteCoupon(tx, params.id);
        await recordAudit(tx, audit(staff, 'coupon.delete', params.id, before, undefined));
      });
      return ok({ deleted: true });
    },
  );
}
