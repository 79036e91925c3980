import { z } from 'zod';
import { IdParam, inOrder, isFields, type Stop } from './common.zod';
import {
  BANNER_TYPES,
  type BannerType,
  HEADLINE_MAX,
  HOME_NAME_MAX,
  isShopPath,
  PLATE_GRID_STYLE,
  PLATE_ITEMS_MAX,
  PLATE_STYLES,
  SHOP_PATH_MAX,
} from './home.rules';
import { endsAfterStart, isShopTime } from './promo.rules';

/* Requests of the console's category, banner and plate routes (docs/api.md, Admin: categories, home). */

const E = 'errors:catalogueAdmin';

export const AdminIdParams = z.object({ id: IdParam });

/** A picture the console uploaded (`/media/…` or `/uploads/…`): a path of ours, not another site. */
const IMAGE_PATH = /^\/[\w./-]{1,300}$/;

/** One text of a language pair, trimmed; `required` refuses it empty with `key`. */
function named(stop: Stop, value: unknown, max: number, key: string, required: boolean): string {
  if (value !== undefined && value !== null && typeof value !== 'string') return stop('field', [key]);
  const text = (value ?? '').trim();
  if (required && text === '') return stop(`${E}.home.required`, [key]);
  if (text.length > max || text.includes('\u0000')) return stop(`${E}.home.tooLong`, [key]);
  return text;
}

function image(stop: Stop, value: unknown, key: string): string {
  if (typeof value !== 'string' || value.trim() === '') return stop(`${E}.home.imageMissing`, [key]);
  if (!IMAGE_PATH.test(value) || value.includes('..')) return stop('field', [key]);
  return value;
}

/** An id sent as a number or its digits; '' or absent is none. */
function optionalId(stop: Stop, value: unknown, key: string): number | null {
  if (value === undefined || value === null || value === '') return null;
  const text = typeof value === 'number' ? String(value) : value;
  const parsed = IdParam.safeParse(text);
  return parsed.success ? parsed.data : stop('field', [key]);
}

/** A small number sent as a number or its digits; NaN for anything else (an object, an array). */
const smallNumber = (value: unknown) =>
  typeof value === 'number' || (typeof value === 'string' && /^\d{1,3}$/.test(value.trim()))
    ? Number(value)
    : Number.NaN;

/** Fields as a form or JSON sends them (numbers and booleans in JSON read as their text). */
const fieldsOf = (v: unknown, stop: Stop) => (isFields(v) ? v : stop('field'));

/** `POST /api/admin/categories` and `…/:id`: names, icon, and the parent (none: top level). */
export const CategoryInput = z.unknown().transform(
  inOrder((v, stop) => {
    const f = fieldsOf(v, stop);
    return {
      enName: named(stop, f.en_name, HOME_NAME_MAX, 'en_name', true),
      znName: named(stop, f.zn_name, HOME_NAME_MAX, 'zn_name', true),
      icon: image(stop, f.icon, 'icon'),
      parentId: optionalId(stop, f.parent_id, 'parent_id'),
    };
  }),
);
export type CategoryInput = z.output<typeof CategoryInput>;

/** `POST …/:id/move`: one place up or down within its level. */
export const MoveInput = z.object({ direction: z.enum(['up', 'down']) });

/** `POST …/:id/publish`. */
export const PublishInput = z.object({
  published: z.union([
    z.boolean(),
    z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'),
  ]),
});

/**
 * A time on the shop's wall clock (`YYYY-MM-DDTHH:mm` in SHOP_TIME_ZONE), as promotions take theirs;
 * '' or absent is none (open). The server turns it into an instant.
 */
function wallTime(stop: Stop, value: unknown, key: string): string | null {
  if (value === undefined || value === null || value === '') return null;
  return typeof value === 'string' && isShopTime(value) ? value : stop('field', [key]);
}

