import type { FastifyInstance } from 'fastify';
import type { Clock } from '#server/clock';
import type { Config } from '#server/config';
import type { Db, Tx } from '#server/db/client';
import { ok, route } from '#server/http';
import type { StaffUser } from '#server/plugins/staff-auth';
import { NoInput } from '#shared/schemas/common';
import {
  AdminIdParams,
  BannerInput,
  CategoryInput,
  MoveInput,
  PlateInput,
  PublishInput,
} from '#shared/schemas/home-admin.zod';
import { type CatalogueListener, withCatalogueChange } from '../catalogue/catalogue.changes';
import { recordAudit } from '../staff/audit';
import {
  categoryState,
  categoryTree,
  createCategory,
  deleteCategory,
  moveCategory,
  updateCategory,
} from './category.admin';
import {
  bannerAudit,
  bannerList,
  createBanner,
  createPlate,
  deleteBanner,
  deletePlate,
  moveBanner,
  movePlate,
  plateList,
  publishBanner,
  publishPlate,
  updateBanner,
  updatePlate,
} from './home.admin';

export interface HomeAdminDeps {
  db: Db;
  clock: Clock;
  catalogue: Pick<CatalogueListener, 'changed'>;
  /** Banners' schedules are entered and shown on the shop's wall clock, as promotions'. */
  config: Pick<Config, 'shopTimeZone'>;
}

const PERMISSION = 'catalogue.manage' as const;

/** A change's audit line: what it did to which target, before and after. */
interface Change {
  action: string;
  targetType: 'category' | 'banner' | 'plate';
  id: number;
  before?: unknown;
  after?: unknown;
}

/**
 * The console's category, banner and plate routes (docs/api.md, Admin: categories, home), all
 * behind catalogue.manage. Every write is one catalogue change (withCatalogueChange, the whole
 * catalogue touched: categories, banners and plates reach every product list and the home) with
 * its audit line in the same transaction.
 */
