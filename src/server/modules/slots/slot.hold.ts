import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client';
import { deliverySlots, orders } from '#server/db/schema';
import { BadInput, Conflict } from '#server/errors';
import type { DeliverySlots } from '#shared/schemas/slots.zod';
import { calendarSlots } from './slot.calendar';
import { heldIn, readSlotRules } from './slot.settings';

/** The window an order holds. */
export interface HeldSlot {
  startsAt: Date;
  endsAt: Date;
}

/** The coming windows as the cart lists them: closed dates left out, each open, full or closed (past its cut-off). */
export async function listDeliverySlots(db: Db, now: Date, timeZone: string): Promise<DeliverySlots> {
  const rules = await readSlotRules(db);
  const base = { time_zone: timeZone, offered: rules.offered, required: rules.offered && rules.required };
  if (!rules.offered) return { ...base, slots: [] };
  const coming = calendarSlots(rules, now, timeZone).filter((s) => !s.closedDate);
  const held = await heldIn(
    db,
    coming.map((s) => s.startsAt),
  );
  return {
    ...base,
    slots: coming.map((s) => ({
      starts_at: s.startsAt.toISOString(),
      ends_at: s.endsAt.toISOString(),
      date: s.date,
      state: s.pastCutoff
        ? 'closed'
        : (held.get(s.startsAt.getTime()) ?? 0) >= rules.capacity
          ? 'full'
          : 'open',
    })),
  };
}

/**
 * Holds one place for an order in the window starting at `start`, inside the order's transaction,
 * or refuses: a window the rules do not offer (400), one on a closed date, past its cut-off or full
 * (409), none chosen when the shop requires one (400). The place is taken with a conditional update
 * on the window's counter row (`held < capacity`), as stock is, so N places go to exactly N
 * orders however many arrive at once. Answers the window, or null when none was chosen.
 */
export async function holdSlot(
  tx: Tx,
  start: Date | null,
  now: Date,
  timeZone: string,
): Promise<HeldSlot | null> {
  const rules = await readSlotRules(tx);
  if (start === null) {
    if (rules.offered && rules.required) throw new BadInput('errors:slots.required');
    return null;
  }
  if (!rules.offered) throw new BadInput('errors:slots.notOffered');
  const slot = calendarSlots(rules, now, timeZone).find((s) => s.startsAt.getTime() === start.getTime());
  if (!slot) throw new BadInput('errors:slots.unknown');
  if (slot.closedDate) throw new Conflict('errors:slots.closedDate');
  if (slot.pastCutoff) throw new Conflict('errors:slots.pastCutoff');
  await tx
    .insert(deliverySlots)
    .values({ startsAt: slot.startsAt, endsAt: slot.endsAt, held: 0 })
    .onConflictDoNothing({ target: deliverySlots.startsAt });
  const [taken] = await tx
    .update(deliverySlots)
    .set({ held: sql`${deliverySlots.held} + 1` })
    .where(and(eq(deliverySlots.startsAt, slot.startsAt), sql`${deliverySlots.held} < ${rules.capacity}`))
    .returning({ held: deliverySlots.held });
  if (!taken) throw new Conflict('errors:slots.full');
  return { startsAt: slot.startsAt, endsAt: slot.endsAt };
}

/**
 * Gives back the places of orders just moved out of "pending" (cancelled or expired). Called by
 * the order state machine with exactly the orders its conditional update moved, so each place
 * comes back once.
 */
export async function releaseSlots(tx: Tx, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  const counts = await tx
    .select({ startsAt: orders.slotStartsAt, n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(inArray(orders.id, orderIds), isNotNull(orders.slotStartsAt)))
    .groupBy(orders.slotStartsAt);
  for (const { startsAt, n } of counts) {
    if (!startsAt) continue;
    await tx
      .update(deliverySlots)
      .set({ held: sql`greatest(${deliverySlots.held} - ${n}, 0)` })
      .where(eq(deliverySlots.startsAt, startsAt));
  }
}
