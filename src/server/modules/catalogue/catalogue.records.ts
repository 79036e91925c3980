import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client';
import { categories, productImages, products } from '#server/db/schema';
import { NotFound } from '#server/errors';
import { SCALE_ITEM_CODE_PATTERN, sameGtinCodes } from '#shared/barcode';
import { centsToAmount } from '#shared/money';
import { UUID_PATTERN } from '#shared/schemas/common.rules';
import {
  type AdminProduct,
  type AdminProductFields,
  type AdminProductPage,
  type AdminProductRow,
  LANGUAGE_FIELDS,
  missingForPublish,
} from '#shared/schemas/product-admin.rules';
import type { AdminProductListInput } from '#shared/schemas/product-admin.zod';
import type { ProductRecordSearch } from './catalogue.records-search';

/*
 * Products as stored, unpublished and archived ones too, as staff read them (docs/api.md, Admin:
 * products): the list, filtered and paged by the database (search ranks by the shop's engine), and
 * one product for the editor.
 */

export type ProductRecord = typeof products.$inferSelect;

const COLUMN_OF = {
  en_name: products.enName,
  zn_name: products.znName,
  en_number: products.enNumber,
  zn_number: products.znNumber,
} as const;

/** A product missing a translation: any translated field of that language empty. */
function missingLanguage(language: 'en' | 'zh'): SQL | undefined {
  return or(...LANGUAGE_FIELDS[language].map((field) => sql`btrim(${COLUMN_OF[field]}) = ''`));
}

/** A category and its children (a parent's filter includes its children's products). */
const inCategory = (id: number) =>
  inArray(
    products.categoryId,
    sql`(select ${categories.id} from ${categories} where ${categories.id} = ${id} or ${categories.parentId} = ${id})`,
  );

function filtersOf(input: AdminProductListInput): SQL | undefined {
  return and(
    input.archived === 'yes' ? isNotNull(products.archivedAt) : isNull(products.archivedAt),
    input.category === undefined ? undefined : inCategory(input.category),
    input.published === undefined ? undefined : eq(products.onSale, input.published === 'yes'),
    input.stock === 'out' ? eq(products.realStock, 0) : undefined,
    input.stock === 'low' ? lte(products.realStock, products.lowStockThreshold) : undefined,
    input.missing === undefined ? undefined : missingLanguage(input.missing),
  );
}

/** Products whose id, uuid, key or barcode (its GTIN, however spelt) or scale item code is exactly `q`. */
async function exactMatches(db: Db, q: string): Promise<number[]> {
  const exact: SQL[] = [eq(products.key, q)];
  // A scanner in the search box types a barcode: the product it is on comes first.
  if (/^(\d{8}|\d{12,13})$/.test(q)) exact.push(inArray(products.barcode, [q, ...sameGtinCodes(q)]));
  if (SCALE_ITEM_CODE_PATTERN.test(q)) exact.push(eq(products.scaleItemCode, q));
  if (/^\d{1,10}$/.test(q) && Number(q) <= 2_147_483_647) exact.push(eq(products.id, Number(q)));
  if (UUID_PATTERN.test(q)) exact.push(eq(products.uuid, q.toLowerCase()));
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(or(...exact));
  return rows.map((r) => r.id);
}

export function rowOf(p: ProductRecord): AdminProductRow {
  return {
    id: p.id,
    uuid: p.uuid,
    en_name: p.enName,
    zn_name: p.znName,
    price: centsToAmount(p.priceCents),
    product_image: p.productImage,
    real_stock: p.realStock,
    low_stock_threshold: p.lowStockThreshold,
    category_id: p.categoryId,
    published: p.onSale,
    archived: p.archivedAt !== null,
    missing: missingForPublish(p),
  };
}

/**
 * Every product, filtered. Without `q`: newest first, paged by the database. With `q`: the
 * exact id/uuid/key match first, then the engine's ranking (English, Chinese, pinyin), filtered by
 * the database and paged here.
 */
export async function listProductRecords(
  db: Db,
  search: ProductRecordSearch,
  input: AdminProductListInput,
): Promise<AdminProductPage> {
  const where = filtersOf(input);
  const offset = (input.page - 1) * input.pageSize;
  const page = { page: input.page, pageSize: input.pageSize };
  if (input.q === '') {
    const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(products).where(where);
    const rows = await db
      .select()
      .from(products)
      .where(where)
      .orderBy(desc(products.id))
      .limit(input.pageSize)
      .offset(offset);
    return { items: rows.map(rowOf), total: counted?.n ?? 0, ...page };
  }
  const ranked = [...new Set([...(await exactMatches(db, input.q)), ...(await search.search(input.q))])];
  if (ranked.length === 0) return { items: [], total: 0, ...page };
  const kept = new Set(
    (
      await db
        .select({ id: products.id })
        .from(products)
        .where(and(where, inArray(products.id, ranked)))
    ).map((r) => r.id),
  );
  const ids = ranked.filter((id) => kept.has(id));
  const pageIds = ids.slice(offset, offset + input.pageSize);
  const rows = pageIds.length ? await db.select().from(products).where(inArray(products.id, pageIds)) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const items = pageIds.flatMap((id) => {
    const row = byId.get(id);
    return row ? [rowOf(row)] : [];
  });
  return { items, total: ids.length, ...page };
}

/** The fields the editor writes, by their API names (the price as an amount). */
export function fieldsOf(p: ProductRecord): AdminProductFields {
  return {
    en_name: p.enName,
    zn_name: p.znName,
    en_number: p.enNumber,
    zn_number: p.znNumber,
    en_weight: p.enWeight,
    zn_weight: p.znWeight,
    brand_en_name: p.brandEnName,
    brand_zn_name: p.brandZnName,
    category_id: p.categoryId,
    box_gauge: p.boxGauge,
    weight_g: p.weightG,
    net_weight_g: p.netWeightG,
    net_volume_ml: p.netVolumeMl,
    net_count: p.netCount,
    barcode: p.barcode,
    scale_item_code: p.scaleItemCode,
    term_days: p.termDays,
    price: centsToAmount(p.priceCents),
    low_stock_threshold: p.lowStockThreshold,
    en_describe: p.enDescribe,
    zn_describe: p.znDescribe,
    tax_class: p.taxClass,
    sold_by: p.soldBy === 'weight' ? 'weight' : 'unit',
    weight_unit: p.weightUnit === 'kg' ? 'kg' : 'lb',
    unit_price: centsToAmount(p.unitPriceCents ?? 0),
    step: (p.stepMilli ?? 0) / 1000,
    piece_grams: p.pieceGrams ?? 0,
  };
}

/** The product's row, or 404 (inside a transaction: locked until it ends). */
export async function productRecord(db: Db | Tx, id: number, lock = false): Promise<ProductRecord> {
  const query = db.select().from(products).where(eq(products.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new NotFound('errors:catalogueAdmin.products.notFound');
  return row;
}

/** One product for the editor: every field, its pictures (first is `product_image`) and state. */
export async function productForEditor(db: Db | Tx, id: number): Promise<AdminProduct> {
  const p = await productRecord(db, id);
  const images = await db
    .select({ id: productImages.id, link: productImages.link })
    .from(productImages)
    .where(eq(productImages.productId, id))
    .orderBy(asc(productImages.sort), asc(productImages.id));
  return {
    ...rowOf(p),
    ...fieldsOf(p),
    key: p.key,
    sold_count: p.soldCount,
    images,
    archived_at: p.archivedAt?.toISOString() ?? null,
    created_at: p.createdAt.toISOString(),
  };
}
