import type { FastifyInstance } from 'fastify';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { ok, route } from '#server/http';
import { NoInput } from '#shared/schemas/common.zod';
import { SlotSettingsInput } from '#shared/schemas/slots.zod';
import { recordAudit } from '../staff/audit';
import { slotSettings, writeSlotRules } from './slot.settings';

/** What the audit log keeps of the settings: all but the coming windows' counts. */
const auditState = ({ upcoming: _, ...rest }: Awaited<ReturnType<typeof slotSettings>>) => rest;

/**
 * The console's delivery slot settings (docs/api.md, Admin: delivery slots): everyone who sees
 * orders reads them (packers plan their day by them); owners and managers change them.
 */
export async function adminSlotRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; timeZone: string },
) {
  const { db, clock, timeZone } = deps;

  route(
    app,
    {
      method: 'GET',
      url: '/api/admin/delivery/slots',
      input: NoInput,
      auth: 'staff',
      permission: 'orders.view',
    },
    async () => ok(await slotSettings(db, clock.now(), timeZone)),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/admin/delivery/slots',
      input: SlotSettingsInput,
      auth: 'staff',
      permission: 'catalogue.manage',
    },
    async ({ input, staff }) => {
      const now = clock.now();
      await db.transaction(async (tx) => {
        const before = await slotSettings(tx, now, timeZone);
        await writeSlotRules(tx, input, now);
        const after = await slotSettings(tx, now, timeZone);
        await recordAudit(tx, {
          staffId: staff.id,
          action: 'delivery.slots.update',
          targetType: 'delivery',
          targetId: 'slots',
          before: auditState(before),
          after: auditState(after),
          at: now,
        });
      });
      return ok(await slotSettings(db, clock.now(), timeZone));
    },
  );
}
