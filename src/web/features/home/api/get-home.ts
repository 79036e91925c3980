import { queryOptions, useQuery } from '@tanstack/react-query';
import { FULL_LIST_PAGE_SIZE } from '../../../../shared/constants';
import type { Banner, NewCategory, Plate, ProductPage } from '../../../../shared/schemas/catalogue';
import { apiGet } from '../../../lib/api-client';

/** Home's own catalogue calls (spec §7): banners, new categories and their products, plates. */
export function bannersQueryOptions() {
  return queryOptions({
    queryKey: ['banners'],
    queryFn: ({ signal }) => apiGet<Banner[]>('/api/index_banners', undefined, signal),
  });
}

export function newCategoriesQueryOptions() {
  return queryOptions({
    queryKey: ['new-categories'],
    queryFn: ({ signal }) => apiGet<NewCategory[]>('/api/new_category', undefined, signal),
  });
}

export function newProductsQueryOptions(categoryId: number) {
  return queryOptions({
    queryKey: ['new-products', categoryId],
    queryFn: ({ signal }) =>
      apiGet<ProductPage>(
        '/api/new_product',
        { category_id: categoryId, page: 1, page_size: FULL_LIST_PAGE_SIZE },
        signal,
      ),
  });
}

export function platesQueryOptions() {
  return queryOptions({
    queryKey: ['plates'],
    queryFn: ({ signal }) => apiGet<Plate[]>('/api/all_plate', undefined, signal),
  });
}

export const useBanners = () => useQuery(bannersQueryOptions());
export const useNewCategories = () => useQuery(newCategoriesQueryOptions());
export const useNewProducts = (categoryId: number, enabled = true) =>
  useQuery({ ...newProductsQueryOptions(categoryId), enabled });
export const usePlates = () => useQuery(platesQueryOptions());
