import { randomUUID } from 'node:crypto';
import { inArray, or } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client';
import { categories, products } from '#server/db/schema';
import type { MessageParams } from '#server/i18n';
import { nextTurn } from '#server/next-turn';
import { gtin14Of, sameGtinCodes } from '#shared/barcode';
import { missingForPublish } from '#shared/schemas/product-admin.rules';
import { type ImportChange, type ImportReport, REQUIRED_FOR_NEW } from '#shared/schemas/product-import.rules';
import { saleProblem, stepPriceOf } from '#shared/weight';
import { sanitizeDescription } from '../catalogue/description';
import { isTaxClass } from '../tax/tax.setup';
import { type NewProduct, type PlannedUpdate, WRITE_BATCH } from './import-writes';
import { COLUMN_OF_FIELD, type CsvProblem, type ProductPatch, type ReadRow } from './product-csv';

/*
 * An import's plan (docs/api.md, Admin: import and export): the rows of a file, read by
 * product-csv.ts, matched to the products and categories they name, as what to create and update,
 * with every problem. Made from the database as it is; product-import.ts writes it.
 */

type ProductRow = typeof products.$inferSelect;
type CategoryRow = Pick<typeof categories.$inferSelect, 'id' | 'key' | 'enName' | 'znName'>;

export interface Planned {
  creates: NewProduct[];
  updates: PlannedUpdate[];
  report: ImportReport;
}

/** Finds a category by key, else by an exact English or Chinese name (when only one has it). */
export function categoryFinder(rows: readonly CategoryRow[]) {
  const byKey = new Map(rows.map((c) => [c.key.toLowerCase(), c.id]));
  const byName = new Map<string, number | null>();
  for (const c of rows) {
    for (const name of [c.enName.toLowerCase(), c.znName]) byName.set(name, byName.has(name) ? null : c.id);
  }
  return (written: string): number | undefined => {
    const text = written.trim();
    return byKey.get(text.toLowerCase()) ?? byName.get(text.toLowerCase()) ?? byName.get(text) ?? undefined;
  };
}

/** The products the file names, by uuid and by key: a short query a batch, a turn for others between. */
export async function existingOf(db: Db | Tx, rows: readonly ReadRow[]) {
  const uuids = [...new Set(rows.map((r) => r.uuid).filter(Boolean))];
  const keys = [...new Set(rows.map((r) => r.key).filter(Boolean))];
  const found: ProductRow[] = [];
  const chunk = WRITE_BATCH;
  for (let i = 0; i < Math.max(uuids.length, keys.length); i += chunk) {
    if (i > 0) await nextTurn();
    const u = uuids.slice(i, i + chunk);
    const k = keys.slice(i, i + chunk);
    const where = or(
      ...(u.length ? [inArray(products.uuid, u)] : []),
      ...(k.length ? [inArray(products.key, k)] : []),
    );
    found.push(...(await db.select().from(products).where(where)));
  }
  return {
    byUuid: new Map(found.map((p) => [p.uuid, p])),
    byKey: new Map(found.map((p) => [p.key, p])),
    ...(await codeOwnersOf(db, rows)),
  };
}

/** The products holding the barcodes (by GTIN) and scale item codes the file sets. */
async function codeOwnersOf(db: Db | Tx, rows: readonly ReadRow[]) {
  const barcodes = [...new Set(rows.flatMap((r) => (r.patch.barcode ? [r.patch.barcode] : [])))];
  const spellings = barcodes.flatMap((code) => [code, ...sameGtinCodes(code)]);
  const scaleCodes = [
    ...new Set(rows.flatMap((r) => (r.patch.scaleItemCode ? [r.patch.scaleItemCode] : []))),
  ];
  const byGtin = new Map<string, number>();
  const byScaleCode = new Map<string, number>();
  for (let i = 0; i < Math.max(spellings.length, scaleCodes.length); i += WRITE_BATCH) {
    if (i > 0) await nextTurn();
    const b = spellings.slice(i, i + WRITE_BATCH);
    const c = scaleCodes.slice(i, i + WRITE_BATCH);
    const owners = await db
      .select({ id: products.id, barcode: products.barcode, scaleItemCode: products.scaleItemCode })
      .from(products)
      .where(
        or(
          ...(b.length ? [inArray(products.barcode, b)] : []),
          ...(c.length ? [inArray(products.scaleItemCode, c)] : []),
        ),
      );
    for (const o of owners) {
      if (o.barcode) byGtin.set(gtin14Of(o.barcode), o.id);
      if (o.scaleItemCode) byScaleCode.set(o.scaleItemCode, o.id);
    }
  }
  return { byGtin, byScaleCode };
}

/** The stored form of a row's fields: descriptions sanitized as every other write does. */
function stored(patch: ProductPatch): ProductPatch {
  const out = { ...patch };
  if (out.enDescribe !== undefined) out.enDescribe = sanitizeDescription(out.enDescribe);
  if (out.znDescribe !== undefined) out.znDescribe = sanitizeDescription(out.znDescribe);
  return out;
}

