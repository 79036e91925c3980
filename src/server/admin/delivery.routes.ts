import type { FastifyInstance } from 'fastify';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { ok } from '#server/http';
import {
  type DeliveryTermsCache,
  readTerms,
  saveDeliveryTerms,
  settingsView,
} from '#server/modules/delivery/delivery.terms';
import { NoInput } from '#shared/schemas/common';
import { DeliverySettingsInput } from '#shared/schemas/delivery.zod';
import { adminRoute, audited } from './admin-route';

/** The console's Delivery page (docs/api.md, Admin: delivery): owners and managers. */
export async function deliveryRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: Clock; terms: DeliveryTermsCache },
) {
  const allow = 'delivery.manage';

  adminRoute(app, { method: 'GET', url: '/api/admin/delivery', input: NoInput, allow }, async () =>
    ok(settingsView(await readTerms(deps.db))),
  );

  adminRoute(
    app,
    { method: 'POST', url: '/api/admin/delivery', input: DeliverySettingsInput, allow },
    async ({ input, staff }) => {
      const saved = await audited(deps, staff, (tx) => saveDeliveryTerms(tx, input, deps.clock.now()));
      // This process's storefront reads the new terms at once; others within their poll.
      deps.terms.invalidate();
      return ok(settingsView(saved));
    },
  );
}
