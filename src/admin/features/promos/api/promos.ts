import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import type { Deleted } from '#shared/schemas/admin/common.zod';
import type { CouponList } from '#shared/schemas/admin/coupons.zod';
import type { AdminProductPage, AdminProductRow } from '#shared/schemas/admin/products.zod';
import type { Promotion, PromotionList } from '#shared/schemas/admin/promotions.zod';
import { adminRequest } from '../../../lib/api-client';
import { promoPath } from '../../../lib/urls/promotions';

/* The console's promotions and coupons (docs/api.md, Admin: promotions and coupons). Times are the shop's wall clock. */

export type { Coupon } from '#shared/schemas/admin/coupons.zod';
export type { Promotion, PromotionLine, PromotionSummary } from '#shared/schemas/admin/promotions.zod';

/** A product as the picker finds it (`GET /api/admin/products?q=`), or a promotion's line. */
export type PickedProduct = Pick<
  AdminProductRow,
  'id' | 'uuid' | 'en_name' | 'zn_name' | 'price' | 'product_image'
>;

const KEY = ['admin', 'promos'] as const;

export const promotionsQuery = () =>
  queryOptions({
    queryKey: [...KEY, 'promotions'],
    queryFn: ({ signal }) => adminRequest<PromotionList>('/api/admin/promotions', { signal }),
  });

export const promotionQuery = (id: number) =>
  queryOptions({
    queryKey: [...KEY, 'promotion', id],
    queryFn: ({ signal }) => adminRequest<Promotion>(`/api/admin/promotions/${id}`, { signal }),
  });

export const couponsQuery = () =>
  queryOptions({
    queryKey: [...KEY, 'coupons'],
    queryFn: ({ signal }) => adminRequest<CouponList>('/api/admin/coupons', { signal }),
    // Uses so far change with shoppers' orders, not with the console: read again on every visit.
    staleTime: 0,
  });

export const productSearchQuery = (q: string) =>
  queryOptions({
    queryKey: ['admin', 'products', 'pick', q],
    queryFn: ({ signal }) =>
      adminRequest<AdminProductPage>('/api/admin/products', { query: { q, pageSize: 10 }, signal }),
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
    mutationFn: (id: number) => adminRequest<Deleted>(`/api/admin/${kind}/${id}`, { method: 'DELETE' }),
    onSuccess: done,
  });
  const submit = (payload: { id?: number; body: Record<string, unknown> }) =>
    save.mutate(payload, {
      onSuccess: (saved) => navigate(promoPath(kind, saved.id), { replace: true, state: { saved: true } }),
    });
  const saved = save.isSuccess || (location.state as { saved?: unknown } | null)?.saved === true;
  return { save, remove, submit, saved };
}