/** Both languages or neither: a headline shown in one language only would read oddly in the other. */
function pair(stop: Stop, f: Record<string, unknown>, field: string, max: number) {
  const en = named(stop, f[`en_${field}`], max, `en_${field}`, false);
  const zn = named(stop, f[`zn_${field}`], max, `zn_${field}`, false);
  if ((en === '') !== (zn === ''))
    return stop(`${E}.home.bothLanguages`, [en === '' ? `en_${field}` : `zn_${field}`]);
  return { en, zn };
}

/** What a banner leads to, checked for its shape here; the server checks that it exists. */
function bannerTarget(stop: Stop, type: BannerType, value: unknown): string {
  const url = typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  if (url === '') return stop(`${E}.home.targetMissing`, ['url']);
  if (type === 1 && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(url))
    return stop(`${E}.home.targetMissing`, ['url']);
  if (type === 2 && !isShopPath(url)) return stop(`${E}.home.notShopPath`, ['url']);
  if (type === 3 && !/^[1-9]\d{0,8}$/.test(url)) return stop(`${E}.home.targetMissing`, ['url']);
  return type === 1 ? url.toLowerCase() : url;
}

/** `POST /api/admin/banners` and `…/:id`. */
export const BannerInput = z.unknown().transform(
  inOrder((v, stop) => {
    const f = fieldsOf(v, stop);
    const type = smallNumber(f.type);
    if (!BANNER_TYPES.includes(type as BannerType)) return stop('field', ['type']);
    const url = bannerTarget(stop, type as BannerType, f.url);
    const img = image(stop, f.image, 'image');
    const headline = pair(stop, f, 'headline', HEADLINE_MAX);
    const cta = pair(stop, f, 'cta', HOME_NAME_MAX);
    const startsAt = wallTime(stop, f.starts_at, 'starts_at');
    const endsAt = wallTime(stop, f.ends_at, 'ends_at');
    if (startsAt && endsAt && !endsAfterStart(startsAt, endsAt))
      return stop(`${E}.home.endBeforeStart`, ['ends_at']);
    return {
      type: type as BannerType,
      url,
      image: img,
      enHeadline: headline.en,
      znHeadline: headline.zn,
      enCta: cta.en,
      znCta: cta.zn,
      startsAt,
      endsAt,
    };
  }),
);
export type BannerInput = z.output<typeof BannerInput>;

/** `POST /api/admin/plates` and `…/:id`: a grid's tiles, or another style's category. */
export const PlateInput = z.unknown().transform(
  inOrder((v, stop) => {
    const f = fieldsOf(v, stop);
    const style = smallNumber(f.style);
    if (!PLATE_STYLES.includes(style as (typeof PLATE_STYLES)[number])) return stop('field', ['style']);
    const enName = named(stop, f.en_name, HOME_NAME_MAX, 'en_name', true);
    const znName = named(stop, f.zn_name, HOME_NAME_MAX, 'zn_name', true);
    if (style !== PLATE_GRID_STYLE) {
      const categoryId = optionalId(stop, f.category_id, 'category_id');
      if (categoryId === null) return stop(`${E}.home.categoryMissing`, ['category_id']);
      return { style, enName, znName, categoryId, items: [] as { img: string; url: string }[] };
    }
    const raw = f.items ?? [];
    if (!Array.isArray(raw) || raw.length > PLATE_ITEMS_MAX) return stop(`${E}.home.tooManyTiles`, ['items']);
    const items = raw.map((item, i) => {
      if (!isFields(item)) return stop('field', ['items', i]);
      const url = typeof item.url === 'string' ? item.url.trim() : '';
      if (url.length > SHOP_PATH_MAX || !isShopPath(url))
        return stop(`${E}.home.notShopPath`, ['items', i, 'url']);
      return { img: image(stop, item.img, `items.${i}.img`), url };
    });
    return { style, enName, znName, categoryId: null, items };
  }),
);
export type PlateInput = z.output<typeof PlateInput>;
