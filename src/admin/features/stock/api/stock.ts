import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProductStock, StockPage, StockSaved, ThresholdSaved } from '#shared/schemas/admin/stock.zod';
import { MOVEMENTS_PAGE_SIZE, STOCK_PAGE_SIZE, type StockReason } from '#shared/schemas/stock.rules';
import { adminRequest } from '../../../lib/api-client';

/** A product as the stock grid lists it (docs/api.md, Admin: stock), its movements, its page. */
export type { ProductStock, StockMovement, StockRow } from '#shared/schemas/admin/stock.zod';

export interface StockChange {
  productId: number;
  reason: StockReason;
  quantity: number;
  note?: string;
}

export type StockFilter = '' | 'low' | 'out';

const STOCK_KEY = ['admin', 'stock'] as const;

export const stockGridQueryOptions = (q: string, filter: StockFilter, page: number) =>
  queryOptions({
    queryKey: [...STOCK_KEY, 'grid', q, filter, page],
    queryFn: ({ signal }) =>
      adminRequest<StockPage>('/api/admin/stock', {
        query: { q: q || undefined, filter: filter || undefined, page, pageSize: STOCK_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const productStockQueryOptions = (productId: number, page: number) =>
  queryOptions({
    queryKey: [...STOCK_KEY, 'product', productId, page],
    queryFn: ({ signal }) =>
      adminRequest<ProductStock>(`/api/admin/products/${productId}/stock`, {
        query: { page, pageSize: MOVEMENTS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** Everything that shows stock reloads after a change: the grid, panels, Today, the audit log. */
function useStockSettled() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: STOCK_KEY }),
      client.invalidateQueries({ queryKey: ['admin', 'today'] }),
      client.invalidateQueries({ queryKey: ['admin', 'audit'] }),
    ]);
}

/** Saves a batch of stock changes, all or nothing. */
export function useSaveStock() {
  const settled = useStockSettled();
  return useMutation({
    mutationFn: (changes: StockChange[]) =>
      adminRequest<StockSaved>('/api/admin/stock', {
        method: 'POST',
        body: { changes },
      }),
    onSettled: settled,
  });
}

export function useSetThreshold(productId: number) {
  const settled = useStockSettled();
  return useMutation({
    mutationFn: (threshold: number) =>
      adminRequest<ThresholdSaved>(`/api/admin/products/${productId}/threshold`, {
        method: 'POST',
        body: { threshold },
      }),
    onSettled: settled,
  });
}
