import { z } from 'zod';
import { inOrder, isFields, refuse, Text } from './common.zod';
import {
  CAPACITY_MAX,
  CLOSED_DATES_MAX,
  CUTOFF_HOURS_MAX,
  DAYS_AHEAD_MAX,
  isCalendarDate,
  minutesOfClock,
  SLOT_STATES,
  WINDOWS_MAX,
  type WindowRule,
  windowsProblem,
} from './slots.rules';

/* Requests and answers of the delivery slot calls (docs/api.md, Delivery slots). */

const S = 'errors:slots';

/** A whole number in [min, max], sent as a JSON number or digits. */
function whole(value: unknown, min: number, max: number): number | undefined {
  const n =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && /^\s*\d{1,9}\s*$/.test(value)
        ? Number(value)
        : Number.NaN;
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
}

function flag(value: unknown): boolean | undefined {
  if (value === true || value === 'true' || value === '1' || value === 1) return true;
  if (value === false || value === 'false' || value === '0' || value === 0 || value === '') return false;
  return undefined;
}

/** `POST /api/admin/delivery/slots`: the whole of the shop's slot settings, as the console's form sends them. */
export const SlotSettingsInput = z
  .object({
    offered: z.unknown().optional(),
    required: z.unknown().optional(),
    capacity: z.unknown().optional(),
    cutoff_hours: z.unknown().optional(),
    days_ahead: z.unknown().optional(),
    windows: z.unknown().optional(),
    closed_dates: z.unknown().optional(),
  })
  .transform(
    inOrder((v, stop) => {
      const offered = flag(v.offered ?? false) ?? stop('field', ['offered']);
      const required = flag(v.required ?? false) ?? stop('field', ['required']);
      const capacity = whole(v.capacity, 1, CAPACITY_MAX) ?? stop(`${S}.capacityBad`);
      const cutoffHours = whole(v.cutoff_hours, 0, CUTOFF_HOURS_MAX) ?? stop(`${S}.cutoffBad`);
      const daysAhead = whole(v.days_ahead, 1, DAYS_AHEAD_MAX) ?? stop(`${S}.daysAheadBad`);
      const rawWindows = v.windows ?? [];
      if (!Array.isArray(rawWindows)) return stop('field', ['windows']);
      if (rawWindows.length > WINDOWS_MAX) return stop(`${S}.tooManyWindows`);
      const windows: WindowRule[] = rawWindows.map((w) => {
        if (!isFields(w)) return stop(`${S}.windowBad`);
        const weekday = whole(w.weekday, 0, 6);
        const start = typeof w.start === 'string' ? minutesOfClock(w.start) : undefined;
        const end = typeof w.end === 'string' ? minutesOfClock(w.end) : undefined;
        if (weekday === undefined || start === undefined || end === undefined) return stop(`${S}.windowBad`);
        return { weekday, start, end };
      });
      const problem = windowsProblem(windows);
      if (problem) return stop(problem);
      if (offered && windows.length === 0) return stop(`${S}.windowsRequired`);
      const rawDates = v.closed_dates ?? [];
      if (!Array.isArray(rawDates)) return stop('field', ['closed_dates']);
      if (rawDates.length > CLOSED_DATES_MAX) return stop(`${S}.tooManyDates`);
      const closedDates = [
        ...new Set(
          rawDates.map((d) =>
            typeof d === 'string' && isCalendarDate(d.trim()) ? d.trim() : stop(`${S}.dateBad`),
          ),
        ),
      ].sort();
      return { offered, required, capacity, cutoffHours, daysAhead, windows, closedDates };
    }),
  );
export type SlotSettingsInput = z.output<typeof SlotSettingsInput>;

/** The `slot` of `POST /api/order`: a slot's start as an ISO instant, or empty for none. */
export const SlotField = Text(40).transform((v, ctx): Date | null => {
  const text = v.trim();
  if (text === '') return null;
  const at = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d{1,3})?)?(Z|[+-]\d\d:\d\d)$/.test(text)
    ? new Date(text)
    : undefined;
  return at && !Number.isNaN(at.getTime()) ? at : refuse(ctx, `${S}.unknown`);
});

/* Answers. */

export const DeliverySlot = z.object({
  starts_at: z.string(),
  ends_at: z.string(),
  /** The shop's calendar date of the start, `YYYY-MM-DD` (the cart's day tabs). */
  date: z.string(),
  state: z.enum(SLOT_STATES),
});
export type DeliverySlot = z.infer<typeof DeliverySlot>;

/** `GET /api/delivery/slots`. */
export const DeliverySlots = z.object({
  time_zone: z.string(),
  offered: z.boolean(),
  required: z.boolean(),
  slots: z.array(DeliverySlot),
});
export type DeliverySlots = z.infer<typeof DeliverySlots>;

/** `GET /api/admin/delivery/slots`: the settings as the console edits them, and the coming slots' places. */
export const SlotSettings = z.object({
  time_zone: z.string(),
  offered: z.boolean(),
  required: z.boolean(),
  capacity: z.number().int(),
  cutoff_hours: z.number().int(),
  days_ahead: z.number().int(),
  windows: z.array(z.object({ weekday: z.number().int(), start: z.string(), end: z.string() })),
  closed_dates: z.array(z.string()),
  upcoming: z.array(DeliverySlot.extend({ held: z.number().int(), capacity: z.number().int() })),
});
export type SlotSettings = z.infer<typeof SlotSettings>;

/** An order's slot, with the zone its times are shown in. */
export const OrderSlot = z
  .object({ starts_at: z.string(), ends_at: z.string(), time_zone: z.string() })
  .nullable();
export type OrderSlot = z.infer<typeof OrderSlot>;
