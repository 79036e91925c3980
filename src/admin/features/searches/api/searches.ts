import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AliasList,
  AliasRemoved,
  AliasTarget,
  AliasTargets,
  MissList,
  SearchAliasRow,
  SearchSynonymRow,
  SynonymList,
  SynonymsRemoved,
} from '#shared/schemas/admin/searches.zod';
import { adminRequest } from '../../../lib/api-client';

/* The Searches page's calls (docs/api.md, Admin: searches). */

export type {
  AliasTarget,
  MissList,
  SearchAliasRow,
  SearchMissRow,
} from '#shared/schemas/admin/searches.zod';

const KEY = ['admin', 'searches'] as const;

export const missesQueryOptions = (days: number) =>
  queryOptions({
    queryKey: [...KEY, 'misses', days],
    queryFn: ({ signal }) => adminRequest<MissList>('/api/admin/search-misses', { query: { days }, signal }),
    placeholderData: keepPreviousData,
  });

export const aliasesQueryOptions = () =>
  queryOptions({
    queryKey: [...KEY, 'aliases'],
    queryFn: ({ signal }) => adminRequest<AliasList>('/api/admin/search-aliases', { signal }),
  });

export const aliasTargetsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: [...KEY, 'targets', q],
    queryFn: ({ signal }) =>
      adminRequest<AliasTargets>('/api/admin/search-aliases/targets', { query: { q }, signal }),
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
  });

/** Adds an alias to a product or category; the misses and aliases lists refresh. */
export function useAddAlias() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ alias, target }: { alias: string; target: Pick<AliasTarget, 'kind' | 'id'> }) =>
      adminRequest<SearchAliasRow>('/api/admin/search-aliases', {
        method: 'POST',
        body: { alias, [target.kind === 'product' ? 'product_id' : 'category_id']: target.id },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useRemoveAlias() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      adminRequest<AliasRemoved>(`/api/admin/search-aliases/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export const synonymsQueryOptions = () =>
  queryOptions({
    queryKey: [...KEY, 'synonyms'],
    queryFn: ({ signal }) => adminRequest<SynonymList>('/api/admin/search-synonyms', { signal }),
  });

/** Adds a synonym group (id null) or replaces one's terms (comma-separated); the list refreshes. */
export function useSaveSynonyms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, terms }: { id: number | null; terms: string }) =>
      adminRequest<SearchSynonymRow>(`/api/admin/search-synonyms${id === null ? '' : `/${id}`}`, {
        method: 'POST',
        body: { terms },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useRemoveSynonyms() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      adminRequest<SynonymsRemoved>(`/api/admin/search-synonyms/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
