import type { Language } from '../constants';
import { INFO_PAGES } from './site.rules';

/*
 * Rules of the console's categories, banners and plates (docs/api.md, Admin: categories, home),
 * shared by the console's forms and the server's checks. The browser does not load zod, so they
 * live here and catalogue-admin.zod.ts builds on them.
 */

/** A category, banner or plate name, headline or call to action: at most this many characters. */
export const HOME_NAME_MAX = 60;
/** The longest headline. */
export const HEADLINE_MAX = 80;
/** The longest shop path a banner or tile may lead to. */
export const SHOP_PATH_MAX = 200;
/** Tiles of one image-grid plate. */
export const PLATE_ITEMS_MAX = 12;
/** Categories: a top level and one level of children under it, no deeper. */
export const CATEGORY_LEVELS = 2;

/** 1 a product (url: its uuid), 2 a path in the shop, 3 a promotion (url: its id). */
export const BANNER_TYPES = [1, 2, 3] as const;
export type BannerType = (typeof BANNER_TYPES)[number];

/** 2: an image grid of tiles; any other: the best sellers of a category. */
export const PLATE_GRID_STYLE = 2;
export const PLATE_STYLES = [1, 2] as const;

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const ID = '[1-9]\\d{0,8}';
/** The storefront's own pages a banner or tile may lead to (src/web/app/router.tsx). */
const SHOP_PATHS = [
  '/',
  '/home',
  '/categories',
  '/promotions',
  '/cart',
  `/category/${ID}`,
  `/category/${ID}/${ID}`,
  `/promotion/${ID}`,
  `/product/${UUID}`,
  ...INFO_PAGES.map((p) => p.path),
];
const SHOP_PATH = new RegExp(`^(?:${SHOP_PATHS.join('|')})$`);
/** The search page, with a query of plain search parameters. */
const SEARCH_PATH = /^\/search(?:\?[\w%+.=&-]*)?$/;

/** Whether `path` is one of the storefront's pages (a banner of type 2, a tile), not another site. */
export function isShopPath(path: string): boolean {
  return path.length <= SHOP_PATH_MAX && (SHOP_PATH.test(path) || SEARCH_PATH.test(path));
}

/** What a banner shows over its picture, in `language`. */
export interface BannerTexts {
  /** The headline the shop wrote, else the name of what it leads to; '' when neither. */
  headline: string;
  /** The call to action the shop wrote; '' when none (the storefront then shows its own). */
  cta: string;
}

const inLanguage = (language: Language, en: string, zn: string) => (language === 'zh' ? zn || en : en);

/** The storefront's and the console preview's one reading of a banner's texts. */
export function bannerTexts(
  banner: {
    en_name: string;
    zn_name: string;
    en_headline: string;
    zn_headline: string;
    en_cta: string;
    zn_cta: string;
  },
  language: Language,
): BannerTexts {
  return {
    headline:
      inLanguage(language, banner.en_headline, banner.zn_headline) ||
      inLanguage(language, banner.en_name, banner.zn_name),
    cta: inLanguage(language, banner.en_cta, banner.zn_cta),
  };
}

/* The console's answers (GET /api/admin/categories, /banners, /plates), shared by server and console. */

/** A category of the console's tree. */
export interface AdminCategory {
  id: number;
  parent_id: number | null;
  en_name: string;
  zn_name: string;
  icon: string;
  /** Products in the category itself, published or not (a top level's children's not counted). */
  product_count: number;
  children: AdminCategory[];
}

/** Where a banner stands for shoppers now. */
export type BannerState = 'draft' | 'scheduled' | 'showing' | 'ended';

/** A banner as the console lists it: its fields, the names of what it leads to, and its state. */
export interface AdminBanner {
  id: number;
  type: BannerType;
  url: string;
  image: string;
  en_name: string;
  zn_name: string;
  en_headline: string;
  zn_headline: string;
  en_cta: string;
  zn_cta: string;
  /** On the shop's wall clock (`YYYY-MM-DDTHH:mm` in the answer's `time_zone`), as promotions'; null: open. */
  starts_at: string | null;
  ends_at: string | null;
  published: boolean;
  state: BannerState;
}

/** Each promotion, for the banner's picker (times on the shop's wall clock). */
export interface PromotionChoice {
  id: number;
  en_name: string;
  zn_name: string;
  starts_at: string;
  ends_at: string;
}

/** `GET /api/admin/banners`: every banner, the promotions to pick from, the shop's time zone. */
export interface AdminBanners {
  banners: AdminBanner[];
  promotions: PromotionChoice[];
  /** SHOP_TIME_ZONE: banners' and promotions' times are its wall clock. */
  time_zone: string;
}

export interface AdminPlate {
  id: number;
  style: number;
  en_name: string;
  zn_name: string;
  category_id: number | null;
  published: boolean;
  items: { img: string; url: string }[];
}
