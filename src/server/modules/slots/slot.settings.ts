import { asc, inArray } from 'drizzle-orm';
import type { Changed } from '#server/audit';
import type { Db, Tx } from '#server/db/client';
import { deliveryClosedDates, deliverySlotRules, deliverySlots, deliveryWindows } from '#server/db/schema';
import { clockOfMinutes } from '#shared/schemas/slots.rules';
import type { SlotSettings, SlotSettingsInput } from '#shared/schemas/slots.zod';
import { calendarSlots, type SlotRules } from './slot.calendar';

/** A shop that has configured nothing: no slots offered, orders without one (the spec's behaviour). */
export const NO_SLOTS: SlotRules = {
  offered: false,
  required: false,
  capacity: 20,
  cutoffMinutes: 720,
  daysAhead: 7,
  windows: [],
  closedDates: [],
};

/** The shop's slot rules, its weekly windows and closed dates. */
export async function readSlotRules(db: Db | Tx): Promise<SlotRules> {
  const [row] = await db.select().from(deliverySlotRules);
  const windows = await db
    .select()
    .from(deliveryWindows)
    .orderBy(asc(deliveryWindows.weekday), asc(deliveryWindows.startMinute));
  const dates = await db.select().from(deliveryClosedDates).orderBy(asc(deliveryClosedDates.date));
  return {
    ...NO_SLOTS,
    ...(row
      ? {
          offered: row.offered,
          required: row.required,
          capacity: row.capacity,
          cutoffMinutes: row.cutoffMinutes,
          daysAhead: row.daysAhead,
        }
      : {}),
    windows: windows.map((w) => ({ weekday: w.weekday, start: w.startMinute, end: w.endMinute })),
    closedDates: dates.map((d) => d.date),
  };
}

/** Replaces the shop's slot rules with `input` (the console sends them whole). */
async function writeSlotRules(tx: Tx, input: SlotSettingsInput, now: Date): Promise<void> {
  const row = {
    offered: input.offered,
    required: input.required,
    capacity: input.capacity,
    cutoffMinutes: input.cutoffHours * 60,
    daysAhead: input.daysAhead,
    updatedAt: now,
  };
  await tx
    .insert(deliverySlotRules)
    .values({ id: 1, ...row })
    .onConflictDoUpdate({ target: deliverySlotRules.id, set: row });
  await tx.delete(deliveryWindows);
  if (input.windows.length > 0) {
    await tx
      .insert(deliveryWindows)
      .values(input.windows.map((w) => ({ weekday: w.weekday, startMinute: w.start, endMinute: w.end })));
  }
  await tx.delete(deliveryClosedDates);
  if (input.closedDates.length > 0) {
    await tx.insert(deliveryClosedDates).values(input.closedDates.map((date) => ({ date })));
  }
}

/** How many orders hold a place in each of these windows (by start instant, in ms). */
export async function heldIn(db: Db | Tx, starts: Date[]): Promise<Map<number, number>> {
  if (starts.length === 0) return new Map();
  const rows = await db
    .select({ startsAt: deliverySlots.startsAt, held: deliverySlots.held })
    .from(deliverySlots)
    .where(inArray(deliverySlots.startsAt, starts));
  return new Map(rows.map((r) => [r.startsAt.getTime(), r.held]));
}

/** The settings as the console shows them, with the coming windows' places taken. */
export async function slotSettings(db: Db | Tx, now: Date, timeZone: string): Promise<SlotSettings> {
  const rules = await readSlotRules(db);
  const coming = calendarSlots(rules, now, timeZone).filter((s) => !s.closedDate);
  const held = await heldIn(
    db,
    coming.map((s) => s.startsAt),
  );
  return {
    time_zone: timeZone,
    offered: rules.offered,
    required: rules.required,
    capacity: rules.capacity,
    cutoff_hours: Math.round(rules.cutoffMinutes / 60),
    days_ahead: rules.daysAhead,
    windows: rules.windows.map((w) => ({
      weekday: w.weekday,
      start: clockOfMinutes(w.start),
      end: clockOfMinutes(w.end),
    })),
    closed_dates: rules.closedDates,
    upcoming: coming.map((s) => {
      const n = held.get(s.startsAt.getTime()) ?? 0;
      return {
        starts_at: s.startsAt.toISOString(),
        ends_at: s.endsAt.toISOString(),
        date: s.date,
        state: s.pastCutoff ? 'closed' : n >= rules.capacity ? 'full' : 'open',
        held: n,
        capacity: rules.capacity,
      };
    }),
  };
}

/** What the audit log keeps of the settings: all but the coming windows' counts. */
const auditState = ({ upcoming: _, ...rest }: SlotSettings) => rest;

/**
 * Replaces the slot rules and reports before → after for the audit log; answers the settings as
 * the console shows them after the change.
 */
export async function changeSlotRules(
  tx: Tx,
  input: SlotSettingsInput,
  now: Date,
  timeZone: string,
): Promise<Changed<SlotSettings>> {
  const before = await slotSettings(tx, now, timeZone);
  await writeSlotRules(tx, input, now);
  const after = await slotSettings(tx, now, timeZone);
  return {
    result: after,
    audit: {
      action: 'delivery.slots.update',
      targetType: 'delivery',
      targetId: 'slots',
      before: auditState(before),
      after: auditState(after),
    },
  };
}
