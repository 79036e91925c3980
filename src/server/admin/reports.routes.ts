import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '#server/clock';
import type { Config } from '#server/config';
import type { Db } from '#server/db/client';
import { ok } from '#server/http';
import { ReportExportQuery, ReportQuery } from '#shared/schemas/admin/reports.zod';
import { adminRoute } from './admin-route';
import { defaultRange, type ReportRange, salesReport } from './views/reports';
import { reportCsv } from './views/reports-csv';

export interface ReportsRouteDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'shopTimeZone'>;
}

/** /api/admin/reports (docs/api.md, Admin: reports): the owner's books, for staff who may see sales. */
export async function reportsRoutes(app: FastifyInstance, deps: ReportsRouteDeps) {
  const { db, config, clock } = deps;
  const zone = config.shopTimeZone;
  const rangeOf = (asked: ReportRange | null) => asked ?? defaultRange(clock.now(), zone);
  adminRoute(
    app,
    { method: 'GET', url: '/api/admin/reports', input: ReportQuery, allow: 'sales.view' },
    async ({ input }) => ok(await salesReport(db, rangeOf(input), zone, clock.now())),
  );

  adminRoute(
    app,
    { method: 'GET', url: '/api/admin/reports/export', input: ReportExportQuery, allow: 'sales.view' },
    async ({ input }, _request, reply) => {
      const { filename, chunks } = await reportCsv(db, input.kind, rangeOf(input.range), zone);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .send(Readable.from(chunks));
    },
  );
}
