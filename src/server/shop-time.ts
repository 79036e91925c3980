/**
 * Days as the shop lives them: "today" and "the same weekday last week" begin at midnight in the
 * shop's time zone (SHOP_TIME_ZONE), whatever zone the server runs in, daylight saving included.
 */

/**
 * One formatter per zone and kind, made once: building an Intl.DateTimeFormat costs about 100×
 * using one, which made a year's orders CSV (100,000 times, bench/reports.ts) take seconds.
 * Zones are few (SHOP_TIME_ZONE, and what tests choose), so the cache stays small.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterOf(kind: 'date' | 'parts', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind} ${timeZone}`;
  let made = formatters.get(key);
  if (!made) {
    made =
      kind === 'date'
        ? new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
        : new Intl.DateTimeFormat('en-US', {
            timeZone,
            hourCycle: 'h23',
            year: 'numeric',
            month: 'numeric',
            day: 'numeric',
            hour: 'numeric',
            minute: 'numeric',
            second: 'numeric',
          });
    formatters.set(key, made);
  }
  return made;
}

/** The calendar date (YYYY-MM-DD) of `instant` in `timeZone`. */
export function shopDate(instant: Date, timeZone: string): string {
  return formatterOf('date', timeZone).format(instant);
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const parts = formatterOf('parts', timeZone).formatToParts(new Date(instant));
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The instant midnight begins `date` (YYYY-MM-DD) in `timeZone`. */
export function dayStart(date: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  const wall = Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1);
  const guess = wall - offsetAt(wall, timeZone);
  return new Date(wall - offsetAt(guess, timeZone));
}

/** `date` (YYYY-MM-DD) moved by `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, (d ?? 1) + days)).toISOString().slice(0, 10);
}

/** Whether `timeZone` is an IANA zone this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** `instant` on the shop's wall clock, `YYYY-MM-DDTHH:mm` (as the console shows and enters times). */
export function shopWallTime(instant: Date, timeZone: string): string {
  const wall = new Date(
    Math.floor(instant.getTime() / 60_000) * 60_000 + offsetAt(instant.getTime(), timeZone),
  );
  return wall.toISOString().slice(0, 16);
}

/** The instant a `YYYY-MM-DDTHH:mm` of the shop's wall clock names (the later one when a clock change repeats it). */
export function fromShopWallTime(text: string, timeZone: string): Date {
  const wall = Date.parse(`${text}:00Z`);
  const guess = wall - offsetAt(wall, timeZone);
  return new Date(wall - offsetAt(guess, timeZone));
}
