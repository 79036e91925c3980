import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminBanner,
  AdminBanners,
  AdminPlate,
  AdminPlates,
  BannerCreated,
  PlateCreated,
  PromotionChoice,
} from '#shared/schemas/admin/home.zod';
import type { AdminProductPage, AdminProductRow } from '#shared/schemas/admin/products.zod';
import type { BannerType } from '#shared/schemas/home.rules';
import { adminRequest } from '../../../lib/api-client';

/**
 * What the banner form edits (POST /api/admin/banners). Times are the shop's wall clock
 * (`YYYY-MM-DDTHH:mm` in SHOP_TIME_ZONE, as a datetime-local field holds them), '' for open.
 */
export interface BannerForm {
  type: BannerType;
  url: string;
  image: string;
  en_headline: string;
  zn_headline: string;
  en_cta: string;
  zn_cta: string;
  starts_at: string;
  ends_at: string;
}

export type { AdminBanner, AdminPlate, PromotionChoice };

export type BannersAnswer = AdminBanners;

export interface PlateForm {
  style: number;
  en_name: string;
  zn_name: string;
  category_id: number | null;
  items: { img: string; url: string }[];
}

/** A product as the banner's picker finds it (GET /api/admin/products, the products helper's list). */
export type ProductChoice = Pick<
  AdminProductRow,
  'id' | 'uuid' | 'en_name' | 'zn_name' | 'product_image' | 'published'
>;

const BANNERS_KEY = ['admin', 'banners'] as const;
const PLATES_KEY = ['admin', 'plates'] as const;

export const bannersQueryOptions = () =>
  queryOptions({
    queryKey: BANNERS_KEY,
    queryFn: ({ signal }) => adminRequest<BannersAnswer>('/api/admin/banners', { signal }),
  });

export const platesQueryOptions = () =>
  queryOptions({
    queryKey: PLATES_KEY,
    queryFn: async ({ signal }) => (await adminRequest<AdminPlates>('/api/admin/plates', { signal })).plates,
  });

export const productSearchOptions = (q: string) =>
  queryOptions({
    queryKey: ['admin', 'products', 'pick', q],
    queryFn: async ({ signal }) =>
      (
        await adminRequest<AdminProductPage>('/api/admin/products', {
          query: { q, pageSize: 8 },
          signal,
        })
      ).items,
    enabled: q.trim() !== '',
  });

type Kind = 'banners' | 'plates';
/** What a change to either answers: the whole list again. */
type HomeList = AdminBanners | AdminPlates;
const keyOf = (kind: Kind) => (kind === 'banners' ? BANNERS_KEY : PLATES_KEY);

/** A change to a banner or plate; the list is read again after it. */
export function useHomeChange<V>(kind: Kind, request: (vars: V) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => client.invalidateQueries({ queryKey: keyOf(kind) }),
  });
}

/** Saves a new (id absent) or existing banner or plate. */
export const saveHome = (kind: Kind, id: number | undefined, body: object) =>
  adminRequest<BannerCreated | PlateCreated | HomeList>(
    id ? `/api/admin/${kind}/${id}` : `/api/admin/${kind}`,
    {
      method: 'POST',
      body: { ...body },
    },
  );

export const publishHome = (kind: Kind, id: number, published: boolean) =>
  adminRequest<HomeList>(`/api/admin/${kind}/${id}/publish`, { method: 'POST', body: { published } });

export const moveHome = (kind: Kind, id: number, direction: 'up' | 'down') =>
  adminRequest<HomeList>(`/api/admin/${kind}/${id}/move`, { method: 'POST', body: { direction } });

export const deleteHome = (kind: Kind, id: number) =>
  adminRequest<HomeList>(`/api/admin/${kind}/${id}`, { method: 'DELETE' });
