import { and, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client';
import { products } from '#server/db/schema';
import { Conflict } from '#server/errors';
import { sameGtinCodes } from '#shared/barcode';

/*
 * A barcode or scale item code belongs to one product (docs/product.md, Barcodes). The unique
 * keys settle a race; this check, before writing, names which code is taken.
 */

export interface ProductCodes {
  barcode?: string | null;
  scaleItemCode?: string | null;
}

/** Which of `codes` another product (not `selfId`) already has: a barcode by its GTIN, however spelled. */
export async function takenCodes(
  db: Db | Tx,
  codes: ProductCodes,
  selfId?: number,
): Promise<{ barcode: boolean; scaleItemCode: boolean }> {
  const wanted: SQL[] = [];
  const spellings = codes.barcode ? [codes.barcode, ...sameGtinCodes(codes.barcode)] : [];
  if (spellings.length > 0) wanted.push(inArray(products.barcode, spellings));
  if (codes.scaleItemCode) wanted.push(inArray(products.scaleItemCode, [codes.scaleItemCode]));
  if (wanted.length === 0) return { barcode: false, scaleItemCode: false };
  const rows = await db
    .select({ barcode: products.barcode, scaleItemCode: products.scaleItemCode })
    .from(products)
    .where(and(or(...wanted), selfId === undefined ? undefined : ne(products.id, selfId)));
  return {
    barcode: rows.some((r) => r.barcode !== null && spellings.includes(r.barcode)),
    scaleItemCode: rows.some((r) => codes.scaleItemCode && r.scaleItemCode === codes.scaleItemCode),
  };
}

/** Refuses (409, in the caller's language) a code another product has. */
export async function requireFreeCodes(db: Db | Tx, codes: ProductCodes, selfId?: number): Promise<void> {
  const taken = await takenCodes(db, codes, selfId);
  if (taken.barcode) throw new Conflict('errors:barcode.taken');
  if (taken.scaleItemCode) throw new Conflict('errors:barcode.scaleItemCodeTaken');
}

/** PostgreSQL's unique_violation on a product code, as Drizzle passes it on (the error or its cause). */
export function codeTakenMeanwhile(error: unknown): Conflict | undefined {
  const fields = (e: unknown) => e as { code?: unknown; constraint?: unknown; message?: unknown } | undefined;
  for (const e of [fields(error), fields((error as { cause?: unknown } | undefined)?.cause)]) {
    if (e?.code !== '23505') continue;
    const named = `${String(e.constraint ?? '')} ${String(e.message ?? '')}`;
    if (named.includes('products_barcode_unique')) return new Conflict('errors:barcode.taken');
    if (named.includes('products_scale_item_code_unique'))
      return new Conflict('errors:barcode.scaleItemCodeTaken');
  }
  return undefined;
}
