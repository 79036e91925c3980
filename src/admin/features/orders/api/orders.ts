import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/api-client';

/* The console's order calls (docs/api.md, Admin: orders). Amounts are the API's decimal dollars. */

export type PaymentMethod = 'creditcard' | 'wechatpay' | 'alipay';

/** The delivery window an order holds (issue 19), on the shop's clock `time_zone`. */
export type OrderSlot = { starts_at: string; ends_at: string; time_zone: string } | null;

export interface OrderListItem {
  order_no: string;
  status: number;
  packed: boolean;
  created_at: string;
  paid_at: string | null;
  slot: OrderSlot;
  total_price: number;
  total_count: number;
  name: string;
  /** Left out for packers. */
  email?: string;
  method: PaymentMethod | null;
}

export interface OrderPage {
  list: OrderListItem[];
  total: number;
  page: number;
  page_size: number;
}

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

export interface OrderAddress {
  name: string;
  surname: string;
  /** Left out for packers. */
  phone?: string;
  address: string;
  area: string;
  city: string;
  province: string;
  zip: string;
}

export interface OrderLine {
  id: number;
  uuid: string;
  en_name: string;
  zn_name: string;
  image: string;
  price: number;
  num: number;
  refunded_num: number;
  /** What the shopper chose if the item is missing at packing: 'refund' | 'replace'. */
  when_missing: string;
  /** The packer's mark (i19), null while not marked. */
  packing: {
    state: 'picked' | 'short' | 'replaced';
    short_num: number;
    replacement: { uuid: string; en_name: string; zn_name: string; price: number; charged: number } | null;
    refund: number;
    refund_state: 'none' | 'queued' | 'sending' | 'sent' | 'failed';
  } | null;
}

export interface TimelineEntry {
  at: string;
  kind: string;
  staff_id: number | null;
  staff_name: string | null;
  details: Record<string, unknown> | null;
}

export interface OrderDetail {
  order_no: string;
  status: number;
  packed_at: string | null;
  shipped_at: string | null;
  carrier: string | null;
  tracking: string | null;
  created_at: string;
  expires_at: string;
  paid_at: string | null;
  slot: OrderSlot;
  coupon: string | null;
  subtotal: number;
  discount: number;
  tax: number;
  delivery_fee: number;
  total_price: number;
  total_count: number;
  refunded: number;
  lines: OrderLine[];
  address: OrderAddress;
  payment: {
    method: PaymentMethod;
    kind: string;
    status: string;
    card_last4: string | null;
    reference: string | null;
  } | null;
  /** Left out for packers. */
  customer?: { uuid: string; email: string; name: string };
  timeline: TimelineEntry[];
}

export interface PackingOrder {
  order_no: string;
  status: number;
  packed: boolean;
  created_at: string;
  paid_at: string | null;
  slot: OrderSlot;
  address: OrderAddress;
  total_count: number;
  lines: { id: number; key: string; en_name: string; zn_name: string; num: number; when_missing: string }[];
}

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
      adminRequest<{ orders: PackingOrder[]; missing: string[] }>('/api/admin/orders/packing', {
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
      adminRequest<unknown>(`/api/admin/orders/${encodeURIComponent(orderNo)}/${kind}`, {
        method: 'POST',
        body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ORDERS_KEY }),
  });
}
