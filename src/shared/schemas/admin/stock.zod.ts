import { z } from 'zod';
import { STOCK_REASONS } from '../stock.rules';
import { Count, Id, Instant, itemsPageOf } from './common.zod';

/* Answers of `/api/admin/stock` and a product's stock (docs/api.md, Admin: stock). */

/** A product as the stock grid lists it. */
export const StockRow = z.strictObject({
  id: Id,
  uuid: z.string(),
  en_name: z.string(),
  zn_name: z.string(),
  product_image: z.string(),
  real_stock: z.number().int(),
  low_stock_threshold: Count,
  sold_count: Count,
});
export type StockRow = z.infer<typeof StockRow>;

/** `GET /api/admin/stock`. */
export const StockPage = itemsPageOf(StockRow);
export type StockPage = z.infer<typeof StockPage>;

export const StockMovement = z.strictObject({
  id: Id,
  at: Instant,
  reason: z.enum(STOCK_REASONS),
  delta: z.number().int(),
  stock_after: z.number().int(),
  note: z.string(),
  staff_id: Id.nullable(),
  staff_name: z.string().nullable(),
});
export type StockMovement = z.infer<typeof StockMovement>;

/** `GET /api/admin/products/:id/stock`: the product's stock and a page of its movements, newest first. */
export const ProductStock = z.strictObject({ ...StockRow.shape, movements: itemsPageOf(StockMovement) });
export type ProductStock = z.infer<typeof ProductStock>;

/** `POST /api/admin/stock`: each change as applied, with the stock it left. */
export const StockSaved = z.strictObject({
  changes: z.array(
    z.strictObject({
      productId: Id,
      reason: z.enum(STOCK_REASONS),
      delta: z.number().int(),
      stock: z.number().int(),
    }),
  ),
});
export type StockSaved = z.infer<typeof StockSaved>;

/** `POST /api/admin/products/:id/threshold`. */
export const ThresholdSaved = z.strictObject({ low_stock_threshold: Count });
export type ThresholdSaved = z.infer<typeof ThresholdSaved>;
