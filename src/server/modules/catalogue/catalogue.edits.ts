import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Changed } from '#server/audit';
import type { Clock } from '#server/clock';
import type { Tx } from '#server/db/client';
import { categories, orderLines, productImages, products } from '#server/db/schema';
import { AppError, BadInput } from '#server/errors';
import { translate } from '#server/i18n';
import type { Language } from '#shared/constants';
import { type AdminProduct, missingForPublish, type PublishField } from '#shared/schemas/product-admin.rules';
import type { AdminProductCreateInput, AdminProductInput } from '#shared/schemas/product-admin.zod';
import { saleProblem, stepPriceOf } from '#shared/weight';
import { isTaxClass, taxClassCodes } from '../tax/tax.setup';
import type { AuditedCatalogueChange, CatalogueTouched } from './catalogue.changes';
import { fieldsOf, type ProductRecord, productForEditor, productRecord } from './catalogue.records';
import { sanitizeDescription } from './description';
import { codeTakenMeanwhile, requireFreeCodes } from './product-codes';

/*
 * Staff's product edits (docs/api.md, Admin: products): each runs in a catalogue change
 * (withCatalogueChange, touching the product) and reports its audit line (before → after), which
 * the caller writes in the same transaction.
 */

const E = 'errors:catalogueAdmin.products';

/**
 * The files of product pictures (media's ProductPictures, handed in by app.ts: media uses this
 * module, so this one cannot import it).
 */
export interface PictureFiles {
  /** Deletes the files of those of `links` nothing shows any more; called after the commit. */
  forgetUnshown(links: readonly string[]): Promise<void>;
}

export interface ProductDeleteDeps {
  clock: Clock;
  pictures: PictureFiles;
}

/**
 * A refusal naming the fields a published product needs (in the caller's language), with their
 * codes in `data.missing` for the console.
 */
function missingFields(key: string, missing: PublishField[], language: Language): AppError {
  const separator = language === 'zh' ? '、' : ', ';
  const fields = missing.map((f) => translate(language, `${E}.field.${f}`)).join(separator);
  return new AppError(400, key, { fields }, {}, { missing });
}

/**
 * What the audit log keeps of a product: every field but the description bodies, which are kept
 * as their length (a long HTML body in each line would bloat the log; the product holds the text).
 */
function stateOf(p: ProductRecord) {
  const { en_describe, zn_describe, ...fields } = fieldsOf(p);
  return {
    ...fields,
    en_describe_chars: en_describe.length,
    zn_describe_chars: zn_describe.length,
    published: p.onSale,
    archived_at: p.archivedAt?.toISOString() ?? null,
  };
}

/** The input's fields as columns; absent fields are left out (not changed). */
function columnsOf(input: AdminProductInput): Partial<typeof products.$inferInsert> {
  const columns: Partial<typeof products.$inferInsert> = {
    enName: input.en_name,
    znName: input.zn_name,
    enNumber: input.en_number,
    znNumber: input.zn_number,
    enWeight: input.en_weight,
    znWeight: input.zn_weight,
    brandEnName: input.brand_en_name,
    brandZnName: input.brand_zn_name,
    categoryId: input.category_id,
    boxGauge: input.box_gauge,
    weightG: input.weight_g,
    netWeightG: input.net_weight_g,
    netVolumeMl: input.net_volume_ml,
    netCount: input.net_count,
    barcode: input.barcode,
    scaleItemCode: input.scale_item_code,
    termDays: input.term_days,
    priceCents: input.price,
    lowStockThreshold: input.low_stock_threshold,
    taxClass: input.tax_class,
    soldBy: input.sold_by,
    weightUnit: input.weight_unit,
    unitPriceCents: input.unit_price,
    stepMilli: input.step === undefined ? undefined : input.step || null,
    pieceGrams: input.piece_grams === undefined ? undefined : input.piece_grams || null,
    enDescribe: input.en_describe === undefined ? undefined : sanitizeDescription(input.en_describe),
    znDescribe: input.zn_describe === undefined ? undefined : sanitizeDescription(input.zn_describe),
  };
  return Object.fromEntries(Object.entries(columns).filter(([, v]) => v !== undefined));
}

/** A code another save took between our check and our write: the same refusal as the check's. */
function rethrowTakenCode(error: unknown): never {
  throw codeTakenMeanwhile(error) ?? error;
}

type SaleColumns = Pick<
  typeof products.$inferInsert,
  'soldBy' | 'weightUnit' | 'unitPriceCents' | 'stepMilli' | 'pieceGrams' | 'priceCents'
>;

/**
 * A product sold by weight (docs/product.md, Sold by weight), its stored fields merged with the
 * change: its step or piece must be acceptable, and its `price` becomes one step's or piece's
 * price (src/shared/weight.ts), whatever `price` was sent. Answers the columns to write.
 */
function withWeighedPrice(before: Partial<SaleColumns>, columns: Partial<SaleColumns>): Partial<SaleColumns> {
  const merged = { ...before, ...columns };
  if (merged.soldBy !== 'weight') return columns;
  if (merged.unitPriceCents === null || merged.unitPriceCents === undefined)
    throw new BadInput('errors:weight.noUnitPrice');
  const sale = {
    unit: merged.weightUnit === 'kg' ? ('kg' as const) : ('lb' as const),
    unitPriceCents: merged.unitPriceCents,
    stepMilli: merged.stepMilli ?? null,
    pieceGrams: merged.pieceGrams ?? null,
  };
  const problem = saleProblem(sale);
  if (problem) throw new BadInput(problem);
  return { ...columns, weightUnit: sale.unit, priceCents: stepPriceOf(sale) };
}

async function requireCategory(tx: Tx, id: number): Promise<void> {
  const [row] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
  if (!row) throw new BadInput(`${E}.category`);
}

