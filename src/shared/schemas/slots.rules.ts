/**
 * Delivery slot rules (docs/product.md, Delivery slots), as plain functions the console
 * and the server share (no zod: the console's form checks its rows with them before it sends).
 */

/** Weekdays as JavaScript numbers them: 0 = Sunday … 6 = Saturday. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
/** The console lists the week from Monday. */
export const WEEK_FROM_MONDAY = [1, 2, 3, 4, 5, 6, 0] as const;

export const CAPACITY_MAX = 10_000;
/** A week: orders may close up to this many hours before a window. */
export const CUTOFF_HOURS_MAX = 168;
/** The cart shows at most two weeks: the slot list stays small (at most DAYS_AHEAD_MAX × windows a day). */
export const DAYS_AHEAD_MAX = 14;
export const WINDOWS_MAX = 70;
export const CLOSED_DATES_MAX = 366;

/** A slot's state for the shopper: open, full, or closed (past its cut-off). */
export const SLOT_STATES = ['open', 'full', 'closed'] as const;
export type SlotState = (typeof SLOT_STATES)[number];

const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** `HH:mm` as minutes after midnight; `24:00` ends a day. Undefined when it is not such a time. */
export function minutesOfClock(text: string): number | undefined {
  const t = text.trim();
  if (t === '24:00') return 1440;
  const m = CLOCK.exec(t);
  return m ? Number(m[1]) * 60 + Number(m[2]) : undefined;
}

/** Minutes after midnight as `HH:mm`. */
export function clockOfMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  return `${String(h).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

// Bounded once for every date field (common.rules.ts).
export { isCalendarDate } from './common.rules';

export interface WindowRule {
  weekday: number;
  start: number;
  end: number;
}

type Problem = `errors:${string}`;

/** Why a week of windows cannot be saved (a window ending before it starts, two overlapping on a day), or undefined. */
export function windowsProblem(windows: readonly WindowRule[]): Problem | undefined {
  if (windows.length > WINDOWS_MAX) return 'errors:slots.tooManyWindows';
  for (const w of windows) if (w.end <= w.start) return 'errors:slots.windowEndsFirst';
  for (const day of WEEKDAYS) {
    const ofDay = windows.filter((w) => w.weekday === day).sort((a, b) => a.start - b.start);
    for (let i = 1; i < ofDay.length; i++) {
      if ((ofDay[i]?.start ?? 0) < (ofDay[i - 1]?.end ?? 0)) return 'errors:slots.windowsOverlap';
    }
  }
  return undefined;
}
