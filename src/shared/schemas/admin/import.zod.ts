import { z } from 'zod';
import { Count } from './common.zod';

/* The answer of `POST /api/admin/products/import` (docs/api.md, Admin: import and export). */

/** A row the import refused or warns about; `row` is the file's line it starts on (1 is the header). */
export const ImportRowError = z.strictObject({ row: Count, column: z.string(), message: z.string() });
export type ImportRowError = z.infer<typeof ImportRowError>;

export const ImportChange = z.strictObject({
  row: Count,
  action: z.enum(['create', 'update']),
  uuid: z.string(),
  en_name: z.string(),
  zn_name: z.string(),
  /** Columns whose value changes (updates). */
  fields: z.array(z.string()),
});
export type ImportChange = z.infer<typeof ImportChange>;

/** What a dry run would do, or what an import did (`applied`). */
export const ImportReport = z.strictObject({
  applied: z.boolean(),
  rows: Count,
  created: Count,
  updated: Count,
  unchanged: Count,
  errorCount: Count,
  errors: z.array(ImportRowError),
  changes: z.array(ImportChange),
  /** Rows imported unpublished although they asked to be published, with what they lack. */
  warnings: z.array(ImportRowError),
});
export type ImportReport = z.infer<typeof ImportReport>;
