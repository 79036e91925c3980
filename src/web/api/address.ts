import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Address, AddressField } from '#shared/schemas/address';
import { apiGet, apiRequest } from '../lib/api-client';

// The address module's calls (docs/api.md): list, add, edit, delete.

const KEY = ['address'] as const;

export type AddressValues = Record<AddressField, string> & { instructions: string; default_status: boolean };

export function addressesQueryOptions() {
  return queryOptions({
    queryKey: KEY,
    queryFn: ({ signal }) => apiGet<Address[]>('/api/address', undefined, signal),
  });
}

export function useAddresses(enabled = true) {
  return useQuery({ ...addressesQueryOptions(), enabled });
}

/** Creates (no uuid) or updates (uuid) an address; the list is asked again afterwards. */
export function useSaveAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, values }: { uuid?: string; values: AddressValues }) => {
      const form: Record<string, string> = { ...values, default_status: values.default_status ? '1' : '0' };
      if (uuid) form.uuid = uuid;
      return apiRequest<Address>('/api/address', { method: uuid ? 'PATCH' : 'POST', form });
    },
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export function useDeleteAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => apiRequest<null>(`/api/address/${uuid}`, { method: 'DELETE' }),
    onSettled: () => client.invalidateQueries({ queryKey: KEY }),
  });
}
