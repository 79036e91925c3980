import type { FastifyInstance } from 'fastify';
import { ok, route } from '#server/http';
import {
  MovementsInput,
  ProductIdParams,
  StockBatchInput,
  StockGridInput,
  ThresholdInput,
} from '#shared/schemas/stock.zod';
import { productStock, stockGrid } from './stock.queries';
import { applyStockChanges, type StockDeps, setThreshold } from './stock.service';

/** The console's stock routes (docs/api.md, Admin: stock), all behind `catalogue.manage`. */
export async function adminStockRoutes(app: FastifyInstance, deps: StockDeps) {
  const { db } = deps;
  const permission = 'catalogue.manage' as const;

  route(
    app,
    { method: 'GET', url: '/api/admin/stock', input: StockGridInput, auth: 'staff', permission },
    async ({ input }) => ok(await stockGrid(db, input)),
  );

  route(
    app,
    { method: 'POST', url: '/api/admin/stock', input: StockBatchInput, auth: 'staff', permission },
    async ({ input, staff }) => ok({ changes: await applyStockChanges(deps, staff.id, input.changes) }),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/admin/products/:id/stock',
      params: ProductIdParams,
      input: MovementsInput,
      auth: 'staff',
      permission,
    },
    async ({ params, input }) => ok(await productStock(db, params.id, input)),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/admin/products/:id/threshold',
      params: ProductIdParams,
      input: ThresholdInput,
      auth: 'staff',
      permission,
    },
    async ({ params, input, staff }) =>
      ok({ low_stock_threshold: await setThreshold(deps, staff.id, params.id, input.threshold) }),
  );
}
