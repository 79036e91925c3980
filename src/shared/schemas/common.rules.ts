/**
 * Rules every module's fields share, as plain functions the browser can load (no zod). The zod
 * primitives built on them are in common.zod.ts.
 */

/** PostgreSQL text cannot hold a NUL character: no text field of ours may carry one. */
export function hasNul(text: string): boolean {
  return text.includes('\u0000');
}

/** A uuid as paths and parameters carry it (products, addresses, cards, users); either case. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  page_size: number;
}
