import type { orders } from '#server/db/schema';
import type { StaffUser } from '#server/plugins/staff-auth';
import { can } from '#shared/schemas/staff.rules';

/*
 * Who reads an order in the console, and the parts of an order every console page shows alike.
 * `packer` answers leave out the shopper: no e-mail, no phone, no `customer`.
 */

export interface Viewer {
  /** A packer sees an order's lines and delivery address, not the shopper's e-mail or phone. */
  packer: boolean;
  timeZone: string;
}

type OrderRecord = typeof orders.$inferSelect;

/** The delivery window the order holds, or null. */
export const slotOf = (o: OrderRecord, timeZone: string) =>
  o.slotStartsAt && o.slotEndsAt
    ? { starts_at: o.slotStartsAt.toISOString(), ends_at: o.slotEndsAt.toISOString(), time_zone: timeZone }
    : null;

/** A packer (no customers.view) sees lines and delivery address, not the shopper. */
export function viewerOf(staff: Pick<StaffUser, 'role'>, timeZone: string): Viewer {
  return { packer: !can(staff.role, 'customers.view'), timeZone };
}

/** Where the order goes and the shopper's delivery instructions; the phone not for packers. */
export function addressOf(o: OrderRecord, viewer: Viewer) {
  return {
    name: o.shipName,
    surname: o.shipSurname,
    ...(viewer.packer ? {} : { phone: o.shipPhone }),
    address: o.shipAddress,
    area: o.shipArea,
    city: o.shipCity,
    province: o.shipProvince,
    zip: o.shipZip,
    instructions: o.shipInstructions,
  };
}
