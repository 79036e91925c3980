import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/api-client';

/** One entry of `GET /api/admin/audit` (docs/api.md, Admin). */
export interface AuditEntry {
  id: number;
  at: string;
  staffId: number | null;
  staffEmail: string | null;
  staffName: string | null;
  action: string;
  targetType: string;
  targetId: string | null;
  /** A customer's e-mail or a staff member's name, while they exist. */
  targetName: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export interface AuditPage {
  list: AuditEntry[];
  total: number;
  page: number;
  page_size: number;
}

export interface AuditFilter {
  page: number;
  /** A staff member's id. */
  staff?: number | undefined;
  /** `order`, `customer`, `staff`, or `type:id` for one target. */
  target?: string | undefined;
}

export const AUDIT_PAGE_SIZE = 25;

export const auditQueryOptions = (filter: AuditFilter) =>
  queryOptions({
    queryKey: ['admin', 'audit', filter],
    queryFn: ({ signal }) =>
      adminRequest<AuditPage>('/api/admin/audit', {
        query: { page: filter.page, page_size: AUDIT_PAGE_SIZE, staff: filter.staff, target: filter.target },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** The team to filter by, for those who may list it (`staff.manage`): id and what to call them. */
export const teamQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'audit', 'team'],
    queryFn: async ({ signal }) => {
      const answer = await adminRequest<{ list: { id: number; name: string; email: string }[] }>(
        '/api/admin/staff',
        { query: { page_size: 100 }, signal },
      );
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
