import type { Language } from '#shared/constants';
import { formatWhen, type WhenOptions } from '#web/lib/date-time';

/** Shows a moment (an ISO instant) as staff read it: "Nov 24, 2026, 9:30 PM". */
export type When = (iso: string | null | undefined, options?: Omit<WhenOptions, 'timeZone'>) => string;

/**
 * The console's one way to show a moment: the storefront's formatWhen, in the staff member's
 * language, on the shop's clock (SHOP_TIME_ZONE, as `me` carries it), so a time reads the same on
 * every computer. Without a zone (not yet known), the browser's.
 */
export function whenOn(timeZone: string | undefined, language: Language): When {
  return (iso, options = {}) => formatWhen(iso, language, { ...options, timeZone });
}
