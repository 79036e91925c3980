import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/client';
import { ok } from '#server/http';
import { AuditQuery } from '#shared/schemas/staff.zod';
import { adminRoute } from './admin-route';
import { listAudit } from './views/audit-log';

/** The audit log (docs/api.md, Admin): managers and owners. */
export async function auditRoutes(app: FastifyInstance, deps: { db: Db; timeZone: string }) {
  adminRoute(
    app,
    { method: 'GET', url: '/api/admin/audit', input: AuditQuery, allow: 'audit.view' },
    async ({ input }) =>
      ok(
        await listAudit(deps.db, {
          page: input.page,
          pageSize: input.page_size,
          timeZone: deps.timeZone,
          ...(input.staff === undefined ? {} : { staff: input.staff }),
          ...(input.target ? { target: input.target } : {}),
          ...(input.from === undefined ? {} : { from: input.from }),
          ...(input.to === undefined ? {} : { to: input.to }),
        }),
      ),
  );
}
