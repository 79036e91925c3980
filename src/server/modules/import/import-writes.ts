import { eq, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client';
import { products } from '#server/db/schema';
import { nextTurn } from '#server/next-turn';
import type { StockMovement } from '../stock/stock.service';

export type NewProduct = typeof products.$inferInsert;

/** A product an import changes: its changed columns, and its stock's move when the file sets it. */
export interface PlannedUpdate {
  id: number;
  set: Partial<NewProduct>;
  stock?: { from: number; to: number };
  moved: boolean;
}

/*
 * An import's writes, in batches of WRITE_BATCH rows a statement. The import's transaction runs in
 * the background (`inBackground`, src/server/db/pglite-thread.ts): the server's thread answers
 * requests while PGlite on its worker runs each statement. Between batches the import also gives
 * the thread back (`nextTurn`) from its own work of building them.
 */

/**
 * Rows a statement: its JSON is built on the server's thread between two turns, and PGlite takes a
 * few tens of milliseconds for it; 50 made a 5,000-row import slower (4.2 s against 2.5 s) and
 * reads no faster (bench/RESULTS.md).
 */
export const WRITE_BATCH = 250;

/** The note on the stock movements an import writes (staff type their own notes; this names the file's). */
const IMPORT_NOTE = 'CSV import';

/**
 * Every stock change an import makes is kept as a stock movement, as a count of the shelf by the
 * staff member who imported (the movements' reasons are fixed; the note says where it came from).
 */
export const importMovement =
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
  netVolumeMl: ['net_volume_ml', 'int'],
  netCount: ['net_count', 'int'],
  barcode: ['barcode', 'text'],
  scaleItemCode: ['scale_item_code', 'text'],
  termDays: ['term_days', 'int'],
  priceCents: ['price_cents', 'int'],
  lowStockThreshold: ['low_stock_threshold', 'int'],
  taxClass: ['tax_class', 'text'],
  productImage: ['product_image', 'text'],
  enDescribe: ['en_describe', 'text'],
  znDescribe: ['zn_describe', 'text'],
  categoryId: ['category_id', 'int'],
  soldBy: ['sold_by', 'text'],
  weightUnit: ['weight_unit', 'text'],
  unitPriceCents: ['unit_price_cents', 'int'],
  key: ['key', 'text'],
  onSale: ['on_sale', 'boolean'],
} as const;

/** Nullable columns: a row clears one with '' (null, in the JSON, keeps the value). */
const CLEARABLE = new Set(['barcode', 'scale_item_code']);
const SALE_FIELDS = [
  'soldBy',
  'weightUnit',
  'unitPriceCents',
  'stepMilli',
  'pieceGrams',
  'priceCents',
] as const;

/**
 * How the few rows that change how a product is sold are sold, one statement each and before the
 * batches: a step or piece may become none (null, which the batches read as "unchanged"), and the
 * sale's columns change together so the products_sold_by check holds at every statement.
 */
async function updateSales(tx: Tx, updates: readonly PlannedUpdate[]): Promise<void> {
  for (const u of updates) {
    if (!('stepMilli' in u.set) && !('pieceGrams' in u.set) && !('soldBy' in u.set)) continue;
    const set = Object.fromEntries(SALE_FIELDS.filter((f) => f in u.set).map((f) => [f, u.set[f]]));
    await tx.update(products).set(set).where(eq(products.id, u.id));
  }
}

/**
 * The updates, WRITE_BATCH rows a statement: each row's changed columns travel as JSON, and a
 * column a row leaves out (null) keeps its value; a code it clears travels as ''.
 */
