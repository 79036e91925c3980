import type { products } from '#server/db/schema';
import type { MessageParams } from '#server/i18n';
import { checkBarcode, SCALE_ITEM_CODE_PATTERN } from '#shared/barcode';
import { amountToCents, centsToDecimalString } from '#shared/money';
import { hasNul, UUID_PATTERN } from '#shared/schemas/common.rules';
import {
  PRODUCT_NUMBER_MAX,
  PRODUCT_PRICE_MAX_CENTS,
  PRODUCT_TEXT_MAX,
} from '#shared/schemas/product-admin.rules';
import {
  PRODUCT_CSV_COLUMNS,
  type ProductCsvColumn,
  REQUIRED_FOR_NEW,
} from '#shared/schemas/product-import.rules';
import { type CsvRecord, textOfCell } from './csv';

/*
 * The product CSV's rows, to and from product fields (docs/api.md, Admin: import and export).
 * Reading gives each row the fields it sets (a column left out of the file changes nothing) or its
 * problems, as translation keys; resolving categories and matching products is product-import.ts's.
 */

type ProductRow = typeof products.$inferSelect;

/** The product columns a CSV column writes (besides uuid, key, category, real_stock and published). */
export interface ProductPatch {
  enName?: string;
  znName?: string;
  enNumber?: string;
  znNumber?: string;
  enWeight?: string;
  znWeight?: string;
  brandEnName?: string;
  brandZnName?: string;
  boxGauge?: string;
  weightG?: number;
  netWeightG?: number;
  netVolumeMl?: number;
  netCount?: number;
  /** null clears it. */
  barcode?: string | null;
  scaleItemCode?: string | null;
  termDays?: number;
  priceCents?: number;
  lowStockThreshold?: number;
  taxClass?: string;
  productImage?: string;
  enDescribe?: string;
  znDescribe?: string;
  soldBy?: string;
  weightUnit?: string;
  unitPriceCents?: number;
  /** null: none (the column was given empty). */
  stepMilli?: number | null;
  pieceGrams?: number | null;
}

export interface CsvProblem {
  row: number;
  column: string;
  key: string;
  params?: MessageParams;
}

export interface ReadRow {
  line: number;
  uuid: string;
  key: string;
  /** The category as written (a key or a name); '' when the column is absent or empty. */
  category: string;
  patch: ProductPatch;
  realStock?: number;
  published?: boolean;
  /**
   * The columns whose cells are wrong (reported already): the row is then only checked for its
   * other problems (its category, a repeated uuid or key, a missing field), never written.
   */
  faulty?: ReadonlySet<string>;
}

const NUMBER_LIMIT = PRODUCT_NUMBER_MAX;
/** The editor's limits (product-admin.rules.ts), so an imported product can be edited as it is. */
const TEXT_LIMIT: Partial<Record<ProductCsvColumn, number>> = {
  en_name: PRODUCT_TEXT_MAX.name,
  zn_name: PRODUCT_TEXT_MAX.name,
  en_number: PRODUCT_TEXT_MAX.label,
  zn_number: PRODUCT_TEXT_MAX.label,
  en_weight: PRODUCT_TEXT_MAX.label,
  zn_weight: PRODUCT_TEXT_MAX.label,
  brand_en_name: PRODUCT_TEXT_MAX.brand,
  brand_zn_name: PRODUCT_TEXT_MAX.brand,
  number: PRODUCT_TEXT_MAX.label,
  en_describe: PRODUCT_TEXT_MAX.describe,
  zn_describe: PRODUCT_TEXT_MAX.describe,
};
const OTHER_TEXT_LIMIT = 500;
/** How much of an unknown column's name a problem repeats. */
const NAME_SHOWN = 40;
/**
 * The shop's own pictures, the only ones a CSV may name: the drawn ones (`/media/<name>-<width>.webp`,
 * src/shared/media.ts) and those staff uploaded (`/uploads/catalogue/<24 hex>-<width>.webp`,
 * media.files.ts). Anything else would make the storefront and its link previews show a picture
 * from elsewhere.
 */
