import { queryOptions, useQuery } from '@tanstack/react-query';
import { type OrderDetail, type OrderSummary, orderStatusName } from '../../../../shared/schemas/order';
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

/** The `orders:status.*` key of a status number (docs/product.md §4). */
export function statusKey(status: number): string {
  return `status.${orderStatusName(status) ?? 'pending'}`;
}
