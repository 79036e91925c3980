import { z } from 'zod';
import { BANNER_TYPES } from '../home.rules';
import { Count, Id, WallTime } from './common.zod';

/*
 * Answers of the home page's `/api/admin/banners` and `/api/admin/plates` (docs/api.md, Admin:
 * home). Every change answers the whole list again; creating one also says its id.
 */

export const BANNER_STATES = ['draft', 'scheduled', 'showing', 'ended'] as const;

/** A banner: its fields, the names of what it leads to, and where it stands for shoppers now. */
export const AdminBanner = z.strictObject({
  id: Id,
  type: z.union(BANNER_TYPES.map((type) => z.literal(type))),
  url: z.string(),
  image: z.string(),
  en_name: z.string(),
  zn_name: z.string(),
  en_headline: z.string(),
  zn_headline: z.string(),
  en_cta: z.string(),
  zn_cta: z.string(),
  /** On the shop's wall clock (the answer's `time_zone`); null: open. */
  starts_at: WallTime.nullable(),
  ends_at: WallTime.nullable(),
  published: z.boolean(),
  state: z.enum(BANNER_STATES),
});
export type AdminBanner = z.infer<typeof AdminBanner>;

/** A promotion for the banner's picker (times on the shop's wall clock). */
export const PromotionChoice = z.strictObject({
  id: Id,
  en_name: z.string(),
  zn_name: z.string(),
  starts_at: WallTime,
  ends_at: WallTime,
});
export type PromotionChoice = z.infer<typeof PromotionChoice>;

/** `GET /api/admin/banners`: every banner, the promotions to pick from, the shop's time zone. */
export const AdminBanners = z.strictObject({
  banners: z.array(AdminBanner),
  promotions: z.array(PromotionChoice),
  time_zone: z.string(),
});
export type AdminBanners = z.infer<typeof AdminBanners>;

/** `POST /api/admin/banners`: the new banner's id and the list. */
export const BannerCreated = AdminBanners.extend({ id: Id });
export type BannerCreated = z.infer<typeof BannerCreated>;

export const AdminPlate = z.strictObject({
  id: Id,
  style: Count,
  en_name: z.string(),
  zn_name: z.string(),
  category_id: Id.nullable(),
  published: z.boolean(),
  items: z.array(z.strictObject({ img: z.string(), url: z.string() })),
});
export type AdminPlate = z.infer<typeof AdminPlate>;

/** `GET /api/admin/plates`, and what a change answers. */
export const AdminPlates = z.strictObject({ plates: z.array(AdminPlate) });
export type AdminPlates = z.infer<typeof AdminPlates>;

/** `POST /api/admin/plates`: the new plate's id and the list. */
export const PlateCreated = AdminPlates.extend({ id: Id });
export type PlateCreated = z.infer<typeof PlateCreated>;
