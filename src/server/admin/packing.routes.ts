import type { FastifyInstance } from 'fastify';
import type { Clock } from '#server/clock';
import type { Config } from '#server/config';
import type { Db } from '#server/db/client';
import { ok } from '#server/http';
import type { PackingLineRecord } from '#server/modules/packing/packing.changes';
import type { PackingRefunds } from '#server/modules/packing/packing.refunds';
import { replacementCandidates } from '#server/modules/packing/packing.replacements';
import { markLine } from '#server/modules/packing/packing.service';
import { PackingInput } from '#shared/schemas/order-admin.zod';
import {
  MarkLineInput,
  PackingDayInput,
  PackingLineParams,
  ReplacementSearchInput,
} from '#shared/schemas/packing.zod';
import { adminRoute, writeAudit } from './admin-route';
import { viewerOf } from './views/order-viewer';
import { markView, packingDay } from './views/packing-day';
import { packingSlips } from './views/packing-slips';

export interface PackingRouteDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'shopTimeZone'>;
  refunds: PackingRefunds;
}

/** What the audit log keeps of a mark. */
const stateOf = (m: PackingLineRecord) => ({
  state: m.state,
  short_qty: m.shortQty,
  replacement: m.replacementUuid,
  charged_price_cents: m.chargedPriceCents,
  refund_cents: m.refundCents,
});

/** The weighing a mark recorded, for the audit log. */
const weighedOf = (grams: number | undefined) => (grams === undefined ? {} : { grams });

/**
 * /api/admin/packing and /api/admin/orders/packing (docs/api.md, Admin: packing): the packer's day,
 * packing slips, the replacement picker and line marks, for packers, managers and owners.
 */
export async function packingRoutes(app: FastifyInstance, deps: PackingRouteDeps) {
  const { db, clock } = deps;
  const zone = deps.config.shopTimeZone;

  adminRoute(
    app,
    { method: 'GET', url: '/api/admin/orders/packing', input: PackingInput, allow: 'orders.view' },
    async ({ input, staff }) => ok(await packingSlips(db, input.orders, viewerOf(staff, zone))),
  );

  adminRoute(
    app,
    { method: 'GET', url: '/api/admin/packing', input: PackingDayInput, allow: 'orders.view' },
    async ({ input }) => ok(await packingDay(db, input.day, clock.now(), zone)),
  );

  adminRoute(
    app,
    {
      method: 'GET',
      url: '/api/admin/packing/products',
      input: ReplacementSearchInput,
      allow: 'orders.fulfil',
    },
    async ({ input }) => ok(await replacementCandidates(db, input.q, clock.now())),
  );

  adminRoute(
    app,
    {
      method: 'POST',
      url: '/api/admin/packing/:orderNo/lines/:lineId',
      params: PackingLineParams,
      input: MarkLineInput,
      allow: 'orders.fulfil',
    },
    async ({ params, input, staff }) => {
      const result = await markLine(
        { db, clock, refunds: deps.refunds },
        {
          orderNo: params.orderNo,
          lineId: params.lineId,
          state: input.state,
          shortQty: input.short,
          productUuid: input.product,
          grams: input.grams,
          key: input.key,
          staffId: staff.id,
          inTransaction: (tx, mark, before) =>
            writeAudit(tx, clock, staff, {
              action: 'order.line.mark',
              targetType: 'order',
              targetId: params.orderNo,
              before: before ? { line: before.orderLineId, ...stateOf(before) } : null,
              after: { line: mark.orderLineId, ...stateOf(mark), ...weighedOf(input.grams) },
            }),
        },
      );
      return ok({ line: params.lineId, done: result.done, mark: markView(result.mark) });
    },
  );
}
