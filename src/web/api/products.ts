import { queryOptions, useQuery } from '@tanstack/react-query';
import { FULL_LIST_PAGE_SIZE } from '../../shared/constants';
import type { ProductPage } from '../../shared/schemas/catalogue';
import { apiGet } from '../lib/api-client';

/** The parameters of `GET /api/index_product` that the screens use (spec §7, Catalogue). */
export interface ProductListParams {
  category_id?: number;
  most_sold?: boolean;
  en_search?: string;
  promotion_plan?: number;
  page?: number;
  page_size?: number;
}

/** Product cards for home plates, a category, a promotion or a search: one key per parameter set. */
export function productListQueryOptions(params: ProductListParams) {
  const query = { page: 1, page_size: FULL_LIST_PAGE_SIZE, ...params };
  return queryOptions({
    queryKey: ['products', query],
    queryFn: ({ signal }) => apiGet<ProductPage>('/api/index_product', { ...query }, signal),
  });
}

export function useProductList(params: ProductListParams, enabled = true) {
  return useQuery({ ...productListQueryOptions(params), enabled });
}
