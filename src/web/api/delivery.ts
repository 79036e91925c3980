import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DeliveryTerms, ZipCheck } from '#shared/schemas/delivery';
import { zip5 } from '#shared/schemas/delivery.rules';
import { apiGet } from '../lib/api-client';

// The delivery module's calls (docs/api.md, Delivery): the shop's terms and the ZIP check.

const KEY = ['delivery'] as const;

export function deliveryTermsQueryOptions() {
  return queryOptions({
    queryKey: [...KEY, 'terms'],
    queryFn: ({ signal }) => apiGet<DeliveryTerms>('/api/delivery', undefined, signal),
    staleTime: 30_000,
  });
}

export const useDeliveryTerms = () => useQuery(deliveryTermsQueryOptions());

export function zipCheckQueryOptions(zip: string) {
  const five = zip5(zip) ?? '';
  return queryOptions({
    queryKey: [...KEY, 'check', five],
    queryFn: ({ signal }) => apiGet<ZipCheck>('/api/delivery/check', { zip: five }, signal),
    staleTime: 30_000,
  });
}

/** Whether the shop delivers to `zip`, and the tax rates there; asked when the ZIP is one. */
export function useZipCheck(zip: string | undefined) {
  const enabled = zip !== undefined && zip5(zip) !== undefined;
  return useQuery({ ...zipCheckQueryOptions(zip ?? ''), enabled });
}