export class Planner {
  readonly creates: Planned['creates'] = [];
  readonly updates: Planned['updates'] = [];
  readonly problems: CsvProblem[] = [];
  readonly warnings: CsvProblem[] = [];
  readonly changes: ImportChange[] = [];
  unchanged = 0;
  private readonly seenUuid = new Map<string, number>();
  private readonly seenKey = new Map<string, number>();
  private readonly seenGtin = new Map<string, number>();
  private readonly seenScaleCode = new Map<string, number>();

  constructor(
    private readonly findCategory: (written: string) => number | undefined,
    private readonly existing: Awaited<ReturnType<typeof existingOf>>,
    /** The tax classes' codes: a row naming another is refused. */
    private readonly taxClasses: ReadonlySet<string> = new Set(['groceries']),
  ) {}

  private problem(row: ReadRow, column: string, key: string, params?: MessageParams) {
    this.problems.push({ row: row.line, column, key: `errors:catalogueAdmin.import.${key}`, params });
  }

  /** Refuses a uuid or key seen on an earlier row. */
  private once(row: ReadRow): void {
    for (const [column, value, seen] of [
      ['uuid', row.uuid, this.seenUuid],
      ['key', row.key, this.seenKey],
    ] as const) {
      if (value === '') continue;
      const first = seen.get(value);
      if (first !== undefined)
        this.problem(row, column, column === 'uuid' ? 'duplicateUuid' : 'duplicateKey', { row: first });
      else seen.set(value, row.line);
    }
  }

  /** Refuses a barcode or scale item code another product has, or an earlier row sets. */
  private codesFree(row: ReadRow, selfId: number | undefined): void {
    const { barcode, scaleItemCode } = row.patch;
    for (const [column, value, owners, seen] of [
      ['barcode', barcode ? gtin14Of(barcode) : '', this.existing.byGtin, this.seenGtin],
      ['scale_item_code', scaleItemCode ?? '', this.existing.byScaleCode, this.seenScaleCode],
    ] as const) {
      if (value === '') continue;
      const owner = owners.get(value);
      const first = seen.get(value);
      const what = column === 'barcode' ? 'Barcode' : 'ScaleItemCode';
      if (first !== undefined) this.problem(row, column, `duplicate${what}`, { row: first });
      else seen.set(value, row.line);
      if (owner !== undefined && owner !== selfId)
        this.problems.push({
          row: row.line,
          column,
          key: column === 'barcode' ? 'errors:barcode.taken' : 'errors:barcode.scaleItemCodeTaken',
        });
    }
  }

  /**
   * Plans a row, or reports every problem it has (with those its cells had, `row.faulty`): a
   * repeated uuid or key, a key taken, an unknown category, a field a new product needs.
   */
  add(row: ReadRow): void {
    const before = this.problems.length;
    this.once(row);
    const byUuid = row.uuid ? this.existing.byUuid.get(row.uuid) : undefined;
    const byKey = row.key ? this.existing.byKey.get(row.key) : undefined;
    if (byKey && byUuid?.id !== byKey.id && (row.uuid !== '' || byUuid)) this.problem(row, 'key', 'keyTaken');
    const current = byUuid ?? byKey;
    this.codesFree(row, current?.id);
    let categoryId: number | undefined;
    if (row.category !== '') {
      categoryId = this.findCategory(row.category);
      if (categoryId === undefined) this.problem(row, 'category', 'unknownCategory', { value: row.category });
    }
    const patch = stored(row.patch);
    if (patch.taxClass !== undefined) {
      // A class code is lower case; a spreadsheet may have capitalised it.
      const code = patch.taxClass.toLowerCase();
      if (code === '') delete patch.taxClass;
      else if (isTaxClass(code, this.taxClasses)) patch.taxClass = code;
      else this.problem(row, 'tax_class', 'unknownTaxClass', { value: patch.taxClass });
    }
    this.priceWeighed(row, current, patch);
    // A row whose uuid or key is malformed may mean an existing product: nothing is "required" of it.
    if (!current && !row.faulty?.has('uuid') && !row.faulty?.has('key')) {
      const reported = new Set(this.problems.slice(before).map((p) => p.column));
      for (const column of this.absentForNew(patch, categoryId, row.category))
        if (!reported.has(column) && !row.faulty?.has(column))
          this.problem(row, column, 'required', { column });
    }
    if (row.faulty || this.problems.length > before) return;
    if (current) this.update(row, current, patch, categoryId);
    else this.create(row, patch, categoryId);
  }

