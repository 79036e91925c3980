import { z } from 'zod';

/* Requests of the console's product CSV routes (docs/api.md, Admin: import and export). */

/** `POST /api/admin/products/import?dryRun=1`: the body is the CSV itself (text/csv). */
export const ProductImportInput = z.object({
  dryRun: z
    .enum(['1', '0', 'true', 'false'])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});
export type ProductImportInput = z.output<typeof ProductImportInput>;
