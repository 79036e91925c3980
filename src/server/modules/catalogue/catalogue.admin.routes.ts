import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '#server/db/client';
import { ok, route } from '#server/http';
import { languageOf } from '#server/i18n';
import type { StaffUser } from '#server/plugins/staff-auth';
import { NoInput } from '#shared/schemas/common';
import {
  AdminProductCreateInput,
  AdminProductInput,
  AdminProductListInput,
  ProductIdParams,
  PublishInput,
} from '#shared/schemas/product-admin.zod';
import { adminProductDetail, listAdminProducts } from './catalogue.admin';
import {
  createProduct,
  deleteProduct,
  type ProductChangeDeps,
  type ProductChanger,
  publishProduct,
  updateProduct,
} from './catalogue.admin-changes';
import { AdminProductSearch } from './catalogue.admin-search';

export type AdminProductDeps = ProductChangeDeps & { db: Db };

const manage = { auth: 'staff', permission: 'catalogue.manage' } as const;

/** Who is changing, and in which language a refusal is told. */
const changerOf = (staff: StaffUser, request: FastifyRequest): ProductChanger => ({
  staffId: staff.id,
  language: languageOf(request.headers['accept-language']),
});

/** The console's product routes (docs/api.md, Admin: products), all behind catalogue.manage. */
export async function adminProductRoutes(app: FastifyInstance, deps: AdminProductDeps) {
  const search = new AdminProductSearch(deps.db);

  route(
    app,
    { method: 'GET', url: '/api/admin/products', input: AdminProductListInput, ...manage },
    async ({ input }) => ok(await listAdminProducts(deps.db, search, input)),
  );

  route(
    app,
    { method: 'GET', url: '/api/admin/products/:id', params: ProductIdParams, input: NoInput, ...manage },
    async ({ params }) => ok(await adminProductDetail(deps.db, params.id)),
  );

  route(
    app,
    { method: 'POST', url: '/api/admin/products', input: AdminProductCreateInput, ...manage },
    async ({ input, staff }, request) => ok(await createProduct(deps, input, changerOf(staff, request))),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/admin/products/:id',
      params: ProductIdParams,
      input: AdminProductInput,
      ...manage,
    },
    async ({ params, input, staff }, request) =>
      ok(await updateProduct(deps, params.id, input, changerOf(staff, request))),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/admin/products/:id/publish',
      params: ProductIdParams,
      input: PublishInput,
      ...manage,
    },
    async ({ params, input, staff }, request) =>
      ok(await publishProduct(deps, params.id, input.published, changerOf(staff, request))),
  );

  route(
    app,
    { method: 'DELETE', url: '/api/admin/products/:id', params: ProductIdParams, input: NoInput, ...manage },
    async ({ params, staff }, request) => ok(await deleteProduct(deps, params.id, changerOf(staff, request))),
  );
}
