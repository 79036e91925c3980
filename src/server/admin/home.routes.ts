import type { FastifyInstance } from 'fastify';
import type { Config } from '#server/config';
import { ok } from '#server/http';
import {
  bannerList,
  createBanner,
  deleteBanner,
  moveBanner,
  publishBanner,
  updateBanner,
} from '#server/modules/home/banners';
import {
  createPlate,
  deletePlate,
  movePlate,
  plateList,
  publishPlate,
  updatePlate,
} from '#server/modules/home/plates';
import { NoInput } from '#shared/schemas/common';
import {
  AdminIdParams,
  BannerInput,
  MoveInput,
  PlateInput,
  PublishInput,
} from '#shared/schemas/home-admin.zod';
import { adminRoute, audited } from './admin-route';
import { type CatalogueChangeDeps, wholeCatalogueChange } from './catalogue-changes';

export interface HomeDeps extends CatalogueChangeDeps {
  /** Banners' schedules are entered and shown on the shop's wall clock, as promotions'. */
  config: Pick<Config, 'shopTimeZone'>;
}

const allow = 'catalogue.manage';

/**
 * `/api/admin/banners` and `/api/admin/plates` (docs/api.md, Admin: home): each list answered
 * again after every change. Each change is one catalogue change touching all of it: banners and
 * plates reach the home.
 */
export async function homeRoutes(app: FastifyInstance, deps: HomeDeps) {
  const open = wholeCatalogueChange(deps);
  const zone = deps.config.shopTimeZone;
  const bannersNow = () => bannerList(deps.db, deps.clock.now().getTime(), zone);
  const platesNow = async () => ({ plates: await plateList(deps.db) });

  adminRoute(app, { method: 'GET', url: '/api/admin/banners', input: NoInput, allow }, async () =>
    ok(await bannersNow()),
  );
  adminRoute(
    app,
    { method: 'POST', url: '/api/admin/banners', input: BannerInput, allow },
    async ({ input, staff }) => {
      const created = await audited(deps, staff, (tx) => createBanner(tx, input, zone), open);
      return ok({ id: created.id, ...(await bannersNow()) });
    },
  );
  adminRoute(
    app,
    { method: 'POST', url: '/api/admin/banners/:id', params: AdminIdParams, input: BannerInput, allow },
    async ({ params, input, staff }) => {
      await audited(deps, staff, (tx) => updateBanner(tx, params.id, input, zone), open);
      return ok(await bannersNow());
    },
  );

  adminRoute(app, { method: 'GET', url: '/api/admin/plates', input: NoInput, allow }, async () =>
    ok(await platesNow()),
  );
  adminRoute(
    app,
    { method: 'POST', url: '/api/admin/plates', input: PlateInput, allow },
    async ({ input, staff }) => {
      const created = await audited(deps, staff, (tx) => createPlate(tx, input), open);
      return ok({ id: created.id, ...(await platesNow()) });
    },
  );
  adminRoute(
    app,
    { method: 'POST', url: '/api/admin/plates/:id', params: AdminIdParams, input: PlateInput, allow },
    async ({ params, input, staff }) => {
      await audited(deps, staff, (tx) => updatePlate(tx, params.id, input), open);
      return ok(await platesNow());
    },
  );

  // Banners and plates are published, moved and deleted alike (their answer is the list again).
  const kinds = [
    { kind: 'banners', list: bannersNow, publish: publishBanner, move: moveBanner, remove: deleteBanner },
    { kind: 'plates', list: platesNow, publish: publishPlate, move: movePlate, remove: deletePlate },
  ] as const;
  for (const { kind, list, publish, move, remove } of kinds) {
    const url = `/api/admin/${kind}/:id`;
    const spec = { params: AdminIdParams, allow } as const;
    adminRoute(
      app,
      { ...spec, method: 'POST', url: `${url}/publish`, input: PublishInput },
      async ({ params, input, staff }) => {
        await audited<unknown>(deps, staff, (tx) => publish(tx, params.id, input.published), open);
        return ok(await list());
      },
    );
    adminRoute(
      app,
      { ...spec, method: 'POST', url: `${url}/move`, input: MoveInput },
      async ({ params, input, staff }) => {
        await audited<unknown>(deps, staff, (tx) => move(tx, params.id, input.direction), open);
        return ok(await list());
      },
    );
    adminRoute(app, { ...spec, method: 'DELETE', url, input: NoInput }, async ({ params, staff }) => {
      await audited<unknown>(deps, staff, (tx) => remove(tx, params.id), open);
      return ok(await list());
    });
  }
}
