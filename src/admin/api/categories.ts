import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCategory, CategoryTree } from '#shared/schemas/admin/categories.zod';
import { adminRequest } from '../lib/api-client';

export type { AdminCategory };

/** What the category form sends. */
export interface CategoryForm {
  en_name: string;
  zn_name: string;
  icon: string;
  parent_id: number | null;
}

const CATEGORIES_KEY = ['admin', 'categories'] as const;

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: CATEGORIES_KEY,
    queryFn: async ({ signal }) =>
      (await adminRequest<CategoryTree>('/api/admin/categories', { signal })).categories,
  });

/** Every category change answers the whole tree, which replaces the cached one. */
function useTreeChange<V>(request: (vars: V) => Promise<CategoryTree>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (answer) => client.setQueryData(CATEGORIES_KEY, answer.categories),
  });
}

export const useSaveCategory = () =>
  useTreeChange(({ id, form }: { id?: number; form: CategoryForm }) =>
    adminRequest<CategoryTree>(id ? `/api/admin/categories/${id}` : '/api/admin/categories', {
      method: 'POST',
      body: { ...form },
    }),
  );

export const useMoveCategory = () =>
  useTreeChange(({ id, direction }: { id: number; direction: 'up' | 'down' }) =>
    adminRequest<CategoryTree>(`/api/admin/categories/${id}/move`, {
      method: 'POST',
      body: { direction },
    }),
  );

export const useDeleteCategory = () =>
  useTreeChange((id: number) =>
    adminRequest<CategoryTree>(`/api/admin/categories/${id}`, { method: 'DELETE' }),
  );
