import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditPage } from '#shared/schemas/admin/audit.zod';
import type { StaffPage } from '#shared/schemas/admin/staff.zod';
import { adminRequest } from '../../../lib/api-client';

/** One entry of `GET /api/admin/audit` (docs/api.md, Admin), and a page of them. */
export type { AuditEntry, AuditPage } from '#shared/schemas/admin/audit.zod';

export interface AuditFilter {
  page: number;
  /** A staff member's id. */
  staff?: number | undefined;
  /** A kind of target (`product`, `order`, …), or `type:id` for one target. */
  target?: string | undefined;
  /** Days on the shop's clock, `to` included. */
  from?: string | undefined;
  to?: string | undefined;
}

export const AUDIT_PAGE_SIZE = 25;

export const auditQueryOptions = (filter: AuditFilter) =>
  queryOptions({
    queryKey: ['admin', 'audit', filter],
    queryFn: ({ signal }) =>
      adminRequest<AuditPage>('/api/admin/audit', {
        query: {
          page: filter.page,
          page_size: AUDIT_PAGE_SIZE,
          staff: filter.staff,
          target: filter.target,
          from: filter.from,
          to: filter.to,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The team to filter by, for those who may list it (`staff.manage`): id and what to call them. */
export const teamQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'audit', 'team'],
    queryFn: async ({ signal }) => {
      const answer = await adminRequest<StaffPage>('/api/admin/staff', {
        query: { page_size: 100 },
        signal,
      });
      return answer.list;
    },
  });

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/**
 * What an entry changed, field by field: only the fields whose value differs between before and
 * after (a field only one side has counts as changed), in the order they first appear.
 */
export function changedFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): FieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields
    .map((field) => ({ field, before: before?.[field], after: after?.[field] }))
    .filter((change) => JSON.stringify(change.before) !== JSON.stringify(change.after));
}
