import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Category } from '../../shared/schemas/catalogue';
import { apiGet } from '../lib/api-client';

/** Server data that several features show: the category tree (home chips, categories, category page). */
export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: ['categories'],
    queryFn: ({ signal }) => apiGet<Category[]>('/api/product_category', undefined, signal),
  });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}

export function categoryQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['categories', id],
    queryFn: ({ signal }) => apiGet<Category>('/api/product_category', { category_id: id }, signal),
  });
}

export function useCategory(id: number) {
  return useQuery(categoryQueryOptions(id));
}
