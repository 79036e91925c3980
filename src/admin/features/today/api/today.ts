import { queryOptions } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/api-client';

/** `GET /api/admin/today` (docs/api.md, Admin: orders): amounts are dollars, as the API answers them. */
export interface Today {
  date: string;
  time_zone: string;
  to_pack: {
    total: number;
    list: { order_no: string; paid_at: string | null; total_count: number; name: string }[];
  };
  expiring: { minutes: number; list: { order_no: string; expires_at: string; total_price: number }[] };
  /** Absent for staff who may not see the takings (packers). */
  paid_today?: { count: number; revenue: number };
  paid_same_day_last_week?: { count: number; revenue: number };
  low_stock: {
    total: number;
    list: { uuid: string; en_name: string; zn_name: string; stock: number; threshold: number }[];
  };
}

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
