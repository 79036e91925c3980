import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/api-client';

/* The console's packing calls (docs/api.md, Admin: packing). Amounts are the API's decimal dollars. */

export type PackingState = 'picked' | 'short' | 'replaced';

export interface LineMark {
  state: PackingState;
  short_num: number;
  replacement: { uuid: string; en_name: string; zn_name: string; price: number; charged: number } | null;
  refund: number;
  refund_state: 'none' | 'queued' | 'sending' | 'sent' | 'failed';
}

export interface PackingLine {
  id: number;
  key: string;
  en_name: string;
  zn_name: string;
  price: number;
  num: number;
  when_missing: 'refund' | 'replace';
  mark: LineMark | null;
}

export interface PackingOrder {
  order_no: string;
  packed: boolean;
  paid_at: string | null;
  name: string;
  total_count: number;
  lines: PackingLine[];
}

export interface PackingSlot {
  starts_at: string;
  ends_at: string | null;
  orders: PackingOrder[];
}

export interface PackingDay {
  day: string;
  time_zone: string;
  slots: PackingSlot[];
  no_slot: PackingOrder[];
}

export interface ReplacementCandidate {
  uuid: string;
  en_name: string;
  zn_name: string;
  price: number;
  stock: number;
}

const PACKING_KEY = ['admin', 'packing'] as const;

export const packingDayQueryOptions = (day: string | undefined) =>
  queryOptions({
    queryKey: [...PACKING_KEY, 'day', day ?? 'today'],
    queryFn: ({ signal }) => adminRequest<PackingDay>('/api/admin/packing', { query: { day }, signal }),
  });

export const replacementQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...PACKING_KEY, 'products', q],
    queryFn: ({ signal }) =>
      adminRequest<ReplacementCandidate[]>('/api/admin/packing/products', { query: { q }, signal }),
    enabled: q.trim().length > 0,
  });

export type MarkRequest =
  | { state: 'picked' }
  | { state: 'short'; short: number }
  | { state: 'replaced'; product: string };

/** A key per press of the button: the same mark sent again (a retry) is done once by the server. */
const newKey = () => crypto.randomUUID();

/** Marks one line; a success refreshes the day and the orders (their detail shows the mark). */
export function useMarkLine(orderNo: string, lineId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (mark: MarkRequest) =>
      adminRequest<{ mark: LineMark }>(`/api/admin/packing/${encodeURIComponent(orderNo)}/lines/${lineId}`, {
        method: 'POST',
        body: { ...mark, key: newKey() },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** Marks the order packed (the order state machine's `pack`), once every line is marked. */
export function usePackOrder(orderNo: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      adminRequest<unknown>(`/api/admin/orders/${encodeURIComponent(orderNo)}/pack`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
