import type { FastifyInstance } from 'fastify';
import { ok, route } from '#server/http';
import { NoInput } from '#shared/schemas/common';
import { CustomerParams, CustomerQuery } from '#shared/schemas/staff.zod';
import type { CustomerAdmin } from './account.admin';

/** Customers in the operator console: packers get 403 (their role has no customers permission). */
export async function customerAdminRoutes(app: FastifyInstance, opts: { customers: CustomerAdmin }) {
  const { customers } = opts;
  const view = { auth: 'staff', permission: 'customers.view' } as const;
  const manage = { auth: 'staff', permission: 'customers.manage' } as const;

  route(
    app,
    { method: 'GET', url: '/api/admin/customers', input: CustomerQuery, ...view },
    async ({ input }) =>
      ok(await customers.list({ q: input.q, page: input.page, pageSize: input.page_size })),
  );

  route(
    app,
    { method: 'GET', url: '/api/admin/customers/:uuid', params: CustomerParams, input: NoInput, ...view },
    async ({ params }) => ok(await customers.detail(params.uuid)),
  );

  for (const [action, disabled] of [
    ['disable', true],
    ['enable', false],
  ] as const) {
    route(
      app,
      {
        method: 'POST',
        url: `/api/admin/customers/:uuid/${action}`,
        params: CustomerParams,
        input: NoInput,
        ...manage,
      },
      async ({ params, staff }) => ok(await customers.setDisabled(params.uuid, disabled, staff.id)),
    );
  }
}
