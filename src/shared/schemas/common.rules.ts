/**
 * Rules every module's fields share, as plain functions the browser can load (no zod). The zod
 * primitives built on them are in common.zod.ts.
 */

/** PostgreSQL text cannot hold a NUL character: no text field of ours may carry one. */
export function hasNul(text: string): boolean {
  return text.includes('\u0000');
}

/**
 * The years a date the shop is given may name. Days outside them mean nothing to a grocery, and
 * far ones (9999-12-31, 275760-09-13) break time zone arithmetic and the database's timestamps.
 */
export const FIRST_YEAR = 2000;
export const LAST_YEAR = 2099;

const DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** A real calendar date `YYYY-MM-DD` (not 2026-02-30) in the years FIRST_YEAR–LAST_YEAR. */
export function isCalendarDate(text: string): boolean {
  if (!DATE_PATTERN.test(text)) return false;
  const year = Number(text.slice(0, 4));
  if (year < FIRST_YEAR || year > LAST_YEAR) return false;
  return new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Half of a UTF-16 pair without its other half (a JSON `"\ud800"` escape): no character at all,
 * which PostgreSQL's text and JSON refuse and no encoder can write.
 */
export function hasLoneSurrogate(text: string): boolean {
  return LONE_SURROGATE.test(text);
}

/** A uuid as paths and parameters carry it (products, addresses, cards, users); either case. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  page_size: number;
}