export async function homeAdminRoutes(app: FastifyInstance, deps: HomeAdminDeps) {
  const { db, clock } = deps;
  const zone = deps.config.shopTimeZone;

  /** Runs `work` as one catalogue change and records what it says it changed. */
  const change = <T>(staff: StaffUser, work: (tx: Tx) => Promise<{ result: T; audit: Change }>) =>
    withCatalogueChange(db, deps.catalogue, async (tx, touched) => {
      touched.all();
      const { result, audit } = await work(tx);
      await recordAudit(tx, {
        staffId: staff.id,
        action: audit.action,
        targetType: audit.targetType,
        targetId: String(audit.id),
        before: audit.before,
        after: audit.after,
        at: clock.now(),
      });
      return result;
    });

  const categoriesAnswer = async () => ok({ categories: await categoryTree(db) });
  const bannersAnswer = async () => ok(await bannerList(db, clock.now().getTime(), zone));
  const platesAnswer = async () => ok({ plates: await plateList(db) });

  /* Categories. */
  route(
    app,
    { method: 'GET', url: '/api/admin/categories', input: NoInput, auth: 'staff', permission: PERMISSION },
    categoriesAnswer,
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/admin/categories',
      input: CategoryInput,
      auth: 'staff',
      permission: PERMISSION,
    },
    async ({ input, staff }) => {
      const row = await change(staff, async (tx) => {
        const created = await createCategory(tx, input);
        return {
          result: created,
          audit: {
            action: 'category.create',
            targetType: 'category',
            id: created.id,
            after: categoryState(created),
          },
        };
      });
      return ok({ id: row.id, ...(await categoriesAnswer()).data });
    },
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/admin/categories/:id',
      params: AdminIdParams,
      input: CategoryInput,
      auth: 'staff',
      permission: PERMISSION,
    },
    async ({ params, input, staff }) => {
      await change(staff, async (tx) => {
        const { before, after } = await updateCategory(tx, params.id, input);
        const audit: Change = {
          action: 'category.update',
          targetType: 'category',
          id: params.id,
          before: categoryState(before),
          after: categoryState(after),
        };
        return { result: after, audit };
      });
      return categoriesAnswer();
    },
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/admin/categories/:id/move',
      params: AdminIdParams,
      input: MoveInput,
      auth: 'staff',
      permission: PERMISSION,
    },
    async ({ params, input, staff }) => {
      await change(staff, async (tx) => {
        const row = await moveCategory(tx, params.id, input.direction);
        const audit: Change = {
          action: `category.move.${input.direction}`,
          targetType: 'category',
          id: row.id,
          before: { sort: row.sort },
        };
        return { result: row, audit };
      });
      return categoriesAnswer();
    },
  );
  route(
    app,
    {
      method: 'DELETE',
      url: '/api/admin/categories/:id',
      params: AdminIdParams,
      input: NoInput,
      auth: 'staff',
      permission: PERMISSION,
    },
    async ({ params, staff }) => {
      await change(staff, async (tx) => {
        const row = await deleteCategory(tx, params.id);
        const audit: Change = {
          action: 'category.delete',
          targetType: 'category',
          id: row.id,
          before: categoryState(row),
        };
        return { result: row, audit };
      });
      return categoriesAnswer();
    },
  );

  /* Banners and plates: listed, created and edited each their own way; published, moved and deleted alike. */
  route(
    app,
    { method: 'GET', url: '/api/admin/banners', input: NoInput, auth: 'staff', permission: PERMISSION },
    bannersAnswer,
  );
  route(
    app,
    { method: 'POST', url: '/api/admin/banners', input: BannerInput, auth: 'staff', permission: PERMISSION },
    async ({ input, staff }) => {
      const row = await change(staff, async (tx) => {
        const created = await createBanner(tx, input, zone);
        return {
          result: created,
          audit: {
            action: 'banner.create',
            targetType: 'banner',
            id: created.id,
            after: bannerAudit(created),
          },
        };
      });
      return ok({ id: row.id, ...(await bannersAnswer()).data });
    },
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/admin/banners/:id',
      params: AdminIdParams,
      input: BannerInput,
      auth: 'staff',
      permission: PERMISSION,
    },
    async ({ params, input, staff }) => {
      await change(staff, async (tx) => {
        const { before, after } = await updateBanner(tx, params.id, input, zone);
        const audit: Change = {
          action: 'banner.update',
          targetType: 'banner',
          id: params.id,
          before: bannerAudit(before),
          after: bannerAudit(after),
        };
        return { result: after, audit };
      });
      return bannersAnswer();
    },
  );

  route(
    app,
    { method: 'GET', url: '/api/admin/plates', input: NoInput, auth: 'staff', permission: PERMISSION },
    platesAnswer,
  );
  route(
    app,
    { method: 'POST', url: '/api/admin/plates', input: PlateInput, auth: 'staff', permission: PERMISSION },
    async ({ input, staff }) => {
      const plate = await change(staff, async (tx) => {
        const created = await createPlate(tx, input);
        return {
          result: created,
          audit: { action: 'plate.create', targetType: 'plate', id: created.id, after: created },
        };
      });
      return ok({ id: plate.id, ...(await platesAnswer()).data });
    },
  );
  route(
    app,
    {
      method: 'POST',
      url: '/api/admin/plates/:id',
      params: AdminIdParams,
      input: PlateInput,
      auth: 'staff',
      permission: PERMISSION,
    },
    async ({ params, input, staff }) => {
      await change(staff, async (tx) => {
        const { before, after } = await updatePlate(tx, params.id, input);
        return {
          result: after,
          audit: { action: 'plate.update', targetType: 'plate', id: params.id, before, after },
        };
      });
      return platesAnswer();
    },
  );

  const kinds = [
    {
      kind: 'banner',
      answer: bannersAnswer,
      publish: publishBanner,
      move: moveBanner,
      remove: async (tx: Tx, id: number) => bannerAudit(await deleteBanner(tx, id)),
    },
    { kind: 'plate', answer: platesAnswer, publish: publishPlate, move: movePlate, remove: deletePlate },
  ] as const;
  for (const { kind, answer, publish, move, remove } of kinds) {
    const targetType = kind;
    const url = `/api/admin/${kind}s/:id`;
    const spec = { params: AdminIdParams, auth: 'staff', permission: PERMISSION } as const;
    route(
      app,
      { ...spec, method: 'POST', url: `${url}/publish`, input: PublishInput },
      async ({ params, input, staff }) => {
        await change(staff, async (tx) => {
          const { before, after } = await publish(tx, params.id, input.published);
          const audit: Change = {
            action: `${kind}.${input.published ? 'publish' : 'unpublish'}`,
            targetType,
            id: params.id,
            before: { published: before.published },
            after: { published: after.published },
          };
          return { result: after, audit };
        });
        return answer();
      },
    );
    route(
      app,
      { ...spec, method: 'POST', url: `${url}/move`, input: MoveInput },
      async ({ params, input, staff }) => {
        await change(staff, async (tx) => {
          const moved = await move(tx, params.id, input.direction);
          return {
            result: moved,
            audit: { action: `${kind}.move.${input.direction}`, targetType, id: params.id },
          };
        });
        return answer();
      },
    );
    route(app, { ...spec, method: 'DELETE', url, input: NoInput }, async ({ params, staff }) => {
      await change(staff, async (tx) => {
        const before = await remove(tx, params.id);
        return { result: before, audit: { action: `${kind}.delete`, targetType, id: params.id, before } };
      });
      return answer();
    });
  }
}
