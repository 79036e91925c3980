/**
 * Rules every module's fields share, as plain functions the browser can load (no zod). The zod
 * primitives built on them are in common.zod.ts.
 */

/** PostgreSQL text cannot hold a NUL character: no text field of ours may carry one. */
export function hasNul(text: string): boolean {
  return text.includes('\u0000');
}

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  page_size: number;
}