/** A tax class that does not exist is refused before anything is written. */
async function requireTaxClass(tx: Tx, code: string | undefined): Promise<void> {
  if (code !== undefined && !isTaxClass(code, await taxClassCodes(tx))) {
    throw new BadInput('errors:tax.classUnknown', { code });
  }
}

/** A new product: unpublished, with a new uuid and key, and no picture until one is uploaded. */
export async function createProduct(
  tx: Tx,
  touched: CatalogueTouched,
  input: AdminProductCreateInput,
  now: Date,
): Promise<Changed<AdminProduct>> {
  await requireCategory(tx, input.category_id);
  await requireTaxClass(tx, input.tax_class);
  await requireFreeCodes(tx, { barcode: input.barcode, scaleItemCode: input.scale_item_code });
  const uuid = randomUUID();
  const values: typeof products.$inferInsert = {
    enName: '',
    znName: '',
    priceCents: 0,
    productImage: '',
    ...withWeighedPrice({}, columnsOf(input)),
    categoryId: input.category_id,
    uuid,
    key: `product-${uuid}`,
    onSale: false,
    createdAt: now,
  };
  const [created] = await tx.insert(products).values(values).returning().catch(rethrowTakenCode);
  if (!created) throw new Error('product insert returned no row');
  touched.product(created.id);
  return {
    result: await productForEditor(tx, created.id),
    audit: { action: 'product.create', targetType: 'product', targetId: created.id, after: stateOf(created) },
  };
}

/** Changes the given fields; a published product keeps what publishing needs (refused in `language`). */
export async function updateProduct(
  tx: Tx,
  touched: CatalogueTouched,
  id: number,
  input: AdminProductInput,
  language: Language,
): Promise<Changed<AdminProduct>> {
  const before = await productRecord(tx, id, true);
  const columns = { ...columnsOf(input) };
  Object.assign(columns, withWeighedPrice(before, columns));
  await requireTaxClass(tx, columns.taxClass);
  await requireFreeCodes(tx, { barcode: columns.barcode, scaleItemCode: columns.scaleItemCode }, id);
  if (columns.categoryId !== undefined && columns.categoryId !== before.categoryId) {
    await requireCategory(tx, columns.categoryId);
    // Moving between categories changes both categories' listings.
    touched.all();
  }
  const missing = missingForPublish({ ...before, ...columns });
  if (before.onSale && missing.length > 0) {
    throw missingFields(`${E}.requiredWhilePublished`, missing, language);
  }
  const [after] = await tx
    .update(products)
    .set(columns)
    .where(eq(products.id, id))
    .returning()
    .catch(rethrowTakenCode);
  if (!after) throw new Error('product update returned no row');
  touched.product(id);
  return {
    result: await productForEditor(tx, id),
    audit: {
      action: 'product.update',
      targetType: 'product',
      targetId: id,
      before: stateOf(before),
      after: stateOf(after),
    },
  };
}

/**
 * Publishes or unpublishes; publishing is refused (in `language`) while a required field or the
 * picture is missing.
 */
export async function publishProduct(
  tx: Tx,
  touched: CatalogueTouched,
  id: number,
  published: boolean,
  language: Language,
): Promise<Changed<AdminProduct>> {
  const before = await productRecord(tx, id, true);
  if (published) {
    if (before.archivedAt !== null) throw new BadInput(`${E}.archived`);
    const missing = missingForPublish(before);
    if (missing.length > 0) throw missingFields(`${E}.cannotPublish`, missing, language);
  }
  const [after] = await tx.update(products).set({ onSale: published }).where(eq(products.id, id)).returning();
  if (!after) throw new Error('product update returned no row');
  touched.product(id);
  return {
    result: await productForEditor(tx, id),
    audit: {
      action: published ? 'product.publish' : 'product.unpublish',
      targetType: 'product',
      targetId: id,
      before: { published: before.onSale },
      after: { published: after.onSale },
    },
  };
}

/**
 * Deletes a product no order refers to (its pictures, cart lines and promotion prices go with it,
 * and its pictures' files once committed, those nothing else shows); one that orders refer to is
 * archived instead: unpublished and hidden, while orders keep their snapshot of it. It runs its own
 * `change`, since the files go only after that commits.
 */
export async function deleteProduct(
  deps: ProductDeleteDeps,
  change: AuditedCatalogueChange,
  id: number,
): Promise<{ deleted: boolean; archived: boolean }> {
  const dropped: string[] = [];
  const result = await change(async (tx, touched) => {
    const before = await productRecord(tx, id, true);
    touched.product(id);
    const [ordered] = await tx
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(eq(orderLines.productId, id))
      .limit(1);
    const target = { targetType: 'product', targetId: id };
    if (!ordered) {
      const pictures = await tx
        .select({ link: productImages.link })
        .from(productImages)
        .where(eq(productImages.productId, id));
      dropped.push(before.productImage, ...pictures.map((p) => p.link));
      await tx.delete(products).where(eq(products.id, id));
      return {
        result: { deleted: true, archived: false },
        audit: { ...target, action: 'product.delete', before: stateOf(before) },
      };
    }
    const [after] = await tx
      .update(products)
      .set({ onSale: false, archivedAt: before.archivedAt ?? deps.clock.now() })
      .where(eq(products.id, id))
      .returning();
    if (!after) throw new Error('product update returned no row');
    return {
      result: { deleted: false, archived: true },
      audit: { ...target, action: 'product.archive', before: stateOf(before), after: stateOf(after) },
    };
  });
  // After the commit: a rolled-back delete keeps its files.
  if (dropped.length > 0) await deps.pictures.forgetUnshown(dropped);
  return result;
}
