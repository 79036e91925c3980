import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportReport } from '#shared/schemas/admin/import.zod';
import { adminDownload, adminRequest } from '../../../lib/api-client';

/* The product CSV calls (docs/api.md, Admin: import and export). */

export type { ImportReport } from '#shared/schemas/admin/import.zod';

/** A dry run (nothing written) or the import itself; an import refreshes every product list. */
export function useImportProducts() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ csv, dryRun }: { csv: Blob; dryRun: boolean }) =>
      adminRequest<ImportReport>('/api/admin/products/import', {
        method: 'POST',
        query: dryRun ? { dryRun: 1 } : {},
        csv,
      }),
    onSuccess: (report) => {
      if (report.applied) return client.invalidateQueries({ queryKey: ['admin', 'products'] });
    },
  });
}

/** Saves every product as products.csv through the browser's download. */
export async function downloadProductsCsv(): Promise<void> {
  const blob = await adminDownload('/api/admin/products.csv');
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = 'products.csv';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
