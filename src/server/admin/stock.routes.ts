import type { FastifyInstance } from 'fastify';
import { ok } from '#server/http';
import type { CatalogueListener } from '#server/modules/catalogue/catalogue.changes';
import { productStock, stockGrid } from '#server/modules/stock/stock.queries';
import { applyStockChanges, setThreshold } from '#server/modules/stock/stock.service';
import {
  MovementsInput,
  ProductIdParams,
  StockBatchInput,
  StockGridInput,
  ThresholdInput,
} from '#shared/schemas/stock.zod';
import { adminRoute } from './admin-route';
import { auditedCatalogueChange, auditedStockChange, type CatalogueChangeDeps } from './catalogue-changes';

export type StockDeps = CatalogueChangeDeps & { catalogue: CatalogueListener };

const allow = 'catalogue.manage';

/** `/api/admin/stock` and a product's stock and threshold (docs/api.md, Admin: stock). */
export async function stockRoutes(app: FastifyInstance, deps: StockDeps) {
  const { db } = deps;

  adminRoute(
    app,
    { method: 'GET', url: '/api/admin/stock', input: StockGridInput, allow },
    async ({ input }) => ok(await stockGrid(db, input)),
  );

  adminRoute(
    app,
    { method: 'POST', url: '/api/admin/stock', input: StockBatchInput, allow },
    async ({ input, staff }) => {
      const by = { staffId: staff.id, at: deps.clock.now() };
      const changes = await auditedStockChange(deps, staff, (tx, stock) =>
        applyStockChanges(tx, stock, input.changes, by),
      );
      return ok({ changes });
    },
  );

  adminRoute(
    app,
    {
      method: 'GET',
      url: '/api/admin/products/:id/stock',
      params: ProductIdParams,
      input: MovementsInput,
      allow,
    },
    async ({ params, input }) => ok(await productStock(db, params.id, input)),
  );

  adminRoute(
    app,
    {
      method: 'POST',
      url: '/api/admin/products/:id/threshold',
      params: ProductIdParams,
      input: ThresholdInput,
      allow,
    },
    async ({ params, input, staff }) => {
      const threshold = await auditedCatalogueChange(deps, staff, (tx, touched) =>
        setThreshold(tx, touched, params.id, input.threshold),
      );
      return ok({ low_stock_threshold: threshold });
    },
  );
}
