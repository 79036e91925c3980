import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Product, Promotion } from '../../../../shared/schemas/catalogue';
import { apiGet } from '../../../lib/api-client';

/** `GET /api/index_product/{uuid}`: one product in full (sent with the token when signed in). */
export function productQueryOptions(uuid: string) {
  return queryOptions({
    queryKey: ['product', uuid],
    queryFn: ({ signal }) =>
      apiGet<Product>(`/api/index_product/${encodeURIComponent(uuid)}`, undefined, signal),
  });
}

export const useProduct = (uuid: string, enabled = true) =>
  useQuery({ ...productQueryOptions(uuid), enabled });

/** `GET /api/index_promotion/{id}`: the promotion's name and ad image. */
export function promotionQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['promotion', id],
    queryFn: ({ signal }) => apiGet<Promotion>(`/api/index_promotion/${id}`, undefined, signal),
  });
}

export const usePromotion = (id: number) => useQuery(promotionQueryOptions(id));
