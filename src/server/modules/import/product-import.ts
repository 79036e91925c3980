import { randomUUID } from 'node:crypto';
import { asc, inArray, or, sql } from 'drizzle-orm';
import type { Clock } from '#server/clock';
import type { Db, Tx } from '#server/db/client';
import { categories, products } from '#server/db/schema';
import { Conflict } from '#server/errors';
import { type MessageParams, translate } from '#server/i18n';
import type { Language } from '#shared/constants';
import { missingForPublish } from '#shared/schemas/product-admin.rules';
import {
  IMPORT_LIMITS,
  type ImportChange,
  type ImportReport,
  type ImportRowError,
  PRODUCT_CSV_COLUMNS,
  REQUIRED_FOR_NEW,
} from '#shared/schemas/product-import.rules';
import { type CatalogueListener, StockChanges, withCatalogueChange } from '../catalogue/catalogue.changes';
import { sanitizeDescription } from '../catalogue/description';
import { recordAudit } from '../staff/audit';
import { recordStockMovements, type StockMovement } from '../stock/stock.service';
import { CsvSyntaxError, parseCsv, writeCsv } from './csv';
import {
  COLUMN_OF_FIELD,
  type CsvProblem,
  type ProductPatch,
  productCsvRow,
  type ReadRow,
  readHeader,
  readRow,
} from './product-csv';

/*
 * Products in and out as CSV (docs/api.md, Admin: import and export). A dry run and an import make
 * the same plan; the import makes it again inside its transaction and writes all of it or nothing.
 */

type ProductRow = typeof products.$inferSelect;
type NewProduct = typeof products.$inferInsert;
type CategoryRow = Pick<typeof categories.$inferSelect, 'id' | 'key' | 'enName' | 'znName'>;

export interface ImportDeps {
  db: Db;
  clock: Clock;
  catalogue: CatalogueListener;
}

/** The note on the stock movements an import writes (staff type their own notes; this names the file's). */
const IMPORT_NOTE = 'CSV import';

/** Up to this many products changed: the catalogue applies them one by one; more, it reloads. */
const TOUCH_EACH_UP_TO = 200;
const INSERT_BATCH = 500;

/** Every product (archived ones too) as the CSV the import reads back unchanged. */
export async function exportProductsCsv(db: Db): Promise<string> {
  const [categoryRows, productRows] = await Promise.all([
    db.select({ id: categories.id, key: categories.key }).from(categories),
    db.select().from(products).orderBy(asc(products.id)),
  ]);
  const keyOf = new Map(categoryRows.map((c) => [c.id, c.key]));
  return writeCsv([
    [...PRODUCT_CSV_COLUMNS],
    ...productRows.map((p) => productCsvRow(p, keyOf.get(p.categoryId) ?? '')),
  ]);
}

interface Planned {
  creates: NewProduct[];
  updates: { id: number; set: Partial<NewProduct>; stock?: { from: number; to: number }; moved: boolean }[];
  report: ImportReport;
}