export async function updateInBatches(tx: Tx, updates: readonly PlannedUpdate[]): Promise<void> {
  await updateSales(tx, updates);
  const columns = Object.entries(UPDATABLE);
  const changing = updates.filter((u) => Object.keys(u.set).length > 0);
  for (let i = 0; i < changing.length; i += WRITE_BATCH) {
    await nextTurn();
    const batch = changing.slice(i, i + WRITE_BATCH).map((u) => {
      const row: Record<string, unknown> = { id: u.id };
      for (const [field, [column]] of columns) {
        const value = (u.set as Record<string, unknown>)[field];
        if (value !== undefined) row[column] = value === null && CLEARABLE.has(column) ? '' : value;
      }
      return row;
    });
    const assignments = sql.join(
      columns.map(([, [column]]) =>
        sql.raw(
          CLEARABLE.has(column)
            ? `${column} = nullif(coalesce(x.${column}, p.${column}), '')`
            : `${column} = coalesce(x.${column}, p.${column})`,
        ),
      ),
      sql.raw(', '),
    );
    const shape = sql.raw(['id int', ...columns.map(([, [column, type]]) => `${column} ${type}`)].join(', '));
    await tx.execute(
      sql`update products p set ${assignments} from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as x(${shape}) where p.id = x.id`,
    );
  }
}

/** Columns a created product sets (the others keep their defaults), with their SQL types. */
const INSERTED = {
  ...UPDATABLE,
  uuid: ['uuid', 'uuid'],
  realStock: ['real_stock', 'int'],
  stepMilli: ['step_milli', 'int'],
  pieceGrams: ['piece_grams', 'int'],
} as const;

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
  netVolumeMl: 0,
  netCount: 0,
  termDays: 0,
  lowStockThreshold: 10,
  taxClass: 'groceries',
  enDescribe: '',
  znDescribe: '',
  onSale: false,
  realStock: 0,
  soldBy: 'unit',
};

/**
 * The new products, WRITE_BATCH rows a statement, as one JSON parameter: binding 25 parameters
 * a row cost PGlite ten times as much. Answers their ids with their uuids.
 */
export async function insertInBatches(
  tx: Tx,
  creates: readonly NewProduct[],
): Promise<{ id: number; uuid: string }[]> {
  const columns = Object.entries(INSERTED);
  const names = sql.raw(columns.map(([, [column]]) => column).join(', '));
  const shape = sql.raw(columns.map(([, [column, type]]) => `${column} ${type}`).join(', '));
  const ids: { id: number; uuid: string }[] = [];
  for (let i = 0; i < creates.length; i += WRITE_BATCH) {
    await nextTurn();
    const batch = creates.slice(i, i + WRITE_BATCH).map((p) => {
      const full = { ...NEW_PRODUCT_DEFAULTS, ...p } as Record<string, unknown>;
      return Object.fromEntries(columns.map(([field, [column]]) => [column, full[field]]));
    });
    const result = await tx.execute<{ id: number; uuid: string }>(
      sql`insert into products (${names}) select ${names} from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as x(${shape}) returning id, uuid`,
    );
    const rows = rowsOf<{ id: number; uuid: string }>(result);
    ids.push(...rows.map((r) => ({ id: Number(r.id), uuid: String(r.uuid) })));
  }
  return ids;
}

/** The rows a raw statement answered, as PGlite's and node-postgres's drivers each give them. */
const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? result : (result as { rows: T[] }).rows);

/**
 * The stock of each update that sets it, WRITE_BATCH rows a statement (one statement a product
 * held the thread for over 100 ms a batch), each only if it is still what the plan read, so an
 * order taking stock meanwhile is never overwritten. Answers the ids set: fewer than asked means
 * the stock moved meanwhile.
 */
export async function setStockInBatches(tx: Tx, updates: readonly PlannedUpdate[]): Promise<number[]> {
  const moving = updates.flatMap((u) =>
    u.stock ? [{ id: u.id, from_stock: u.stock.from, to_stock: u.stock.to }] : [],
  );
  const set: number[] = [];
  for (let i = 0; i < moving.length; i += WRITE_BATCH) {
    await nextTurn();
    const batch = JSON.stringify(moving.slice(i, i + WRITE_BATCH));
    const result = await tx.execute<{ id: number }>(
      sql`update products p set real_stock = x.to_stock, stock_changed_at = clock_timestamp() from jsonb_to_recordset(${batch}::jsonb) as x(id int, from_stock int, to_stock int) where p.id = x.id and p.real_stock = x.from_stock returning p.id`,
    );
    set.push(...rowsOf<{ id: number }>(result).map((r) => Number(r.id)));
  }
  return set;
}
