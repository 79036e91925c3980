import type { FastifyInstance } from 'fastify';
import type { Clock } from '#server/clock';
import type { Config } from '#server/config';
import type { Db } from '#server/db/client';
import { ok } from '#server/http';
import type { StockListener } from '#server/modules/catalogue/catalogue.changes';
import { expireOverdueOrders } from '#server/modules/order/order.expiry';
import { NoInput } from '#shared/schemas/common';
import { can } from '#shared/schemas/staff.rules';
import { adminRoute } from './admin-route';
import { today } from './views/today';

export interface TodayRouteDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'shopTimeZone'>;
  catalogue: StockListener;
}

/** /api/admin/today (docs/api.md, Admin: orders): the console's home. */
export async function todayRoutes(app: FastifyInstance, deps: TodayRouteDeps) {
  const { db, clock } = deps;
  adminRoute(
    app,
    { method: 'GET', url: '/api/admin/today', input: NoInput, allow: 'orders.view' },
    async ({ staff }) => {
      // Orders past their ten minutes are cancelled first, so Today counts what shoppers see.
      await expireOverdueOrders({ db, clock, catalogue: deps.catalogue });
      const viewer = { sales: can(staff.role, 'sales.view') };
      return ok(await today(db, clock.now(), deps.config.shopTimeZone, viewer));
    },
  );
}
