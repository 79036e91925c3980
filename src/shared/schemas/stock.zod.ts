import { z } from 'zod';
import { IdParam, inOrder, isFields, PageParams, Text, withFlatList } from './common.zod';
import {
  isStockReason,
  noteProblem,
  quantityProblem,
  STOCK_BATCH_MAX,
  STOCK_PAGE_SIZE,
  STOCK_PAGE_SIZE_MAX,
  type StockReason,
  thresholdProblem,
  wholeNumber,
} from './stock.rules';

/* Requests of the console's stock routes (docs/api.md, Admin: stock). */

const INT4_MAX = 2_147_483_647;

export const ProductIdParams = z.object({ id: IdParam });

/** `pageSize` as the catalogue's console routes name it, capped. */
const PageSize = (fallback: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/)
    .transform((s) => Math.min(Number(s), STOCK_PAGE_SIZE_MAX))
    .refine((n) => n >= 1)
    .optional()
    .default(fallback);

/** `GET /api/admin/stock`. `low` includes what is out (as Today counts it). */
export const StockGridInput = z.object({
  q: Text(100),
  category: IdParam.optional(),
  filter: z.enum(['low', 'out']).optional(),
  page: PageParams.shape.page,
  pageSize: PageSize(STOCK_PAGE_SIZE),
});
export type StockGridInput = z.output<typeof StockGridInput>;

/** `GET /api/admin/products/:id/stock`: the movements' page. */
export const MovementsInput = z.object({
  page: PageParams.shape.page,
  pageSize: PageSize(20),
});
export type MovementsInput = z.output<typeof MovementsInput>;

export interface StockChangeInput {
  productId: number;
  reason: StockReason;
  quantity: number;
  note: string;
}

/** One row of a batch, checked field after field as the console's grid shows its problems. */
const StockChange = z.unknown().transform(
  inOrder((v, stop): StockChangeInput => {
    if (!isFields(v)) return stop('field');
    const productId = wholeNumber(v.productId);
    if (productId === undefined || productId < 1 || productId > INT4_MAX) {
      return stop('errors:catalogueAdmin.stock.unknownProduct');
    }
    if (!isStockReason(v.reason)) return stop('errors:catalogueAdmin.stock.reason');
    const quantity = quantityProblem(v.reason, v.quantity);
    if (quantity) return stop(quantity);
    const note = noteProblem(v.note);
    if (note) return stop(note);
    return {
      productId,
      reason: v.reason,
      quantity: wholeNumber(v.quantity) ?? 0,
      note: typeof v.note === 'string' ? v.note.trim() : '',
    };
  }),
);

/**
 * `POST /api/admin/stock` `{changes: [{productId, reason, quantity, note?}]}`: a JSON body, or the
 * form fields `changes[i][productId]`, ….
 */
export const StockBatchInput = z.preprocess(
  withFlatList('changes', ['productId', 'reason', 'quantity', 'note']),
  z.object({
    changes: z.unknown().transform(
      inOrder((v, stop): StockChangeInput[] => {
        if (!Array.isArray(v)) return stop('field');
        if (v.length === 0) return stop('errors:catalogueAdmin.stock.noChanges');
        if (v.length > STOCK_BATCH_MAX) return stop('errors:catalogueAdmin.stock.tooMany');
        return v.map((row, i) => {
          const parsed = StockChange.safeParse(row);
          if (parsed.success) return parsed.data;
          const message = parsed.error.issues[0]?.message ?? 'field';
          return stop(message.startsWith('errors:') ? (message as `errors:${string}`) : 'field', [i]);
        });
      }),
    ),
  }),
);
export type StockBatchInput = z.output<typeof StockBatchInput>;

/** `POST /api/admin/products/:id/threshold` `{threshold}`. */
export const ThresholdInput = z.object({
  threshold: z.unknown().transform(
    inOrder((v, stop): number => {
      const problem = thresholdProblem(v);
      return problem ? stop(problem) : (wholeNumber(v) ?? 0);
    }),
  ),
});
