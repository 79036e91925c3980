/**
 * The console's products (docs/api.md, Admin: products): the shapes its routes answer and the rules
 * both the console and the server apply, as plain code the browser can load (no zod).
 */

/** One product in the console's list. `price` is an amount (dollars, 2 decimals), as the storefront's. */
export interface AdminProductRow {
  id: number;
  uuid: string;
  en_name: string;
  zn_name: string;
  price: number;
  product_image: string;
  real_stock: number;
  low_stock_threshold: number;
  category_id: number;
  published: boolean;
  archived: boolean;
  /** What publishing still needs (PublishField), empty when it may be published. */
  missing: PublishField[];
}

export interface AdminProductPage {
  items: AdminProductRow[];
  total: number;
  page: number;
  pageSize: number;
}

/** The fields the editor writes, by their API names. */
export interface AdminProductFields {
  en_name: string;
  zn_name: string;
  en_number: string;
  zn_number: string;
  en_weight: string;
  zn_weight: string;
  brand_en_name: string;
  brand_zn_name: string;
  category_id: number;
  box_gauge: string;
  weight_g: number;
  net_weight_g: number;
  net_volume_ml: number;
  net_count: number;
  barcode: string | null;
  scale_item_code: string | null;
  term_days: number;
  price: number;
  low_stock_threshold: number;
  en_describe: string;
  zn_describe: string;
  /** Its tax class's code (docs/product.md, Tax). */
  tax_class: string;
  /**
   * How it is sold (docs/product.md, Sold by weight): by the unit at `price`, or by weight at
   * `unit_price` per `weight_unit`, in steps of `step` units or by the piece of about `piece_grams`
   * (the one not used is 0); `price` is then one step's or piece's price, computed by the server.
   */
  sold_by: 'unit' | 'weight';
  weight_unit: 'lb' | 'kg';
  unit_price: number;
  step: number;
  piece_grams: number;
}

/** One product in the editor: its fields, its pictures and state. */
export interface AdminProduct extends AdminProductRow, AdminProductFields {
  key: string;
  sold_count: number;
  images: { id: number; link: string }[];
  archived_at: string | null;
  created_at: string;
}

/** Fields a published product must have, in both languages where they have two. */
export const PUBLISH_FIELDS = ['en_name', 'zn_name', 'en_number', 'zn_number', 'price', 'picture'] as const;
export type PublishField = (typeof PUBLISH_FIELDS)[number];

/** The translated fields of each language: a product "misses" a language when one is empty. */
export const LANGUAGE_FIELDS = {
  en: ['en_name', 'en_number'],
  zh: ['zn_name', 'zn_number'],
} as const satisfies Record<string, readonly PublishField[]>;

/** What a product still needs before it may be published (price in cents). */
export function missingForPublish(p: {
  enName: string;
  znName: string;
  enNumber: string;
  znNumber: string;
  priceCents: number;
  productImage: string;
}): PublishField[] {
  const missing: PublishField[] = [];
  if (!p.enName.trim()) missing.push('en_name');
  if (!p.znName.trim()) missing.push('zn_name');
  if (!p.enNumber.trim()) missing.push('en_number');
  if (!p.znNumber.trim()) missing.push('zn_number');
  if (!(p.priceCents > 0)) missing.push('price');
  if (!p.productImage.trim()) missing.push('picture');
  return missing;
}

/** Longest texts the editor accepts (characters). */
export const PRODUCT_TEXT_MAX = { name: 200, label: 60, brand: 100, describe: 20_000 } as const;
/** Largest whole numbers (grams, days, threshold). */
export const PRODUCT_NUMBER_MAX = 1_000_000;
/** Highest price, in cents ($99,999.99). */
export const PRODUCT_PRICE_MAX_CENTS = 9_999_999;

export const ADMIN_PRODUCT_PAGE_SIZE = 50;
export const ADMIN_PRODUCT_PAGE_SIZE_MAX = 200;
