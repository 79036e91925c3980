import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import type { PromoState } from '#shared/schemas/promo.rules';
import { adminRequest } from '../../../lib/api-client';

/* The console's promotions and coupons (docs/api.md, Admin: promotions and coupons). Times are the shop's wall clock. */

export interface PromotionLine {
  id: number;
  uuid: string;
  en_name: string;
  zn_name: string;
  product_image: string;
  /** The product's own price and its promotion price, as amounts (dollars). */
  price: number;
  promotion_price: number;
}

export interface PromotionSummary {
  id: number;
  en_name: string;
  zn_name: string;
  ad_img: string;
  starts_at: string;
  ends_at: string;
  state: PromoState;
  product_count: number;
}
export type Promotion = Omit<PromotionSummary, 'product_count'> & { products: PromotionLine[] };

export interface Coupon {
  id: number;
  code: string;
  kind: 'percent' | 'fixed';
  value: number;
  min_spend: number;
  starts_at: string;
  ends_at: string;
  usage_limit: number | null;
  per_shopper_limit: number | null;
  active: boolean;
  uses: number;
  state: PromoState | 'disabled';
}

/** A product as the picker finds it (`GET /api/admin/products?q=`). */
export interface PickedProduct {
  id: number;
  uuid: string;
  en_name: string;
  zn_name: string;
  price: number;
  product_image: string;
}

const KEY = ['admin', 'promos'] as const;

export const promotionsQuery = () =>
  queryOptions({
    queryKey: [...KEY, 'promotions'],
    queryFn: ({ signal }) =>
      adminRequest<{ time_zone: string; items: PromotionSummary[] }>('/api/admin/promotions', { signal }),
  });

export const promotionQuery = (id: number) =>
  queryOptions({
    queryKey: [...KEY, 'promotion', id],
    queryFn: ({ signal }) => adminRequest<Promotion>(`/api/admin/promotions/${id}`, { signal }),
  });

export const couponsQuery = () =>
  queryOptions({
    queryKey: [...KEY, 'coupons'],
    queryFn: ({ signal }) =>
      adminRequest<{ time_zone: string; items: Coupon[] }>('/api/admin/coupons', { signal }),
    // Uses so far change with shoppers' orders, not with the console: read again on every visit.
    staleTime: 0,
  });

export const productSearchQuery = (q: string) =>
  queryOptions({
    queryKey: ['admin', 'products', 'pick', q],
    queryFn: ({ signal }) =>
      adminRequest<{ items: PickedProduct[] }>('/api/admin/products', { query: { q, pageSize: 10 }, signal }),
    enabled: q.trim().length > 0,
  });

/**
 * Saves (creates when `id` is absent) or deletes a promotion or coupon; the lists reload after.
 * `submit` saves and then opens the saved one's page (a new one gets its own address); `saved`
 * stays true there, so the page says it was saved even though a new one's editor was replaced.
 */
export function useSave<T extends { id: number }>(kind: 'promotions' | 'coupons') {
  const client = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const done = () => client.invalidateQueries({ queryKey: KEY });
  const save = useMutation({
    mutationFn: ({ id, body }: { id?: number; body: Record<string, unknown> }) =>
      adminRequest<T>(id ? `/api/admin/${kind}/${id}` : `/api/admin/${kind}`, { method: 'POST', body }),
    onSuccess: done,
  });
  const remove = useMutation({
    mutationFn: (id: number) =>
      adminRequest<{ deleted: true }>(`/api/admin/${kind}/${id}`, { method: 'DELETE' }),
    onSuccess: done,
  });
  const submit = (payload: { id?: number; body: Record<string, unknown> }) =>
    save.mutate(payload, {
      onSuccess: (saved) => navigate(`/admin/${kind}/${saved.id}`, { replace: true, state: { saved: true } }),
    });
  const saved = save.isSuccess || (location.state as { saved?: unknown } | null)?.saved === true;
  return { save, remove, submit, saved };
}
