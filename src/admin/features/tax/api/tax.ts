import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { TaxSetup } from '#shared/schemas/admin/tax.zod';
import { adminRequest } from '../../../lib/api-client';

/* The Tax page's calls (docs/api.md, Admin: tax). */

export type { TaxAreaView, TaxClassView, TaxSetup } from '#shared/schemas/admin/tax.zod';

/** A class's fields as the console sends them: the rate as percent text. */
export interface ClassDraft {
  en_name: string;
  zn_name: string;
  rate: string;
}

/** A new class: its code too. */
export interface NewClassDraft extends ClassDraft {
  code: string;
}

/** An area as the console sends it: prefixes as text, a percent (or empty) per class code. */
export interface AreaDraft {
  name: string;
  zips: string;
  rates: Record<string, string>;
}

const KEY = ['admin', 'tax'] as const;

export const taxQuery = () =>
  queryOptions({
    queryKey: KEY,
    queryFn: ({ signal }) => adminRequest<TaxSetup>('/api/admin/tax', { signal }),
  });

/** Every write answers the whole setup, which the page then shows. */
function useTaxWrite<V>(request: (value: V) => Promise<TaxSetup>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: request, onSuccess: (setup) => client.setQueryData(KEY, setup) });
}

export const useSaveClass = (code: string) =>
  useTaxWrite((draft: ClassDraft) =>
    adminRequest<TaxSetup>(`/api/admin/tax/classes/${encodeURIComponent(code)}`, {
      method: 'POST',
      body: { ...draft },
    }),
  );

export const useAddClass = () =>
  useTaxWrite((draft: NewClassDraft) =>
    adminRequest<TaxSetup>('/api/admin/tax/classes', { method: 'POST', body: { ...draft } }),
  );

export const useSaveArea = (id: number | null) =>
  useTaxWrite((draft: AreaDraft) =>
    adminRequest<TaxSetup>(id === null ? '/api/admin/tax/areas' : `/api/admin/tax/areas/${id}`, {
      method: 'POST',
      body: {
        name: draft.name,
        zips: draft.zips,
        rates: Object.entries(draft.rates).map(([code, rate]) => ({ class: code, rate })),
      },
    }),
  );

export const useDeleteArea = () =>
  useTaxWrite((id: number) => adminRequest<TaxSetup>(`/api/admin/tax/areas/${id}`, { method: 'DELETE' }));

export const useDeleteClass = () =>
  useTaxWrite((code: string) =>
    adminRequest<TaxSetup>(`/api/admin/tax/classes/${encodeURIComponent(code)}`, { method: 'DELETE' }),
  );
