import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '#server/db/client';
import { ok } from '#server/http';
import { languageOf } from '#server/i18n';
import {
  createProduct,
  deleteProduct,
  type PictureFiles,
  publishProduct,
  updateProduct,
} from '#server/modules/catalogue/catalogue.edits';
import { listProductRecords, productForEditor } from '#server/modules/catalogue/catalogue.records';
import { ProductRecordSearch } from '#server/modules/catalogue/catalogue.records-search';
import { NoInput } from '#shared/schemas/common';
import {
  AdminProductCreateInput,
  AdminProductInput,
  AdminProductListInput,
  ProductIdParams,
  PublishInput,
} from '#shared/schemas/product-admin.zod';
import { adminRoute } from './admin-route';
import { auditedCatalogueChange, type CatalogueChangeDeps, catalogueChangeBy } from './catalogue-changes';

export type ProductsDeps = CatalogueChangeDeps & { db: Db; pictures: PictureFiles };

const allow = 'catalogue.manage';

/** The language a refusal is told in. */
const languageOfCaller = (request: FastifyRequest) => languageOf(request.headers['accept-language']);

/** `/api/admin/products` (docs/api.md, Admin: products): the list, the editor's reads and writes. */
export async function productsRoutes(app: FastifyInstance, deps: ProductsDeps) {
  const search = new ProductRecordSearch(deps.db);
  const now = () => deps.clock.now();

  adminRoute(
    app,
    { method: 'GET', url: '/api/admin/products', input: AdminProductListInput, allow },
    async ({ input }) => ok(await listProductRecords(deps.db, search, input)),
  );

  adminRoute(
    app,
    { method: 'GET', url: '/api/admin/products/:id', params: ProductIdParams, input: NoInput, allow },
    async ({ params }) => ok(await productForEditor(deps.db, params.id)),
  );

  adminRoute(
    app,
    { method: 'POST', url: '/api/admin/products', input: AdminProductCreateInput, allow },
    async ({ input, staff }) =>
      ok(
        await auditedCatalogueChange(deps, staff, (tx, touched) => createProduct(tx, touched, input, now())),
      ),
  );

  adminRoute(
    app,
    {
      method: 'POST',
      url: '/api/admin/products/:id',
      params: ProductIdParams,
      input: AdminProductInput,
      allow,
    },
    async ({ params, input, staff }, request) =>
      ok(
        await auditedCatalogueChange(deps, staff, (tx, touched) =>
          updateProduct(tx, touched, params.id, input, languageOfCaller(request)),
        ),
      ),
  );

  adminRoute(
    app,
    {
      method: 'POST',
      url: '/api/admin/products/:id/publish',
      params: ProductIdParams,
      input: PublishInput,
      allow,
    },
    async ({ params, input, staff }, request) =>
      ok(
        await auditedCatalogueChange(deps, staff, (tx, touched) =>
          publishProduct(tx, touched, params.id, input.published, languageOfCaller(request)),
        ),
      ),
  );

  adminRoute(
    app,
    { method: 'DELETE', url: '/api/admin/products/:id', params: ProductIdParams, input: NoInput, allow },
    async ({ params, staff }) => ok(await deleteProduct(deps, catalogueChangeBy(deps, staff), params.id)),
  );
}
