import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderDetail, OrderPage, PackingSlips, RefundAnswer } from '#shared/schemas/admin/orders.zod';
import { adminRequest } from '../../../lib/api-client';

/* The console's order calls (docs/api.md, Admin: orders). Amounts are the API's decimal dollars. */

export type {
  OrderAddress,
  OrderDetail,
  OrderLine,
  OrderListItem,
  OrderPage,
  OrderSlot,
  PackingSlip as PackingOrder,
  PaymentMethod,
  TimelineEntry,
} from '#shared/schemas/admin/orders.zod';

/** The list's filters as the URL keeps them: every one goes to the server as it is. */
export interface OrderFilters {
  status?: string | undefined;
  stage?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  method?: string | undefined;
  q?: string | undefined;
  page?: string | undefined;
}

export const PAGE_SIZE = 20;

const ORDERS_KEY = ['admin', 'orders'] as const;

export const orderListQueryOptions = (filters: OrderFilters) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'list', filters],
    queryFn: ({ signal }) =>
      adminRequest<OrderPage>('/api/admin/orders', {
        query: { ...filters, page_size: PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const orderQueryOptions = (orderNo: string) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'detail', orderNo],
    queryFn: ({ signal }) =>
      adminRequest<OrderDetail>(`/api/admin/orders/${encodeURIComponent(orderNo)}`, { signal }),
  });

export const packingQueryOptions = (orderNos: string[]) =>
  queryOptions({
    queryKey: [...ORDERS_KEY, 'packing', orderNos],
    queryFn: ({ signal }) =>
      adminRequest<PackingSlips>('/api/admin/orders/packing', {
        query: { orders: orderNos.join(',') },
        signal,
      }),
    enabled: orderNos.length > 0,
  });

export type OrderAction =
  | { kind: 'pack' | 'complete' | 'cancel' }
  | { kind: 'ship'; carrier: string; tracking: string }
  | {
      kind: 'refund';
      reason: string;
      amount?: string;
      lines?: { id: number; qty: number }[];
    };

/** One action on an order; a success refreshes its detail and the lists, a refusal is the caller's to show. */
export function useOrderAction(orderNo: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, ...body }: OrderAction) =>
      adminRequest<OrderDetail | RefundAnswer>(`/api/admin/orders/${encodeURIComponent(orderNo)}/${kind}`, {
        method: 'POST',
        body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ORDERS_KEY }),
  });
}
