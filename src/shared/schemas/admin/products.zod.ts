import { z } from 'zod';
import { PUBLISH_FIELDS } from '../product-admin.rules';
import { Amount, Count, Id, Instant, itemsPageOf } from './common.zod';

/*
 * Answers of `/api/admin/products` (docs/api.md, Admin: products). Prices are decimal dollars,
 * weights integer grams. `GET /api/admin/products.csv` answers the file itself (text/csv), not JSON.
 */

/** One product in the console's list. */
export const AdminProductRow = z.strictObject({
  id: Id,
  uuid: z.string(),
  en_name: z.string(),
  zn_name: z.string(),
  price: Amount,
  product_image: z.string(),
  real_stock: z.number().int(),
  low_stock_threshold: Count,
  category_id: Id,
  published: z.boolean(),
  archived: z.boolean(),
  /** What publishing still needs, empty when it may be published. */
  missing: z.array(z.enum(PUBLISH_FIELDS)),
});
export type AdminProductRow = z.infer<typeof AdminProductRow>;

/** `GET /api/admin/products`: a page of products (the pickers read its items too). */
export const AdminProductPage = itemsPageOf(AdminProductRow);
export type AdminProductPage = z.infer<typeof AdminProductPage>;

/** The fields the editor writes, by their API names. */
export const AdminProductFields = z.strictObject({
  en_name: z.string(),
  zn_name: z.string(),
  en_number: z.string(),
  zn_number: z.string(),
  en_weight: z.string(),
  zn_weight: z.string(),
  brand_en_name: z.string(),
  brand_zn_name: z.string(),
  category_id: Id,
  box_gauge: z.string(),
  weight_g: Count,
  net_weight_g: Count,
  /** Net volume and piece count (docs/product.md, Price per unit); 0 when not set. */
  net_volume_ml: Count,
  net_count: Count,
  /** EAN-13, UPC-A or EAN-8; null when none. */
  barcode: z.string().nullable(),
  /** The 5-digit item code of in-store scale labels; null when none. */
  scale_item_code: z.string().nullable(),
  term_days: Count,
  price: Amount,
  low_stock_threshold: Count,
  en_describe: z.string(),
  zn_describe: z.string(),
  tax_class: z.string(),
  /** How it is sold (docs/product.md, Sold by weight); `step` in units, 0 when sold by the piece. */
  sold_by: z.enum(['unit', 'weight']),
  weight_unit: z.enum(['lb', 'kg']),
  unit_price: Amount,
  step: z.number(),
  piece_grams: Count,
});
export type AdminProductFields = z.infer<typeof AdminProductFields>;

/** `GET /api/admin/products/:id`, and what creating, saving or publishing one answers. */
export const AdminProduct = z.strictObject({
  ...AdminProductRow.shape,
  ...AdminProductFields.shape,
  key: z.string(),
  sold_count: Count,
  images: z.array(z.strictObject({ id: Id, link: z.string() })),
  archived_at: Instant.nullable(),
  created_at: Instant,
});
export type AdminProduct = z.infer<typeof AdminProduct>;

/** `DELETE /api/admin/products/:id`: deleted when nothing refers to it, archived otherwise. */
export const ProductDeleted = z.strictObject({ deleted: z.boolean(), archived: z.boolean() });
export type ProductDeleted = z.infer<typeof ProductDeleted>;
