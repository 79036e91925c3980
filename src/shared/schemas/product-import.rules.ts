/**
 * The product CSV (docs/api.md, Admin: import and export): its columns, limits and the report a
 * dry run or an import answers. Plain data the console loads too (no zod).
 */

/**
 * The columns, in the order the export writes them: the storefront spec's product field names,
 * plus `key` and `category` (a category's key; an exact English or Chinese category name is also
 * accepted on import) and `published` (yes / no) and `low_stock_threshold`, and `tax_class` (a tax
 * class's code; empty keeps the product's, a new product's is groceries), `net_volume_ml` and
 * `net_count`, `barcode` and `scale_item_code` (written behind an apostrophe so a spreadsheet keeps
 * their leading zeros; empty clears them), and how it is sold (docs/product.md, Sold by weight):
 * `sold_by` (unit / weight), `weight_unit` (lb / kg), `unit_price`, `step` (units) or
 * `piece_grams`, an empty step or piece being none. A row is the product
 * with its `uuid`, else its `key`; a row matching no product creates one.
 */
export const PRODUCT_CSV_COLUMNS = [
  'uuid',
  'key',
  'category',
  'en_name',
  'zn_name',
  'en_number',
  'zn_number',
  'en_weight',
  'zn_weight',
  'brand_en_name',
  'brand_zn_name',
  'number',
  'weight',
  'net_weight',
  'net_volume_ml',
  'net_count',
  'barcode',
  'scale_item_code',
  'term',
  'price',
  'real_stock',
  'low_stock_threshold',
  'tax_class',
  'product_image',
  'published',
  'en_describe',
  'zn_describe',
  'sold_by',
  'weight_unit',
  'unit_price',
  'step',
  'piece_grams',
] as const;
export type ProductCsvColumn = (typeof PRODUCT_CSV_COLUMNS)[number];

/** Columns a row that creates a product must fill. */
export const REQUIRED_FOR_NEW: readonly ProductCsvColumn[] = ['category', 'en_name', 'zn_name', 'price'];

export const IMPORT_LIMITS = {
  /** Bytes of one CSV file. */
  bytes: 5 * 1024 * 1024,
  /** Products in one file. */
  rows: 5000,
  /** Row errors a report lists (the count says how many there were). */
  errors: 500,
  /**
   * Fields of one line: every column once. A longer line (a header of empty columns) stops the
   * file being read there, so a line of a million commas costs no more than this.
   */
  columns: PRODUCT_CSV_COLUMNS.length,
} as const;

export interface ImportRowError {
  /** The line of the file the row starts on (1 is the header). */
  row: number;
  column: string;
  message: string;
}

export interface ImportChange {
  row: number;
  action: 'create' | 'update';
  uuid: string;
  en_name: string;
  zn_name: string;
  /** Columns whose value changes (updates). */
  fields: string[];
}

/** What a dry run would do, or what an import did (`applied`). */
export interface ImportReport {
  applied: boolean;
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  errorCount: number;
  errors: ImportRowError[];
  changes: ImportChange[];
  /** Rows imported unpublished although they asked to be published, with what they lack. */
  warnings: ImportRowError[];
}
