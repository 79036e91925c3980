import { type MutateOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SavedCard } from '#shared/schemas/card';
import { apiGet, apiRequest } from '../lib/api-client';

// The card module's calls (docs/api.md): the shopper's saved cards, added, replaced and deleted.

const CARDS_KEY = ['cards'] as const;

export function useSavedCards(enabled = true) {
  return useQuery({
    queryKey: CARDS_KEY,
    queryFn: ({ signal }) => apiGet<SavedCard[]>('/api/credit_card', undefined, signal),
    enabled,
  });
}

/** What `PUT /api/credit_card` takes: the number without spaces, MM/YY, the holder, the security code. */
export interface CardInput {
  card_no: string;
  expiration_time: string;
  name: string;
  code: string;
}

/** Saves a new card (no uuid) or replaces a saved one at the gateway; the list is asked again afterwards. */
export function useSaveCard(uuid: string | undefined, handlers: MutateOptions<SavedCard, Error, CardInput>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (form: CardInput) =>
      apiRequest<SavedCard>(uuid ? `/api/credit_card/${uuid}` : '/api/credit_card', {
        method: 'PUT',
        form: { ...form },
      }),
    ...handlers,
    onSettled: () => client.invalidateQueries({ queryKey: CARDS_KEY }),
  });
}

export function useDeleteCard() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => apiRequest<null>(`/api/credit_card/${uuid}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: CARDS_KEY }),
  });
}
