import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminProduct,
  AdminProductFields,
  AdminProductPage,
  ProductDeleted,
} from '#shared/schemas/admin/products.zod';
import { adminRequest } from '../../../lib/api-client';

/* The console's product calls (docs/api.md, Admin: products). Prices are the API's decimal dollars. */

export type { AdminProduct, AdminProductFields, AdminProductRow } from '#shared/schemas/admin/products.zod';

/** The list's filters as the URL keeps them: each goes to the server as it is. */
export interface ProductFilters {
  q?: string | undefined;
  category?: string | undefined;
  published?: string | undefined;
  stock?: string | undefined;
  missing?: string | undefined;
  archived?: string | undefined;
  page?: string | undefined;
}

export const PAGE_SIZE = 50;

/** A category as the storefront's tree gives it (the console picks a product's category from it). */
export interface CategoryOption {
  id: number;
  en_name: string;
  zn_name: string;
  childCategory: { id: number; en_name: string; zn_name: string }[];
}

const PRODUCTS_KEY = ['admin', 'products'] as const;

export const productListQueryOptions = (filters: ProductFilters) =>
  queryOptions({
    queryKey: [...PRODUCTS_KEY, 'list', filters],
    queryFn: ({ signal }) =>
      adminRequest<AdminProductPage>('/api/admin/products', {
        query: { ...filters, pageSize: PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const productQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...PRODUCTS_KEY, 'detail', id],
    queryFn: ({ signal }) => adminRequest<AdminProduct>(`/api/admin/products/${id}`, { signal }),
  });

export const categoryOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'categories', 'options'],
    queryFn: ({ signal }) => adminRequest<CategoryOption[]>('/api/product_category', { signal }),
    staleTime: 60_000,
  });

/** A tax class the editor offers (docs/api.md, Admin: tax). */
export interface TaxClassOption {
  code: string;
  en_name: string;
  zn_name: string;
  rate_ppm: number;
}

export const taxClassOptionsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'tax'],
    queryFn: ({ signal }) => adminRequest<{ classes: TaxClassOption[] }>('/api/admin/tax', { signal }),
    select: (setup: { classes: TaxClassOption[] }) => setup.classes,
    staleTime: 60_000,
  });

/**
 * The editor's form values: every field as the text its input holds, but the low-stock threshold,
 * which the stock panel sets (so saving the form never puts back an older threshold).
 */
export type ProductForm = Record<Exclude<keyof AdminProductFields, 'low_stock_threshold'>, string>;

/** Creates (no id) or saves a product; success refreshes the lists and the product. */
export function useSaveProduct(id: number | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: ProductForm) =>
      adminRequest<AdminProduct>(id === undefined ? '/api/admin/products' : `/api/admin/products/${id}`, {
        method: 'POST',
        body: form,
      }),
    onSuccess: (saved) => {
      client.setQueryData(productQueryOptions(saved.id).queryKey, saved);
      return client.invalidateQueries({ queryKey: [...PRODUCTS_KEY, 'list'] });
    },
  });
}

export function usePublishProduct(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (published: boolean) =>
      adminRequest<AdminProduct>(`/api/admin/products/${id}/publish`, {
        method: 'POST',
        body: { published },
      }),
    onSuccess: (saved) => {
      client.setQueryData(productQueryOptions(id).queryKey, saved);
      return client.invalidateQueries({ queryKey: [...PRODUCTS_KEY, 'list'] });
    },
  });
}

export function useDeleteProduct(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      adminRequest<ProductDeleted>(`/api/admin/products/${id}`, {
        method: 'DELETE',
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: PRODUCTS_KEY }),
  });
}