const OWN_PICTURE = /^\/(?:media\/[a-z0-9]+(?:-[a-z0-9]+)*|uploads\/catalogue\/[0-9a-f]{24})-\d{2,4}\.webp$/;
const KEY_PATTERN = /^[a-z0-9][a-z0-9._-]{0,79}$/i;
const YES = new Set(['yes', 'y', 'true', '1', '是']);
const NO = new Set(['no', 'n', 'false', '0', '否']);

const TEXT_COLUMNS = {
  en_name: 'enName',
  zn_name: 'znName',
  en_number: 'enNumber',
  zn_number: 'znNumber',
  en_weight: 'enWeight',
  zn_weight: 'znWeight',
  brand_en_name: 'brandEnName',
  brand_zn_name: 'brandZnName',
  number: 'boxGauge',
  product_image: 'productImage',
  en_describe: 'enDescribe',
  zn_describe: 'znDescribe',
  tax_class: 'taxClass',
} as const satisfies Partial<Record<ProductCsvColumn, keyof ProductPatch>>;

const WHOLE_COLUMNS = {
  weight: 'weightG',
  net_weight: 'netWeightG',
  net_volume_ml: 'netVolumeMl',
  net_count: 'netCount',
  term: 'termDays',
  low_stock_threshold: 'lowStockThreshold',
} as const satisfies Partial<Record<ProductCsvColumn, keyof ProductPatch>>;

/**
 * A code cell as the export writes it (behind one apostrophe) or as a spreadsheet saved it: a
 * spreadsheet that took it for a number dropped its leading zero, which cannot change the GTIN, so
 * an 11-digit or 7-digit code gets it back, and a scale item code its zeros up to five digits.
 */
