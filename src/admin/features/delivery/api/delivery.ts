import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeliverySettings } from '#shared/schemas/admin/delivery.zod';
import { adminRequest } from '../../../lib/api-client';

/* The Delivery page's calls (docs/api.md, Admin: delivery). */

export type { DeliverySettings } from '#shared/schemas/admin/delivery.zod';

/** The form's fields as the console sends them: the area as text, amounts in dollars (empty: off). */
export interface DeliveryDraft {
  area: string;
  fee: string;
  free_over: string;
  minimum: string;
  tax_on_fee: boolean;
}

const KEY = ['admin', 'delivery'] as const;

export const deliveryQuery = () =>
  queryOptions({
    queryKey: KEY,
    queryFn: ({ signal }) => adminRequest<DeliverySettings>('/api/admin/delivery', { signal }),
  });

/** Saves the whole terms; the page then shows what the server kept (the area sorted, without duplicates). */
export function useSaveDelivery() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (draft: DeliveryDraft) =>
      adminRequest<DeliverySettings>('/api/admin/delivery', {
        method: 'POST',
        body: { ...draft, tax_on_fee: draft.tax_on_fee ? '1' : '0' },
      }),
    onSuccess: (saved) => client.setQueryData(KEY, saved),
  });
}
