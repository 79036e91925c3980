/**
 * The delivery area's rules (docs/product.md, Delivery), shared by the server and the console's
 * form: an area is a list of US ZIP codes or prefixes, and a ZIP is inside when an entry starts it.
 */

/** One entry: 1 to 5 digits (`941` covers 94100–94199; `94107` is one ZIP). */
export const AREA_ENTRY_PATTERN = /^\d{1,5}$/;

/** Most entries an area holds: a metro area's ZIPs, with room to spare. */
export const AREA_MAX_ENTRIES = 2_000;

/** Most characters the console's area text may hold (2,000 ZIPs with separators). */
export const AREA_TEXT_MAX = 14_000;

/** The highest fee, threshold or minimum the console takes: $10,000. */
export const DELIVERY_AMOUNT_MAX_CENTS = 1_000_000;

export type AreaProblem = 'areaEntryBad' | 'areaTooLong';

/**
 * The entries of an area's text (separated by commas, spaces or lines), sorted and without
 * duplicates; or what is wrong with it.
 */
export function parseArea(text: string): { area: string[] } | { problem: AreaProblem } {
  const entries = text.split(/[\s,;]+/).filter((e) => e !== '');
  if (entries.some((e) => !AREA_ENTRY_PATTERN.test(e))) return { problem: 'areaEntryBad' };
  const area = [...new Set(entries)].sort();
  if (area.length > AREA_MAX_ENTRIES) return { problem: 'areaTooLong' };
  return { area };
}

/** The five digits a ZIP starts with (`94107-1234` → `94107`); undefined when it has none. */
export function zip5(zip: string): string | undefined {
  const match = /^\s*(\d{5})(?:-\d{4})?\s*$/.exec(zip);
  return match?.[1];
}

/** Whether the shop delivers to a ZIP: always when no area is set; else when an entry starts it. */
export function deliversTo(area: readonly string[], zip: string): boolean {
  if (area.length === 0) return true;
  const five = zip5(zip);
  return five !== undefined && area.some((entry) => five.startsWith(entry));
}
