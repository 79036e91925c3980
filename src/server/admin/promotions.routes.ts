import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '#server/config';
import { ok } from '#server/http';
import {
  createPromotion,
  deletePromotion,
  listPromotions,
  promotionDetail,
  updatePromotion,
} from '#server/modules/promo/promotions';
import { IdParam, NoInput } from '#shared/schemas/common.zod';
import { PromotionInput } from '#shared/schemas/promo.zod';
import { adminRoute, audited } from './admin-route';
import { type CatalogueChangeDeps, wholeCatalogueChange } from './catalogue-changes';

export interface PromotionsDeps extends CatalogueChangeDeps {
  config: Pick<Config, 'shopTimeZone'>;
}

const allow = 'catalogue.manage';
const Id = { params: z.object({ id: IdParam }) };

/**
 * `/api/admin/promotions` (docs/api.md, Admin: promotions). Each change is one catalogue change
 * touching all of it: a promotion's prices reach every list.
 */
export async function promotionsRoutes(app: FastifyInstance, deps: PromotionsDeps) {
  const { db, clock } = deps;
  const zone = deps.config.shopTimeZone;
  const open = wholeCatalogueChange(deps);
  const detail = (id: number) => promotionDetail(db, id, clock.now(), zone);

  adminRoute(app, { method: 'GET', url: '/api/admin/promotions', input: NoInput, allow }, async () =>
    ok(await listPromotions(db, clock.now(), zone)),
  );

  adminRoute(
    app,
    { method: 'GET', url: '/api/admin/promotions/:id', ...Id, input: NoInput, allow },
    async ({ params }) => ok(await detail(params.id)),
  );

  adminRoute(
    app,
    { method: 'POST', url: '/api/admin/promotions', input: PromotionInput, allow },
    async ({ input, staff }) => {
      const id = await audited(deps, staff, (tx) => createPromotion(tx, input, clock.now(), zone), open);
      return ok(await detail(id));
    },
  );

  adminRoute(
    app,
    { method: 'POST', url: '/api/admin/promotions/:id', ...Id, input: PromotionInput, allow },
    async ({ params, input, staff }) => {
      await audited(deps, staff, (tx) => updatePromotion(tx, params.id, input, clock.now(), zone), open);
      return ok(await detail(params.id));
    },
  );

  adminRoute(
    app,
    { method: 'DELETE', url: '/api/admin/promotions/:id', ...Id, input: NoInput, allow },
    async ({ params, staff }) => {
      await audited(deps, staff, (tx) => deletePromotion(tx, params.id, clock.now(), zone), open);
      return ok({ deleted: true });
    },
  );
}