  /**
   * A product the row leaves sold by weight (docs/product.md, Sold by weight): its step or piece
   * must be acceptable, and its price becomes one step's or piece's (src/shared/weight.ts).
   */
  private priceWeighed(row: ReadRow, current: ProductRow | undefined, patch: ProductPatch): void {
    const merged = {
      soldBy: current?.soldBy ?? 'unit',
      weightUnit: current?.weightUnit ?? null,
      unitPriceCents: current?.unitPriceCents ?? null,
      stepMilli: current?.stepMilli ?? null,
      pieceGrams: current?.pieceGrams ?? null,
      ...patch,
    };
    if (merged.soldBy !== 'weight') return;
    if (merged.unitPriceCents === null) {
      this.problem(row, 'unit_price', 'noUnitPrice');
      return;
    }
    const sale = {
      unit: merged.weightUnit === 'kg' ? ('kg' as const) : ('lb' as const),
      unitPriceCents: merged.unitPriceCents,
      stepMilli: merged.stepMilli,
      pieceGrams: merged.pieceGrams,
    };
    const refused = saleProblem(sale);
    if (refused) {
      this.problem(row, 'step', refused.replace('errors:weight.', 'weight.'));
      return;
    }
    patch.weightUnit = sale.unit;
    patch.priceCents = stepPriceOf(sale);
  }

  /** The fields a new product needs that the row leaves out (a category written but unknown is reported as such). */
  private absentForNew(patch: ProductPatch, categoryId: number | undefined, written: string) {
    return REQUIRED_FOR_NEW.filter((column) =>
      column === 'category'
        ? categoryId === undefined && written === ''
        : column === 'price'
          ? patch.priceCents === undefined
          : !patch[column === 'en_name' ? 'enName' : 'znName'],
    );
  }

  private create(row: ReadRow, patch: ProductPatch, categoryId: number | undefined): void {
    const uuid = row.uuid || randomUUID();
    const product: NewProduct = {
      ...patch,
      uuid,
      key: row.key || `p-${uuid}`,
      categoryId: categoryId as number,
      enName: patch.enName as string,
      znName: patch.znName as string,
      priceCents: patch.priceCents as number,
      productImage: patch.productImage ?? '',
      realStock: row.realStock ?? 0,
      onSale: row.published === true && this.publishable(row, { ...product0, ...patch }),
      // A new product's stock is read with it; the epoch keeps stock polls from re-reading it.
    };
    this.creates.push(product);
    this.changes.push({
      row: row.line,
      action: 'create',
      uuid,
      en_name: product.enName,
      zn_name: product.znName,
      fields: [],
    });
  }

  private update(
    row: ReadRow,
    current: ProductRow,
    patch: ProductPatch,
    categoryId: number | undefined,
  ): void {
    const set: Partial<NewProduct> = {};
    const fields: string[] = [];
    for (const [field, value] of Object.entries(patch) as [keyof ProductPatch, string | number][]) {
      if (current[field] === value) continue;
      (set as Record<string, unknown>)[field] = value;
      fields.push(COLUMN_OF_FIELD[field]);
    }
    const moved = categoryId !== undefined && categoryId !== current.categoryId;
    if (moved) {
      set.categoryId = categoryId;
      fields.push('category');
    }
    if (row.uuid !== '' && row.key !== '' && row.key !== current.key) {
      set.key = row.key;
      fields.push('key');
    }
    const stock =
      row.realStock !== undefined && row.realStock !== current.realStock
        ? { from: current.realStock, to: row.realStock }
        : undefined;
    if (stock) fields.push('real_stock');
    if (row.published === false && current.onSale) {
      set.onSale = false;
      fields.push('published');
    } else if (row.published === true && !current.onSale && this.publishable(row, { ...current, ...set })) {
      set.onSale = true;
      fields.push('published');
    }
    if (fields.length === 0) {
      this.unchanged++;
      return;
    }
    this.updates.push({ id: current.id, set, stock, moved });
    this.changes.push({
      row: row.line,
      action: 'update',
      uuid: current.uuid,
      en_name: set.enName ?? current.enName,
      zn_name: set.znName ?? current.znName,
      fields,
    });
  }

  /** Whether a row asking to be published may be; warns with what it lacks when not. */
  private publishable(row: ReadRow, p: Parameters<typeof missingForPublish>[0]): boolean {
    // The console's publish rule; a CSV names the picture by its column.
    const missing = missingForPublish(p).map((field) => (field === 'picture' ? 'product_image' : field));
    if (missing.length === 0) return true;
    this.warnings.push({
      row: row.line,
      column: 'published',
      key: 'errors:catalogueAdmin.import.notPublishable',
      params: { fields: missing.join(', ') },
    });
    return false;
  }
}

const product0 = {
  enName: '',
  znName: '',
  enNumber: '',
  znNumber: '',
  priceCents: 0,
  productImage: '',
};

/** Every category, for `categoryFinder`. */
export async function categoriesOf(db: Db | Tx): Promise<CategoryRow[]> {
  return db
    .select({ id: categories.id, key: categories.key, enName: categories.enName, znName: categories.znName })
    .from(categories);
}
