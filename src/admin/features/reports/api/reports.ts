import { queryOptions } from '@tanstack/react-query';
import type { Report, ReportExport } from '#shared/schemas/admin/reports.zod';
import { adminDownload, adminRequest } from '../../../lib/api-client';

/* The owner's books (docs/api.md, Admin: reports): money in integer cents, days on the shop's clock. */

export type { Report, ReportExport };

export interface ReportRange {
  from: string;
  to: string;
}

/** The report over `range`; none asked: the server's default (the last seven days). */
export const reportQueryOptions = (range: Partial<ReportRange>) =>
  queryOptions({
    queryKey: ['admin', 'reports', range.from ?? '', range.to ?? ''],
    queryFn: ({ signal }) =>
      adminRequest<Report>('/api/admin/reports', {
        signal,
        query: range.from && range.to ? { from: range.from, to: range.to } : {},
      }),
  });

/** Saves one table of the report (or the orders or refunds behind it) through the browser's download. */
export async function downloadReportCsv(kind: ReportExport, range: ReportRange): Promise<void> {
  const query = new URLSearchParams({ kind, from: range.from, to: range.to });
  const blob = await adminDownload(`/api/admin/reports/export?${query}`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `report-${kind}-${range.from}-${range.to}.csv`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const QUICK_RANGES = ['today', 'last7', 'thisMonth', 'lastMonth'] as const;
export type QuickRange = (typeof QUICK_RANGES)[number];

const day = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d)).toISOString().slice(0, 10);

/** A quick range counted from the shop's `today` (YYYY-MM-DD): both days included. */
export function quickRange(which: QuickRange, today: string): ReportRange {
  const [y = 1970, m = 1, d = 1] = today.split('-').map(Number);
  switch (which) {
    case 'today':
      return { from: today, to: today };
    case 'last7':
      return { from: day(y, m - 1, d - 6), to: today };
    case 'thisMonth':
      return { from: day(y, m - 1, 1), to: today };
    case 'lastMonth':
      return { from: day(y, m - 2, 1), to: day(y, m - 1, 0) };
  }
}
