import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/api-client';

/** A shopper as `GET /api/admin/customers` lists them (docs/api.md, Admin). */
export interface Customer {
  uuid: string;
  email: string;
  name: string;
  language: string;
  createdAt: string;
  disabled: boolean;
  disabledAt: string | null;
}

export interface CustomerPage {
  list: Customer[];
  total: number;
  page: number;
  page_size: number;
}

export interface CustomerDetail {
  customer: Customer;
  addresses: {
    uuid: string;
    name: string;
    surname: string;
    phone: string;
    address: string;
    area: string;
    city: string;
    province: string;
    zip: string;
    isDefault: boolean;
  }[];
  orders: {
    orderNo: string;
    status: number;
    statusName: string;
    totalCents: number;
    totalCount: number;
    createdAt: string;
    paidAt: string | null;
  }[];
  totalSpentCents: number;
}

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
