/**
 * The console's stock rules (docs/api.md, Admin: stock), as plain functions the console and the
 * server share (no zod: the console's form checks each row with them before it sends).
 */

/** Why stock changes: received (+N), damaged (−N), count (the shelf holds N now). */
export const STOCK_REASONS = ['received', 'damaged', 'count'] as const;
export type StockReason = (typeof STOCK_REASONS)[number];

/** The most units one change may name. */
export const STOCK_QUANTITY_MAX = 1_000_000;
/** The most products one batch may change (a grid page is smaller). */
export const STOCK_BATCH_MAX = 100;
/** A movement's note, in characters. */
export const STOCK_NOTE_MAX = 120;
export const THRESHOLD_MAX = 100_000;
/** Rows of the stock grid per page, and the most a caller may ask for. */
export const STOCK_PAGE_SIZE = 50;
export const STOCK_PAGE_SIZE_MAX = 200;
/** Movements per page beside a product. */
export const MOVEMENTS_PAGE_SIZE = 20;

type Problem = `errors:${string}`;

export const isStockReason = (value: unknown): value is StockReason =>
  typeof value === 'string' && (STOCK_REASONS as readonly string[]).includes(value);

/** A whole number as typed (digits, spaces around allowed) or sent as a JSON number; else undefined. */
export function wholeNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value !== 'string' || !/^\s*-?\d{1,12}\s*$/.test(value)) return undefined;
  return Number(value.trim());
}

/** What is wrong with `value` as the quantity of a `reason` change: a count may be 0, the others not. */
export function quantityProblem(reason: StockReason, value: unknown): Problem | undefined {
  const n = wholeNumber(value);
  const least = reason === 'count' ? 0 : 1;
  if (n !== undefined && n >= least && n <= STOCK_QUANTITY_MAX) return undefined;
  return reason === 'count' ? 'errors:catalogueAdmin.stock.count' : 'errors:catalogueAdmin.stock.quantity';
}

export function thresholdProblem(value: unknown): Problem | undefined {
  const n = wholeNumber(value);
  return n !== undefined && n >= 0 && n <= THRESHOLD_MAX
    ? undefined
    : 'errors:catalogueAdmin.stock.threshold';
}

export function noteProblem(value: unknown): Problem | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' && value.length <= STOCK_NOTE_MAX && !value.includes('\u0000')
    ? undefined
    : 'errors:catalogueAdmin.stock.note';
}
