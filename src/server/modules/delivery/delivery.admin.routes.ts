import type { FastifyInstance } from 'fastify';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { ok, route } from '#server/http';
import { NoInput } from '#shared/schemas/common';
import { DeliverySettingsInput } from '#shared/schemas/delivery.zod';
import { saveDeliveryTerms } from './delivery.admin';
import { type DeliveryTermsCache, readTerms, settingsView } from './delivery.terms';

/** The console's Delivery page (docs/api.md, Admin: delivery): owners and managers. */
export async function adminDeliveryRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; terms: DeliveryTermsCache },
) {
  const guard = { auth: 'staff', permission: 'delivery.manage' } as const;

  route(app, { method: 'GET', url: '/api/admin/delivery', input: NoInput, ...guard }, async () =>
    ok(settingsView(await readTerms(deps.db))),
  );

  route(
    app,
    { method: 'POST', url: '/api/admin/delivery', input: DeliverySettingsInput, ...guard },
    async ({ input, staff }) => {
      const saved = await saveDeliveryTerms(deps, input, staff.id);
      deps.terms.invalidate();
      return ok(settingsView(saved));
    },
  );
}
