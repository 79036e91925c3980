import type { FastifyInstance } from 'fastify';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { ok } from '#server/http';
import { changeSlotRules, slotSettings } from '#server/modules/slots/slot.settings';
import { NoInput } from '#shared/schemas/common.zod';
import { SlotSettingsInput } from '#shared/schemas/slots.zod';
import { adminRoute, audited } from './admin-route';

/**
 * The console's delivery slot settings (docs/api.md, Admin: delivery slots): everyone who sees
 * orders reads them (packers plan their day by them); owners and managers change them.
 */
export async function slotsRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock; timeZone: string }) {
  const { db, clock, timeZone } = deps;

  adminRoute(
    app,
    { method: 'GET', url: '/api/admin/delivery/slots', input: NoInput, allow: 'orders.view' },
    async () => ok(await slotSettings(db, clock.now(), timeZone)),
  );

  adminRoute(
    app,
    { method: 'POST', url: '/api/admin/delivery/slots', input: SlotSettingsInput, allow: 'catalogue.manage' },
    async ({ input, staff }) =>
      ok(await audited(deps, staff, (tx) => changeSlotRules(tx, input, clock.now(), timeZone))),
  );
}
