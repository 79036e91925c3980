import type { FastifyInstance } from 'fastify';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { ok } from '#server/http';
import { setShopperDisabled } from '#server/modules/account/shopper-disable';
import { NoInput } from '#shared/schemas/common';
import { CustomerParams, CustomerQuery } from '#shared/schemas/staff.zod';
import { adminRoute, audited } from './admin-route';
import { customerDetail, listCustomers } from './views/customers';

/** Customers in the operator console: packers get 403 (their role has no customers permission). */
export async function customersRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock }) {
  adminRoute(
    app,
    { method: 'GET', url: '/api/admin/customers', input: CustomerQuery, allow: 'customers.view' },
    async ({ input }) =>
      ok(await listCustomers(deps.db, { q: input.q, page: input.page, pageSize: input.page_size })),
  );

  adminRoute(
    app,
    {
      method: 'GET',
      url: '/api/admin/customers/:uuid',
      params: CustomerParams,
      input: NoInput,
      allow: 'customers.view',
    },
    async ({ params }) => ok(await customerDetail(deps.db, params.uuid)),
  );

  for (const [action, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    adminRoute(
      app,
      {
        method: 'POST',
        url: `/api/admin/customers/:uuid/${action}`,
        params: CustomerParams,
        input: NoInput,
        allow: 'customers.manage',
      },
      async ({ params, staff }) =>
        ok(
          await audited(deps, staff, (tx) => setShopperDisabled(tx, params.uuid, disabled, deps.clock.now())),
        ),
    );
  }
}
