import type { FastifyInstance } from 'fastify';
import { ok } from '#server/http';
import {
  categoryTree,
  createCategory,
  deleteCategory,
  moveCategory,
  updateCategory,
} from '#server/modules/catalogue/categories';
import { NoInput } from '#shared/schemas/common';
import { AdminIdParams, CategoryInput, MoveInput } from '#shared/schemas/home-admin.zod';
import { adminRoute, audited } from './admin-route';
import { type CatalogueChangeDeps, wholeCatalogueChange } from './catalogue-changes';

const allow = 'catalogue.manage';

/**
 * `/api/admin/categories` (docs/api.md, Admin: categories): the tree, answered again after every
 * change. Each change is one catalogue change touching all of it: categories reach every list.
 */
export async function categoriesRoutes(app: FastifyInstance, deps: CatalogueChangeDeps) {
  const open = wholeCatalogueChange(deps);
  const tree = async () => ({ categories: await categoryTree(deps.db) });

  adminRoute(app, { method: 'GET', url: '/api/admin/categories', input: NoInput, allow }, async () =>
    ok(await tree()),
  );

  adminRoute(
    app,
    { method: 'POST', url: '/api/admin/categories', input: CategoryInput, allow },
    async ({ input, staff }) => {
      const created = await audited(deps, staff, (tx) => createCategory(tx, input), open);
      return ok({ id: created.id, ...(await tree()) });
    },
  );

  adminRoute(
    app,
    { method: 'POST', url: '/api/admin/categories/:id', params: AdminIdParams, input: CategoryInput, allow },
    async ({ params, input, staff }) => {
      await audited(deps, staff, (tx) => updateCategory(tx, params.id, input), open);
      return ok(await tree());
    },
  );

  adminRoute(
    app,
    { method: 'POST', url: '/api/admin/categories/:id/move', params: AdminIdParams, input: MoveInput, allow },
    async ({ params, input, staff }) => {
      await audited(deps, staff, (tx) => moveCategory(tx, params.id, input.direction), open);
      return ok(await tree());
    },
  );

  adminRoute(
    app,
    { method: 'DELETE', url: '/api/admin/categories/:id', params: AdminIdParams, input: NoInput, allow },
    async ({ params, staff }) => {
      await audited(deps, staff, (tx) => deleteCategory(tx, params.id), open);
      return ok(await tree());
    },
  );
}
