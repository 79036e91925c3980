import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderDetail, OrderSummary } from '../../../../shared/schemas/order';
import { apiGet } from '../../../lib/api-client';

export function ordersQueryOptions() {
  return queryOptions({
    queryKey: ['orders'],
    queryFn: ({ signal }) => apiGet<OrderSummary[]>('/api/order', undefined, signal),
  });
}

export function orderQueryOptions(orderNo: string) {
  return queryOptions({
    queryKey: ['orders', orderNo],
    queryFn: ({ signal }) =>
      apiGet<OrderDetail>(`/api/order/${encodeURIComponent(orderNo)}`, undefined, signal),
  });
}

export const useOrders = () => useQuery(ordersQueryOptions());
export const useOrder = (orderNo: string) => useQuery(orderQueryOptions(orderNo));

const STATUS_KEYS: Record<number, string> = {
  1: 'pending',
  2: 'processing',
  3: 'shipped',
  4: 'completed',
  5: 'cancelled',
  6: 'refunded',
};

/** The `orders:status.*` key of a status number (spec §4). */
export function statusKey(status: number): string {
  return `status.${STATUS_KEYS[status] ?? 'pending'}`;
}
