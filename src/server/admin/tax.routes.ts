import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { ok } from '#server/http';
import {
  addTaxClass,
  deleteTaxArea,
  deleteTaxClass,
  readTaxSetup,
  saveTaxArea,
  updateTaxClass,
} from '#server/modules/tax/tax.setup';
import { TaxAreaInput, TaxClassInput, TaxClassParams, TaxClassUpdate } from '#shared/schemas/admin/tax.zod';
import { IdParam, NoInput } from '#shared/schemas/common';
import { adminRoute, audited } from './admin-route';

const AreaParams = z.object({ id: IdParam });

/**
 * The console's Tax page (docs/api.md, Admin: tax): classes with their rates, and areas with their
 * ZIP prefixes and rates per class. Owners and managers see it; only owners change it.
 */
export async function taxRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock }) {
  const view = 'tax.view';
  const allow = 'tax.manage';

  adminRoute(app, { method: 'GET', url: '/api/admin/tax', input: NoInput, allow: view }, async () =>
    ok(await readTaxSetup(deps.db)),
  );

  adminRoute(
    app,
    { method: 'POST', url: '/api/admin/tax/classes', input: TaxClassInput, allow },
    async ({ input, staff }) => ok(await audited(deps, staff, (tx) => addTaxClass(tx, input))),
  );

  adminRoute(
    app,
    {
      method: 'POST',
      url: '/api/admin/tax/classes/:code',
      input: TaxClassUpdate,
      params: TaxClassParams,
      allow,
    },
    async ({ input, params, staff }) =>
      ok(await audited(deps, staff, (tx) => updateTaxClass(tx, params.code, input))),
  );

  adminRoute(
    app,
    { method: 'DELETE', url: '/api/admin/tax/classes/:code', input: NoInput, params: TaxClassParams, allow },
    async ({ params, staff }) => ok(await audited(deps, staff, (tx) => deleteTaxClass(tx, params.code))),
  );

  adminRoute(
    app,
    { method: 'POST', url: '/api/admin/tax/areas', input: TaxAreaInput, allow },
    async ({ input, staff }) => ok(await audited(deps, staff, (tx) => saveTaxArea(tx, null, input))),
  );

  adminRoute(
    app,
    { method: 'POST', url: '/api/admin/tax/areas/:id', input: TaxAreaInput, params: AreaParams, allow },
    async ({ input, params, staff }) =>
      ok(await audited(deps, staff, (tx) => saveTaxArea(tx, params.id, input))),
  );

  adminRoute(
    app,
    { method: 'DELETE', url: '/api/admin/tax/areas/:id', input: NoInput, params: AreaParams, allow },
    async ({ params, staff }) => ok(await audited(deps, staff, (tx) => deleteTaxArea(tx, params.id))),
  );
}
