import { addDays, fromShopWallTime, shopDate } from '#server/shop-time';
import { clockOfMinutes, type WindowRule } from '#shared/schemas/slots.rules';

/**
 * The delivery windows of the coming days, computed from the weekly rules on the shop's wall
 * clock (SHOP_TIME_ZONE), so a window at 10:00 stays at 10:00 across a daylight-saving change.
 * Pure: the time comes in, nothing is read.
 */

export interface SlotRules {
  offered: boolean;
  required: boolean;
  capacity: number;
  cutoffMinutes: number;
  daysAhead: number;
  windows: WindowRule[];
  closedDates: string[];
}

export interface CalendarSlot {
  startsAt: Date;
  endsAt: Date;
  /** The shop's calendar date of the start. */
  date: string;
  /** The shop does not deliver that day. */
  closedDate: boolean;
  /** Orders for it closed (its cut-off has passed). */
  pastCutoff: boolean;
}

/** The instant `minutes` after midnight of `date` on the shop's clock (1440 is the next midnight). */
function instantOf(date: string, minutes: number, timeZone: string): Date {
  if (minutes >= 1440) return fromShopWallTime(`${addDays(date, 1)}T00:00`, timeZone);
  return fromShopWallTime(`${date}T${clockOfMinutes(minutes)}`, timeZone);
}

/** 0 = Sunday … 6 = Saturday, of a calendar date. */
const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/**
 * Every window from today (the shop's date at `now`) through `daysAhead` days, in time order,
 * those on closed dates included and marked; windows that have started are left out. At most
 * `daysAhead` × windows a day (both bounded by the rules' limits).
 */
export function calendarSlots(rules: SlotRules, now: Date, timeZone: string): CalendarSlot[] {
  const today = shopDate(now, timeZone);
  const closed = new Set(rules.closedDates);
  const cutoffMs = rules.cutoffMinutes * 60_000;
  const out: CalendarSlot[] = [];
  for (let i = 0; i < rules.daysAhead; i++) {
    const date = addDays(today, i);
    const weekday = weekdayOf(date);
    const ofDay = rules.windows.filter((w) => w.weekday === weekday).sort((a, b) => a.start - b.start);
    for (const w of ofDay) {
      const startsAt = instantOf(date, w.start, timeZone);
      if (startsAt.getTime() <= now.getTime()) continue;
      out.push({
        startsAt,
        endsAt: instantOf(date, w.end, timeZone),
        date,
        closedDate: closed.has(date),
        pastCutoff: now.getTime() > startsAt.getTime() - cutoffMs,
      });
    }
  }
  return out;
}
