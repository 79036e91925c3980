import { queryOptions } from '@tanstack/react-query';
import type { Today } from '#shared/schemas/admin/today.zod';
import { adminRequest } from '../../../lib/api-client';

/** `GET /api/admin/today` (docs/api.md, Admin: orders): amounts are dollars, as the API answers them. */
export type { Today };

export const todayQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'today'],
    queryFn: ({ signal }) => adminRequest<Today>('/api/admin/today', { signal }),
    // The home page stays open on the packing bench: it follows new orders by itself.
    refetchInterval: 60_000,
  });

/** Today against the same weekday last week: up, down or the same, and by how many percent (none from 0). */
export function changeOf(
  now: number,
  before: number,
): { direction: 'up' | 'down' | 'same'; percent: number | null } {
  const direction = now > before ? 'up' : now < before ? 'down' : 'same';
  const percent = before === 0 ? null : Math.round((Math.abs(now - before) / before) * 100);
  return { direction, percent };
}