/** Finds a category by key, else by an exact English or Chinese name (when only one has it). */
function categoryFinder(rows: readonly CategoryRow[]) {
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

/** The products the file names, by uuid and by key. */
async function existingOf(db: Db | Tx, rows: readonly ReadRow[]) {
  const uuids = [...new Set(rows.map((r) => r.uuid).filter(Boolean))];
  const keys = [...new Set(rows.map((r) => r.key).filter(Boolean))];
  const found: ProductRow[] = [];
  const chunk = 2000;
  for (let i = 0; i < Math.max(uuids.length, keys.length); i += chunk) {
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
  };
}

/** The stored form of a row's fields: descriptions sanitized as every other write does. */
function stored(patch: ProductPatch): ProductPatch {
  const out = { ...patch };
  if (out.enDescribe !== undefined) out.enDescribe = sanitizeDescription(out.enDescribe);
  if (out.znDescribe !== undefined) out.znDescribe = sanitizeDescription(out.znDescribe);
  return out;
}

class Planner {
  readonly creates: Planned['creates'] = [];
  readonly updates: Planned['updates'] = [];
  readonly problems: CsvProblem[] = [];
  readonly warnings: CsvProblem[] = [];
  readonly changes: ImportChange[] = [];
  unchanged = 0;
  private readonly seenUuid = new Map<string, number>();
  private readonly seenKey = new Map<string, number>();

  constructor(
    private readonly findCategory: (written: string) => number | undefined,
    private readonly existing: Awaited<ReturnType<typeof existingOf>>,
  ) {}

  private problem(row: ReadRow, column: string, key: string, params?: MessageParams) {
    this.problems.push({ row: row.line, column, key: `errors:catalogueAdmin.import.${key}`, params });
  }

  /** Refuses a uuid or key seen on an earlier row. */
  private once(row: ReadRow): boolean {
    const before = this.problems.length;
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
    return this.problems.length === before;
  }

  add(row: ReadRow): void {
    if (!this.once(row)) return;
    const byUuid = row.uuid ? this.existing.byUuid.get(row.uuid) : undefined;
    const byKey = row.key ? this.existing.byKey.get(row.key) : undefined;
    if (byKey && byUuid?.id !== byKey.id && (row.uuid !== '' || byUuid)) {
      this.problem(row, 'key', 'keyTaken');
      return;
    }
    const current = byUuid ?? byKey;
    let categoryId: number | undefined;
    if (row.category !== '') {
      categoryId = this.findCategory(row.category);
      if (categoryId === undefined) {
        this.problem(row, 'category', 'unknownCategory', { value: row.category });
        return;
      }
    }
    const patch = stored(row.patch);
    if (current) this.update(row, current, patch, categoryId);
    else this.create(row, patch, categoryId);
  }

  private create(row: ReadRow, patch: ProductPatch, categoryId: number | undefined): void {
    const absent = REQUIRED_FOR_NEW.filter((column) =>
      column === 'category'
        ? categoryId === undefined
        : column === 'price'
          ? patch.priceCents === undefined
          : !patch[column === 'en_name' ? 'enName' : 'znName'],
    );
    if (absent.length > 0) {
      for (const column of absent) this.problem(row, column, 'required', { column });
      return;
    }
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

/** The plan of `csv`: what it would create and update, and every problem, in `language`. */
async function plan(db: Db | Tx, csv: string, language: Language): Promise<Planned> {
  const problems: CsvProblem[] = [];
  const t = (p: CsvProblem): ImportRowError => ({
    row: p.row,
    column: p.column,
    message: translate(language, p.key, p.params),
  });
  const empty = (fileProblems: CsvProblem[]): Planned => ({
    creates: [],
    updates: [],
    report: {
      applied: false,
      rows: 0,
      created: 0,
      updated: 0,
      unchanged: 0,
      errorCount: fileProblems.length,
      errors: fileProblems.map(t),
      changes: [],
      warnings: [],
    },
  });
  let parsed: ReturnType<typeof parseCsv>;
  try {
    parsed = parseCsv(csv, IMPORT_LIMITS.rows + 1);
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    return empty([
      {
        row: error.line,
        column: '',
        key: 'errors:catalogueAdmin.import.unclosedQuote',
        params: { row: error.line },
      },
    ]);
  }
  const [header, ...records] = parsed.records;
  if (parsed.tooMany)
    return empty([
      {
        row: 1,
        column: '',
        key: 'errors:catalogueAdmin.import.tooManyRows',
        params: { max: IMPORT_LIMITS.rows },
      },
    ]);
  if (!header || records.length === 0)
    return empty([{ row: 1, column: '', key: 'errors:catalogueAdmin.import.empty' }]);
  const { at, problems: headerProblems } = readHeader(header);
  if (headerProblems.length > 0) return empty(headerProblems);
  const rows: ReadRow[] = [];
  for (const record of records) {
    const read = readRow(record, at);
    problems.push(...read.problems);
    if (read.row) rows.push(read.row);
  }
  const categoryRows = await db
    .select({ id: categories.id, key: categories.key, enName: categories.enName, znName: categories.znName })
    .from(categories);
  const planner = new Planner(categoryFinder(categoryRows), await existingOf(db, rows));
  for (const row of rows) planner.add(row);
  const all = [...problems, ...planner.problems].sort((a, b) => a.row - b.row);
  return {
    creates: planner.creates,
    updates: planner.updates,
    report: {
      applied: false,
      rows: records.length,
      created: planner.creates.length,
      updated: planner.updates.length,
      unchanged: planner.unchanged,
      errorCount: all.length,
      errors: all.slice(0, IMPORT_LIMITS.errors).map(t),
      changes: planner.changes,
      warnings: planner.warnings.map(t),
    },
  };
}

/** What importing `csv` would do; writes nothing. */
export async function dryRunImport(db: Db, csv: string, language: Language): Promise<ImportReport> {
  return (await plan(db, csv, language)).report;
}

/**
 * Imports `csv` in one transaction: every row or none (a file with any problem writes nothing and
 * answers its report). One audit entry with the counts.
 */
export async function importProducts(
  deps: ImportDeps,
  csv: string,
  who: { staffId: number; language: Language },
): Promise<ImportReport> {
  let stockMoved = false;
  const report = await withCatalogueChange(deps.db, deps.catalogue, async (tx, touched) => {
    const planned = await plan(tx, csv, who.language);
    if (planned.report.errorCount > 0) return planned.report;
    const at = deps.clock.now();
    const movement = importMovement(who.staffId, at);
    const inserted = await insertInBatches(tx, planned.creates);
    const ids = inserted.map((c) => c.id);
    const stockOf = new Map(planned.creates.map((p) => [p.uuid, p.realStock ?? 0]));
    const movements = inserted
      .map(({ id, uuid }) => movement(id, stockOf.get(uuid) ?? 0, stockOf.get(uuid) ?? 0))
      .filter((m) => m.delta > 0);

    await updateInBatches(tx, planned.updates);
    const stock = new StockChanges(tx);
    for (const update of planned.updates) {
      if (update.stock && !(await stock.setFrom(update.id, update.stock.from, update.stock.to)))
        throw new Conflict('errors:catalogueAdmin.import.stockChanged');
      if (update.stock)
        movements.push(movement(update.id, update.stock.to - update.stock.from, update.stock.to));
      ids.push(update.id);
    }
    await recordStockMovements(tx, movements);
    stockMoved = stock.changed;
    if (ids.length > TOUCH_EACH_UP_TO || planned.updates.some((u) => u.moved)) touched.all();
    else for (const id of ids) touched.product(id);
    const { rows, created, updated, unchanged } = planned.report;
    await recordAudit(tx, {
      staffId: who.staffId,
      action: 'product.import',
      targetType: 'product',
      targetId: 'import',
      after: { rows, created, updated, unchanged },
      at,
    });
    return { ...planned.report, applied: true };
  });
  if (stockMoved) deps.catalogue.stockChanged();
  return report;
}

/**
 * Every stock change an import makes is kept as a stock movement, as a count of the shelf by the
 * staff member who imported (the movements' reasons are fixed; the note says where it came from).
 */
const importMovement =
  (staffId: number, at: Date) =>
  (productId: number, delta: number, stockAfter: number): StockMovement => ({
    productId,
    staffId,
    at,
    delta,
    stockAfter,
    reason: 'count',
    note: IMPORT_NOTE,
  });

/** The product columns an import may update, with their SQL types. */
const UPDATABLE = {
  enName: ['en_name', 'text'],
  znName: ['zn_name', 'text'],
  enNumber: ['en_number', 'text'],
  znNumber: ['zn_number', 'text'],
  enWeight: ['en_weight', 'text'],
  znWeight: ['zn_weight', 'text'],
  brandEnName: ['brand_en_name', 'text'],
  brandZnName: ['brand_zn_name', 'text'],
  boxGauge: ['box_gauge', 'text'],
  weightG: ['weight_g', 'int'],
  netWeightG: ['net_weight_g', 'int'],
  termDays: ['term_days', 'int'],
  priceCents: ['price_cents', 'int'],
  lowStockThreshold: ['low_stock_threshold', 'int'],
  productImage: ['product_image', 'text'],
  enDescribe: ['en_describe', 'text'],
  znDescribe: ['zn_describe', 'text'],
  categoryId: ['category_id', 'int'],
  key: ['key', 'text'],
  onSale: ['on_sale', 'boolean'],
} as const;

/**
 * The updates, INSERT_BATCH rows a statement: each row's changed columns travel as JSON, and a
 * column a row leaves out (null) keeps its value (no product column is nullable).
 */
async function updateInBatches(tx: Tx, updates: Planned['updates']): Promise<void> {
  const columns = Object.entries(UPDATABLE);
  const changing = updates.filter((u) => Object.keys(u.set).length > 0);
  for (let i = 0; i < changing.length; i += INSERT_BATCH) {
    const batch = changing.slice(i, i + INSERT_BATCH).map((u) => {
      const row: Record<string, unknown> = { id: u.id };
      for (const [field, [column]] of columns) {
        const value = (u.set as Record<string, unknown>)[field];
        if (value !== undefined) row[column] = value;
      }
      return row;
    });
    const assignments = sql.join(
      columns.map(([, [column]]) => sql.raw(`${column} = coalesce(x.${column}, p.${column})`)),
      sql.raw(', '),
    );
    const shape = sql.raw(['id int', ...columns.map(([, [column, type]]) => `${column} ${type}`)].join(', '));
    await tx.execute(
      sql`update products p set ${assignments} from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as x(${shape}) where p.id = x.id`,
    );
  }
}

/** Columns a created product sets (the others keep their defaults), with their SQL types. */
const INSERTED = { ...UPDATABLE, uuid: ['uuid', 'uuid'], realStock: ['real_stock', 'int'] } as const;

/** Text columns are '' and numbers 0 unless a row says otherwise (low-stock threshold: 10). */
const NEW_PRODUCT_DEFAULTS: Partial<NewProduct> = {
  enNumber: '',
  znNumber: '',
  enWeight: '',
  znWeight: '',
  brandEnName: '',
  brandZnName: '',
  boxGauge: '',
  weightG: 0,
  netWeightG: 0,
  termDays: 0,
  lowStockThreshold: 10,
  enDescribe: '',
  znDescribe: '',
  onSale: false,
  realStock: 0,
};

/**
 * The new products, INSERT_BATCH rows a statement, as one JSON parameter: binding 25 parameters
 * a row cost PGlite ten times as much. Answers their ids with their uuids.
 */
async function insertInBatches(tx: Tx, creates: Planned['creates']): Promise<{ id: number; uuid: string }[]> {
  const columns = Object.entries(INSERTED);
  const names = sql.raw(columns.map(([, [column]]) => column).join(', '));
  const shape = sql.raw(columns.map(([, [column, type]]) => `${column} ${type}`).join(', '));
  const ids: { id: number; uuid: string }[] = [];
  for (let i = 0; i < creates.length; i += INSERT_BATCH) {
    const batch = creates.slice(i, i + INSERT_BATCH).map((p) => {
      const full = { ...NEW_PRODUCT_DEFAULTS, ...p } as Record<string, unknown>;
      return Object.fromEntries(columns.map(([field, [column]]) => [column, full[field]]));
    });
    const result = await tx.execute<{ id: number; uuid: string }>(
      sql`insert into products (${names}) select ${names} from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as x(${shape}) returning id, uuid`,
    );
    const rows = Array.isArray(result) ? result : (result as { rows: { id: number; uuid: string }[] }).rows;
    ids.push(...rows.map((r) => ({ id: Number(r.id), uuid: String(r.uuid) })));
  }
  return ids;
}
