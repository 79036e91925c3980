import { asc, sql } from 'drizzle-orm';
import type { AuditNote, WriteAudit } from '#server/audit';
import type { Clock } from '#server/clock';
import { type Db, inBackground, type Tx } from '#server/db/client';
import { categories, products } from '#server/db/schema';
import { Conflict } from '#server/errors';
import { translate } from '#server/i18n';
import { nextTurn } from '#server/next-turn';
import type { Language } from '#shared/constants';
import {
  IMPORT_LIMITS,
  type ImportReport,
  type ImportRowError,
  PRODUCT_CSV_COLUMNS,
} from '#shared/schemas/product-import.rules';
import { type CatalogueListener, withCatalogueChange } from '../catalogue/catalogue.changes';
import { codeTakenMeanwhile } from '../catalogue/product-codes';
import { recordStockMovements, type StockMovement } from '../stock/stock.service';
import { taxClassCodes } from '../tax/tax.setup';
import { CsvSyntaxError, CsvTooWideError, parseCsv, writeCsv } from './csv';
import { decodeCsvBytes } from './csv-encoding';
import { categoriesOf, categoryFinder, existingOf, type Planned, Planner } from './import-planner';
import {
  importMovement,
  insertInBatches,
  setStockInBatches,
  updateInBatches,
  WRITE_BATCH,
} from './import-writes';
import { type CsvProblem, productCsvRow, type ReadRow, readHeader, readRow } from './product-csv';

/*
 * Products in and out as CSV (docs/api.md, Admin: import and export). The file is read first, with
 * no database (every problem of its own found there); a dry run and an import then make the same
 * plan, the import again inside its transaction, which writes all of it or nothing. The work goes
 * in batches that give the server's thread back between them (import-writes.ts).
 */

export interface ImportDeps {
  db: Db;
  clock: Clock;
  catalogue: CatalogueListener;
}

/** Up to this many products changed: the catalogue applies them one by one; more, it reloads. */
const TOUCH_EACH_UP_TO = 200;

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

/** A file as read: its rows, or the one problem that stops it being read at all. */
interface ReadFile {
  /** Data rows in the file (not counting the header). */
  records: number;
  rows: ReadRow[];
  problems: CsvProblem[];
  /** The file could not be read as a product CSV: nothing else is worth saying. */
  unreadable: boolean;
}

const problemOf = (row: number, key: string, params?: CsvProblem['params']): CsvProblem => ({
  row,
  column: '',
  key: `errors:catalogueAdmin.import.${key}`,
  params,
});

function unreadable(problems: CsvProblem[]): ReadFile {
  return { records: 0, rows: [], problems, unreadable: true };
}

/** Decodes and parses `bytes`, bounded by IMPORT_LIMITS before anything grows with the file. */
function parseFile(bytes: Uint8Array): ReturnType<typeof parseCsv> | CsvProblem {
  const text = decodeCsvBytes(bytes);
  if (text === undefined) return problemOf(1, 'notText');
  try {
    return parseCsv(text, IMPORT_LIMITS.rows + 1, IMPORT_LIMITS.columns);
  } catch (error) {
    if (error instanceof CsvSyntaxError) return problemOf(error.line, 'unclosedQuote', { row: error.line });
    if (!(error instanceof CsvTooWideError)) throw error;
    return error.line === 1
      ? problemOf(1, 'tooManyColumns', { max: IMPORT_LIMITS.columns })
      : problemOf(error.line, 'extraFields', { max: IMPORT_LIMITS.columns });
  }
}

/** The file's rows and their own problems (those that need no database). */
async function readFile(bytes: Uint8Array): Promise<ReadFile> {
  const parsed = parseFile(bytes);
  if (!('records' in parsed)) return unreadable([parsed]);
  if (parsed.tooMany) return unreadable([problemOf(1, 'tooManyRows', { max: IMPORT_LIMITS.rows })]);
  const [header, ...records] = parsed.records;
  if (!header || records.length === 0) return unreadable([problemOf(1, 'empty')]);
  const { at, problems: headerProblems } = readHeader(header);
  if (headerProblems.length > 0) return unreadable(headerProblems);
  const rows: ReadRow[] = [];
  const problems: CsvProblem[] = [];
  for (const [i, record] of records.entries()) {
    if (i > 0 && i % WRITE_BATCH === 0) await nextTurn();
    const read = readRow(record, at);
    problems.push(...read.problems);
    rows.push(read.row);
  }
  return { records: records.length, rows, problems, unreadable: false };
}

function reportOf(file: ReadFile, planner: Planner | undefined, language: Language): ImportReport {
  const t = (p: CsvProblem): ImportRowError => ({
    row: p.row,
    column: p.column,
    message: translate(language, p.key, p.params),
  });
  const all = [...file.problems, ...(planner?.problems ?? [])].sort((a, b) => a.row - b.row);
  return {
    applied: false,
    rows: file.records,
    created: planner?.creates.length ?? 0,
    updated: planner?.updates.length ?? 0,
    unchanged: planner?.unchanged ?? 0,
    errorCount: all.length,
    errors: all.slice(0, IMPORT_LIMITS.errors).map(t),
    changes: planner?.changes ?? [],
    warnings: (planner?.warnings ?? []).map(t),
  };
}

