import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Customer, CustomerDetail, CustomerPage } from '#shared/schemas/admin/customers.zod';
import { adminRequest } from '../../../lib/api-client';

/** A shopper as `GET /api/admin/customers` lists them (docs/api.md, Admin), a page, one in full. */
export type { Customer, CustomerDetail, CustomerPage };

export const CUSTOMERS_PAGE_SIZE = 20;
const CUSTOMERS_KEY = ['admin', 'customers'] as const;

export const customersQueryOptions = (q: string, page: number) =>
  queryOptions({
    queryKey: [...CUSTOMERS_KEY, 'list', q, page],
    queryFn: ({ signal }) =>
      adminRequest<CustomerPage>('/api/admin/customers', {
        query: { q: q || undefined, page, page_size: CUSTOMERS_PAGE_SIZE },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const customerQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: [...CUSTOMERS_KEY, 'one', uuid],
    queryFn: ({ signal }) =>
      adminRequest<CustomerDetail>(`/api/admin/customers/${encodeURIComponent(uuid)}`, { signal }),
  });

/** Disables (their sessions end) or enables a customer; the lists and the audit log then reload. */
export function useSetDisabled(uuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (disabled: boolean) =>
      adminRequest<Customer>(
        `/api/admin/customers/${encodeURIComponent(uuid)}/${disabled ? 'disable' : 'enable'}`,
        { method: 'POST' },
      ),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: CUSTOMERS_KEY }),
        client.invalidateQueries({ queryKey: ['admin', 'audit'] }),
      ]),
  });
}
