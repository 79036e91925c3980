import type { FastifyInstance } from 'fastify';
import type { WriteAudit } from '#server/audit';
import { BadInput } from '#server/errors';
import { ok, requestLanguage } from '#server/http';
import {
  dryRunImport,
  exportProductsCsv,
  type ImportDeps,
  importProducts,
} from '#server/modules/import/product-import';
import { NoInput } from '#shared/schemas/common';
import { IMPORT_LIMITS } from '#shared/schemas/product-import.rules';
import { ProductImportInput } from '#shared/schemas/product-import.zod';
import { adminRoute, writeAudit } from './admin-route';

/**
 * `/api/admin/products.csv` and `/api/admin/products/import`: the product CSV (docs/api.md, Admin:
 * import and export). The CSV parser is registered in this plugin's scope only, with its own body
 * limit: every other route still refuses bodies past 64 KiB. Its routes check the staff member and
 * the permission before a byte of the body is read, so only staff who may import can make the
 * server hold a CSV of up to IMPORT_LIMITS.bytes.
 */
export async function importRoutes(app: FastifyInstance, deps: ImportDeps) {
  app.addHook('onRequest', async (request) => {
    await request.requireStaff('catalogue.manage');
  });
  // Bytes, not a string: the file's encoding is found from them (modules/import/csv-encoding.ts),
  // whatever charset the request claims.
  app.addContentTypeParser(
    ['text/csv', 'text/plain'],
    { parseAs: 'buffer', bodyLimit: IMPORT_LIMITS.bytes },
    (_request, body, done) => done(null, body),
  );

  adminRoute(
    app,
    { method: 'GET', url: '/api/admin/products.csv', input: NoInput, allow: 'catalogue.manage' },
    async (_call, _request, reply) => {
      const csv = await exportProductsCsv(deps.db);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="products.csv"')
        .send(csv);
    },
  );

  adminRoute(
    app,
    {
      method: 'POST',
      url: '/api/admin/products/import',
      input: ProductImportInput,
      from: 'query',
      allow: 'catalogue.manage',
    },
    async ({ input, staff }, request) => {
      if (!Buffer.isBuffer(request.body)) throw new BadInput('errors:catalogueAdmin.import.notCsv');
      const language = requestLanguage(request);
      if (input.dryRun) return ok(await dryRunImport(deps.db, request.body, language));
      const writeLines: WriteAudit = (tx, audit) => writeAudit(tx, deps.clock, staff, audit);
      return ok(
        await importProducts(deps, request.body, { staffId: staff.id, language, writeAudit: writeLines }),
      );
    },
  );
}