/** The plan of a file read without problems: what it would create and update, against `db` now. */
async function plan(db: Db | Tx, file: ReadFile, language: Language): Promise<Planned> {
  if (file.unreadable) return { creates: [], updates: [], report: reportOf(file, undefined, language) };
  const planner = new Planner(
    categoryFinder(await categoriesOf(db)),
    await existingOf(db, file.rows),
    await taxClassCodes(db),
  );
  for (const [i, row] of file.rows.entries()) {
    if (i > 0 && i % WRITE_BATCH === 0) await nextTurn();
    planner.add(row);
  }
  return { creates: planner.creates, updates: planner.updates, report: reportOf(file, planner, language) };
}

/** What importing the file `bytes` would do; writes nothing. */
export async function dryRunImport(db: Db, bytes: Uint8Array, language: Language): Promise<ImportReport> {
  return (await plan(db, await readFile(bytes), language)).report;
}

/**
 * Imports go one at a time, in every process: two files creating the same new key would otherwise
 * both plan to create it, and one would fail on the unique key. Held until the transaction ends.
 */
async function lockImports(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('product-import', 0))`);
}

/** PostgreSQL's unique_violation, as Drizzle passes it on (the driver's error, or its cause). */
function isUniqueViolation(error: unknown): boolean {
  const code = (e: unknown) => (e as { code?: unknown } | undefined)?.code;
  return code(error) === '23505' || code((error as { cause?: unknown } | undefined)?.cause) === '23505';
}

/**
 * Imports the file `bytes` in one transaction: every row or none (a file with any problem writes
 * nothing and answers its report). One audit entry with the counts.
 */
export async function importProducts(
  deps: ImportDeps,
  bytes: Uint8Array,
  who: { staffId: number; language: Language; writeAudit: WriteAudit },
): Promise<ImportReport> {
  const file = await readFile(bytes);
  // A file with problems of its own is reported as the dry run would: nothing to write.
  if (file.unreadable || file.problems.length > 0) return (await plan(deps.db, file, who.language)).report;
  let stockMoved = false;
  try {
    // Seconds of statements: the server's thread serves requests while the database runs each.
    const report = await inBackground(() =>
      withCatalogueChange(deps.db, deps.catalogue, async (tx, touched) => {
        await lockImports(tx);
        const planned = await plan(tx, file, who.language);
        if (planned.report.errorCount > 0) return planned.report;
        const written = await write(tx, planned, who.staffId, deps.clock.now());
        await who.writeAudit(tx, importNote(planned));
        stockMoved = written.stockMoved;
        if (written.ids.length > TOUCH_EACH_UP_TO || planned.updates.some((u) => u.moved)) touched.all();
        else for (const id of written.ids) touched.product(id);
        return { ...planned.report, applied: true };
      }),
    );
    if (stockMoved) deps.catalogue.stockChanged();
    return report;
  } catch (error) {
    // Another change (a product saved in the console) took a code or a key of this file meanwhile.
    const taken = codeTakenMeanwhile(error);
    if (taken) throw taken;
    if (isUniqueViolation(error)) throw new Conflict('errors:catalogueAdmin.import.keyTakenMeanwhile');
    throw error;
  }
}

/** What the audit log keeps of an import: one line with the counts. */
function importNote(planned: Planned): AuditNote {
  const { rows, created, updated, unchanged } = planned.report;
  return {
    action: 'product.import',
    targetType: 'product',
    targetId: 'import',
    after: { rows, created, updated, unchanged },
  };
}

/** Writes a plan: products and stock (as movements too). */
async function write(tx: Tx, planned: Planned, staffId: number, at: Date) {
  const movement = importMovement(staffId, at);
  const inserted = await insertInBatches(tx, planned.creates);
  const ids = inserted.map((c) => c.id);
  const stockOf = new Map(planned.creates.map((p) => [p.uuid, p.realStock ?? 0]));
  const movements: StockMovement[] = inserted
    .map(({ id, uuid }) => movement(id, stockOf.get(uuid) ?? 0, stockOf.get(uuid) ?? 0))
    .filter((m) => m.delta > 0);

  await updateInBatches(tx, planned.updates);
  const stockSet = await setStockInBatches(tx, planned.updates);
  for (const update of planned.updates) {
    if (update.stock)
      movements.push(movement(update.id, update.stock.to - update.stock.from, update.stock.to));
    ids.push(update.id);
  }
  if (stockSet.length < planned.updates.filter((u) => u.stock).length)
    throw new Conflict('errors:catalogueAdmin.import.stockChanged');
  for (let i = 0; i < movements.length; i += WRITE_BATCH) {
    await nextTurn();
    await recordStockMovements(tx, movements.slice(i, i + WRITE_BATCH));
  }
  return { ids, stockMoved: stockSet.length > 0 };
}