function codeOfCell(raw: string, column: 'barcode' | 'scale_item_code'): string {
  const code = raw.trim().replace(/^'/, '').trim();
  if (column === 'scale_item_code') return /^\d{1,4}$/.test(code) ? code.padStart(5, '0') : code;
  return /^(\d{7}|\d{11})$/.test(code) ? `0${code}` : code;
}

/** A code written so a spreadsheet keeps it as text (its leading zeros) and never runs it. */
function codeCell(code: string | null): string {
  return code === null ? '' : `'${code}`;
}
const SALE_COLUMNS = {
  sold_by: 'soldBy',
  weight_unit: 'weightUnit',
  unit_price: 'unitPriceCents',
  step: 'stepMilli',
  piece_grams: 'pieceGrams',
} as const satisfies Partial<Record<ProductCsvColumn, keyof ProductPatch>>;

/** Where each column sits in the file; problems with the header itself. */
export function readHeader(header: CsvRecord): { at: Map<ProductCsvColumn, number>; problems: CsvProblem[] } {
  const at = new Map<ProductCsvColumn, number>();
  const problems: CsvProblem[] = [];
  const known = new Set<string>(PRODUCT_CSV_COLUMNS);
  header.fields.forEach((raw, i) => {
    const name = raw.trim().toLowerCase();
    if (!known.has(name)) {
      const shown = raw.length > NAME_SHOWN ? `${raw.slice(0, NAME_SHOWN)}…` : raw;
      problems.push({
        row: 1,
        column: shown,
        key: 'errors:catalogueAdmin.import.unknownColumn',
        params: { value: shown },
      });
      return;
    }
    const column = name as ProductCsvColumn;
    if (at.has(column))
      problems.push({
        row: 1,
        column,
        key: 'errors:catalogueAdmin.import.duplicateColumn',
        params: { column },
      });
    else at.set(column, i);
  });
  if (!at.has('uuid') && !at.has('key'))
    problems.push({ row: 1, column: 'uuid', key: 'errors:catalogueAdmin.import.noIdColumn' });
  return { at, problems };
}

/**
 * One record as the fields it sets, and its problems; a row with any is marked `faulty` (none of
 * its fields are then used), and read on so every problem of the row is reported at once.
 */
export function readRow(
  record: CsvRecord,
  at: Map<ProductCsvColumn, number>,
): { row: ReadRow; problems: CsvProblem[] } {
  const problems: CsvProblem[] = [];
  const problem = (column: string, key: string, params?: MessageParams) =>
    problems.push({ row: record.line, column, key: `errors:catalogueAdmin.import.${key}`, params });
  const cell = (column: ProductCsvColumn): string | undefined => {
    const i = at.get(column);
    return i === undefined ? undefined : textOfCell(record.fields[i] ?? '');
  };
  const text = (column: ProductCsvColumn, max: number): string | undefined => {
    const raw = cell(column);
    if (raw === undefined) return undefined;
    const value = column.endsWith('_describe') ? raw.trim() : raw.trim().replace(/\s+/g, ' ');
    if (hasNul(value)) problem(column, 'badText', { column });
    else if (value.length > max) problem(column, 'tooLong', { column, max });
    return value;
  };
  const whole = (column: ProductCsvColumn): number | undefined => {
    const raw = cell(column)?.trim();
    if (raw === undefined || raw === '') return undefined;
    if (!/^\d{1,8}$/.test(raw) || Number(raw) > NUMBER_LIMIT) {
      problem(column, 'badWhole', { column, max: NUMBER_LIMIT });
      return undefined;
    }
    return Number(raw);
  };

  const uuid = cell('uuid')?.trim() ?? '';
  if (uuid !== '' && !UUID_PATTERN.test(uuid)) problem('uuid', 'badUuid');
  const key = cell('key')?.trim() ?? '';
  if (key !== '' && !KEY_PATTERN.test(key)) problem('key', 'badKey');
  const patch: ProductPatch = {};
  for (const [column, field] of Object.entries(TEXT_COLUMNS) as [ProductCsvColumn, keyof ProductPatch][]) {
    const value = text(column, TEXT_LIMIT[column] ?? OTHER_TEXT_LIMIT);
    if (value !== undefined) (patch as Record<string, unknown>)[field] = value;
  }
  for (const [column, field] of Object.entries(WHOLE_COLUMNS) as [ProductCsvColumn, keyof ProductPatch][]) {
    const value = whole(column);
    if (value !== undefined) (patch as Record<string, unknown>)[field] = value;
  }
  const barcode = cell('barcode');
  if (barcode !== undefined) {
    const code = codeOfCell(barcode, 'barcode');
    const checked = code === '' ? undefined : checkBarcode(code);
    if (checked && !checked.ok)
      problems.push({ row: record.line, column: 'barcode', key: `errors:barcode.${checked.problem}` });
    else patch.barcode = checked ? checked.code : null;
  }
  const scaleItemCode = cell('scale_item_code');
  if (scaleItemCode !== undefined) {
    const code = codeOfCell(scaleItemCode, 'scale_item_code');
    if (code !== '' && !SCALE_ITEM_CODE_PATTERN.test(code))
      problems.push({ row: record.line, column: 'scale_item_code', key: 'errors:barcode.scaleItemCode' });
    else patch.scaleItemCode = code === '' ? null : code;
  }
  const image = patch.productImage;
  if (image && !OWN_PICTURE.test(image)) problem('product_image', 'badImage');
  const price = cell('price')?.trim();
  if (price !== undefined && price !== '') {
    const cents = amountToCents(price);
    if (cents === undefined || cents > PRODUCT_PRICE_MAX_CENTS) problem('price', 'badPrice');
    else patch.priceCents = cents;
  }
  readSale(cell, problem, patch);
  const realStock = whole('real_stock');
  const publishedText = cell('published')?.trim().toLowerCase() ?? '';
  const published = YES.has(publishedText) ? true : NO.has(publishedText) ? false : undefined;
  if (publishedText !== '' && published === undefined) problem('published', 'badPublished');
  const category = text('category', PRODUCT_TEXT_MAX.name) ?? '';
  // A present required column may not be emptied, on a new product or an existing one.
  for (const column of REQUIRED_FOR_NEW) {
    if (cell(column)?.trim() === '') problem(column, 'required', { column });
  }
  // A malformed uuid or key is not looked up (a uuid column would refuse it): the row is faulty anyway.
  const row: ReadRow = {
    line: record.line,
    uuid: UUID_PATTERN.test(uuid) ? uuid.toLowerCase() : '',
    key: KEY_PATTERN.test(key) ? key : '',
    category,
    patch,
    realStock,
    published,
  };
  if (problems.length > 0) row.faulty = new Set(problems.map((p) => p.column));
  return { row, problems };
}

/** How a row sells its product (docs/product.md, Sold by weight): what it sets, or its problems. */
function readSale(
  cell: (column: ProductCsvColumn) => string | undefined,
  problem: (column: string, key: string, params?: MessageParams) => void,
  patch: ProductPatch,
): void {
  const soldBy = cell('sold_by')?.trim().toLowerCase();
  if (soldBy !== undefined && soldBy !== '') {
    if (soldBy === 'unit' || soldBy === 'weight') patch.soldBy = soldBy;
    else problem('sold_by', 'badSoldBy');
  }
  const unit = cell('weight_unit')?.trim().toLowerCase();
  if (unit !== undefined && unit !== '') {
    if (unit === 'lb' || unit === 'kg') patch.weightUnit = unit;
    else problem('weight_unit', 'badWeightUnit');
  }
  const unitPrice = cell('unit_price')?.trim();
  if (unitPrice !== undefined && unitPrice !== '') {
    const cents = amountToCents(unitPrice);
    if (cents === undefined || cents > PRODUCT_PRICE_MAX_CENTS) problem('unit_price', 'badPrice');
    else patch.unitPriceCents = cents;
  }
  const step = cell('step')?.trim();
  if (step !== undefined) {
    const match = /^(\d{1,2})(?:\.(\d{1,3}))?$/.exec(step);
    if (step === '' || step === '0') patch.stepMilli = null;
    else if (!match) problem('step', 'badStep');
    else patch.stepMilli = Number(match[1]) * 1000 + Number((match[2] ?? '').padEnd(3, '0')) || null;
  }
  const piece = cell('piece_grams')?.trim();
  if (piece !== undefined) {
    if (piece === '' || piece === '0') patch.pieceGrams = null;
    else if (!/^\d{1,5}$/.test(piece))
      problem('piece_grams', 'badWhole', { column: 'piece_grams', max: 10_000 });
    else patch.pieceGrams = Number(piece);
  }
}

/** The export's row of a product, in PRODUCT_CSV_COLUMNS order: numbers as numbers, the rest text. */
export function productCsvRow(p: ProductRow, categoryKey: string): (string | number)[] {
  const values: Record<ProductCsvColumn, string | number> = {
    uuid: p.uuid,
    key: p.key,
    category: categoryKey,
    en_name: p.enName,
    zn_name: p.znName,
    en_number: p.enNumber,
    zn_number: p.znNumber,
    en_weight: p.enWeight,
    zn_weight: p.znWeight,
    brand_en_name: p.brandEnName,
    brand_zn_name: p.brandZnName,
    number: p.boxGauge,
    weight: p.weightG,
    net_weight: p.netWeightG,
    net_volume_ml: p.netVolumeMl,
    net_count: p.netCount,
    barcode: codeCell(p.barcode),
    scale_item_code: codeCell(p.scaleItemCode),
    term: p.termDays,
    // Never below 0, so never taken for a formula: "4.25" as the storefront writes it.
    price: centsToDecimalString(p.priceCents),
    real_stock: p.realStock,
    low_stock_threshold: p.lowStockThreshold,
    tax_class: p.taxClass,
    product_image: p.productImage,
    published: p.onSale ? 'yes' : 'no',
    en_describe: p.enDescribe,
    zn_describe: p.znDescribe,
    sold_by: p.soldBy,
    weight_unit: p.weightUnit ?? '',
    unit_price: p.unitPriceCents === null ? '' : centsToDecimalString(p.unitPriceCents),
    step: p.stepMilli === null ? '' : String(p.stepMilli / 1000),
    piece_grams: p.pieceGrams ?? '',
  };
  return PRODUCT_CSV_COLUMNS.map((column) => values[column]);
}

/** The CSV column each patched product field comes from (for "what would change"). */
export const COLUMN_OF_FIELD: Record<keyof ProductPatch, ProductCsvColumn> = Object.fromEntries(
  [
    ...Object.entries(TEXT_COLUMNS),
    ...Object.entries(WHOLE_COLUMNS),
    ['price', 'priceCents'],
    ['barcode', 'barcode'],
    ['scale_item_code', 'scaleItemCode'],
    ...Object.entries(SALE_COLUMNS),
  ].map(([column, field]) => [field, column]),
) as Record<keyof ProductPatch, ProductCsvColumn>;
