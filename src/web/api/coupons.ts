import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AvailableCoupons, CouponCheck } from '#shared/schemas/coupon.zod';
import { apiGet, type QueryValue } from '../lib/api-client';

// The shopper's coupons (docs/api.md, Coupons): the cart's check of a code, and the coupons usable now.

/** What the cart asks about a code: the address the order goes to and the lines it would order. */
export interface CouponCheckAsk {
  code: string;
  address: string | undefined;
  lines: readonly { id: number; num: number }[];
}

/**
 * `GET /api/cart/coupon`: the discount and totals the order would get with `code`, or the server's
 * refusal (the order's own words) as the query's error. Keyed by everything the answer depends on.
 */
export function couponCheckQueryOptions({ code, address, lines }: CouponCheckAsk) {
  const query: Record<string, QueryValue> = { code, uuid: address };
  lines.forEach((line, i) => {
    query[`items[${i}][id]`] = line.id;
    query[`items[${i}][num]`] = line.num;
  });
  return queryOptions({
    queryKey: ['cart', 'coupon', code, address ?? '', lines.map((l) => `${l.id}x${l.num}`).join(',')],
    queryFn: ({ signal }) => apiGet<CouponCheck>('/api/cart/coupon', query, signal),
    staleTime: 30_000,
  });
}

/** The check of an applied code (none: no call); the last answer stays while a changed cart is re-checked. */
export function useCouponCheck(ask: CouponCheckAsk) {
  return useQuery({
    ...couponCheckQueryOptions(ask),
    enabled: ask.code !== '' && ask.lines.length > 0,
    placeholderData: keepPreviousData,
  });
}

export function availableCouponsQueryOptions() {
  return queryOptions({
    queryKey: ['coupons'],
    queryFn: ({ signal }) => apiGet<AvailableCoupons>('/api/coupons', undefined, signal),
    staleTime: 30_000,
  });
}

/** `GET /api/coupons`: the coupons the shopper can use now, the soonest to end first. */
export const useAvailableCoupons = (enabled: boolean) =>
  useQuery({ ...availableCouponsQueryOptions(), enabled });
