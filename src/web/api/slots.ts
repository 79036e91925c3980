import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliverySlots } from '#shared/schemas/slots.zod';
import { apiGet } from '../lib/api-client';

// The delivery slot call (docs/api.md, Delivery slots): the coming windows, open, full or closed.

export function deliverySlotsQueryOptions() {
  return queryOptions({
    queryKey: ['delivery-slots'],
    queryFn: ({ signal }) => apiGet<DeliverySlots>('/api/delivery/slots', undefined, signal),
    // Places fill as others order: read again when the cart is opened again, not on every render.
    staleTime: 30_000,
  });
}

export const useDeliverySlots = () => useQuery(deliverySlotsQueryOptions());
