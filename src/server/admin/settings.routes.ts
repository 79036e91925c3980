import type { FastifyInstance } from 'fastify';
import { ok } from '#server/http';
import { readShopSettings, saveShopSettings, shopSettingsView } from '#server/modules/settings/shop-settings';
import { ShopSettingsInput } from '#shared/schemas/admin/settings.zod';
import { NoInput } from '#shared/schemas/common';
import { adminRoute, audited } from './admin-route';
import { type CatalogueChangeDeps, wholeCatalogueChange } from './catalogue-changes';

/** The console's Settings page (docs/api.md, Admin: settings): weight unit, hold buffer, answer time; owners only. */
export async function settingsRoutes(app: FastifyInstance, deps: CatalogueChangeDeps) {
  const allow = 'settings.manage';
  // Every pack's unit price is shown in the shop's weight unit (docs/product.md, Price per unit):
  // a save is a change of the whole catalogue, so every process rebuilds its answers.
  const open = wholeCatalogueChange(deps);

  adminRoute(app, { method: 'GET', url: '/api/admin/settings', input: NoInput, allow }, async () =>
    ok(shopSettingsView(await readShopSettings(deps.db))),
  );

  adminRoute(
    app,
    { method: 'PUT', url: '/api/admin/settings', input: ShopSettingsInput, allow },
    async ({ input, staff }) => {
      const saved = await audited(deps, staff, (tx) => saveShopSettings(tx, input, deps.clock.now()), open);
      return ok(shopSettingsView(saved));
    },
  );
}
