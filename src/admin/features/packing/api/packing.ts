import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderDetail } from '#shared/schemas/admin/orders.zod';
import type { MarkAnswer, PackingDay, ReplacementCandidate } from '#shared/schemas/admin/packing.zod';
import { adminRequest } from '../../../lib/api-client';

/* The console's packing calls (docs/api.md, Admin: packing). Amounts are the API's decimal dollars. */

export type {
  LineMark,
  PackingDay,
  PackingLine,
  PackingOrder,
  PackingSlot,
  ReplacementCandidate,
} from '#shared/schemas/admin/packing.zod';
export type { PackingState } from '#shared/schemas/packing.rules';

const PACKING_KEY = ['admin', 'packing'] as const;

/** How often the open packing page asks for the day again. */
export const PACKING_REFRESH_MS = 5_000;

export const packingDayQueryOptions = (day: string | undefined) =>
  queryOptions({
    queryKey: [...PACKING_KEY, 'day', day ?? 'today'],
    queryFn: ({ signal }) => adminRequest<PackingDay>('/api/admin/packing', { query: { day }, signal }),
    // Several packers share the day: another's marks and shoppers' answers to proposals show within
    // seconds while the page is open (docs/product.md, Packing).
    refetchInterval: PACKING_REFRESH_MS,
  });

export const replacementQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...PACKING_KEY, 'products', q],
    queryFn: ({ signal }) =>
      adminRequest<ReplacementCandidate[]>('/api/admin/packing/products', { query: { q }, signal }),
    enabled: q.trim().length > 0,
  });

export type MarkRequest =
  | { state: 'picked'; grams?: number }
  | { state: 'short'; short: number }
  | { state: 'replaced'; product: string };

/** A key per press of the button: the same mark sent again (a retry) is done once by the server. */
const newKey = () => crypto.randomUUID();

/** Marks one line; a success refreshes the day and the orders (their detail shows the mark). */
export function useMarkLine(orderNo: string, lineId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (mark: MarkRequest) => markLine(orderNo, lineId, mark),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** Marks whichever line of the order a scan found (useMarkLine, the line named per call). */
export function useMarkScannedLine(orderNo: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ lineId, mark }: { lineId: number; mark: MarkRequest }) => markLine(orderNo, lineId, mark),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

function markLine(orderNo: string, lineId: number, mark: MarkRequest) {
  return adminRequest<MarkAnswer>(`/api/admin/packing/${encodeURIComponent(orderNo)}/lines/${lineId}`, {
    method: 'POST',
    body: { ...mark, key: newKey() },
  });
}

/** Marks the order packed (the order state machine's `pack`), once every line is marked. */
export function usePackOrder(orderNo: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      adminRequest<OrderDetail>(`/api/admin/orders/${encodeURIComponent(orderNo)}/pack`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}
