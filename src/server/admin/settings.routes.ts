import type { FastifyInstance } from 'fastify';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { ok } from '#server/http';
import { readShopSettings, saveShopSettings, shopSettingsView } from '#server/modules/settings/shop-settings';
import { ShopSettingsInput } from '#shared/schemas/admin/settings.zod';
import { NoInput } from '#shared/schemas/common';
import { adminRoute, audited } from './admin-route';

/** The console's Settings page (docs/api.md, Admin: settings): weight unit, hold buffer, answer time; owners only. */
export async function settingsRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock }) {
  const allow = 'settings.manage';

  adminRoute(app, { method: 'GET', url: '/api/admin/settings', input: NoInput, allow }, async () =>
    ok(shopSettingsView(await readShopSettings(deps.db))),
  );

  adminRoute(
    app,
    { method: 'PUT', url: '/api/admin/settings', input: ShopSettingsInput, allow },
    async ({ input, staff }) => {
      const saved = await audited(deps, staff, (tx) => saveShopSettings(tx, input, deps.clock.now()));
      return ok(shopSettingsView(saved));
    },
  );
}
