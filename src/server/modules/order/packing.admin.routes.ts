import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '#server/clock';
import type { Config } from '#server/config';
import type { Db } from '#server/db/client';
import { packingLines } from '#server/db/schema';
import { ok, route } from '#server/http';
import {
  MarkLineInput,
  PackingDayInput,
  PackingLineParams,
  ReplacementSearchInput,
} from '#shared/schemas/packing.zod';
import { recordAudit } from '../staff/audit';
import type { PackingLineRecord } from './packing.changes';
import { markView, packingDay, replacementCandidates } from './packing.console';
import type { PackingRefunds } from './packing.refunds';
import { markLine } from './packing.service';

export interface PackingRouteDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'shopTimeZone'>;
  refunds: PackingRefunds;
}

/** What the audit log keeps of a mark. */
const stateOf = (m: PackingLineRecord | undefined) =>
  m
    ? {
        state: m.state,
        short_qty: m.shortQty,
        replacement: m.replacementUuid,
        charged_price_cents: m.chargedPriceCents,
        refund_cents: m.refundCents,
      }
    : null;

/** The console's packing routes (docs/api.md, Admin: packing): packers, managers and owners. */
export async function packingAdminRoutes(app: FastifyInstance, deps: PackingRouteDeps) {
  const { db, clock } = deps;

  route(
    app,
    {
      method: 'GET',
      url: '/api/admin/packing',
      input: PackingDayInput,
      auth: 'staff',
      permission: 'orders.view',
    },
    async ({ input }) => ok(await packingDay(db, input.day, clock.now(), deps.config.shopTimeZone)),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/admin/packing/products',
      input: ReplacementSearchInput,
      auth: 'staff',
      permission: 'orders.fulfil',
    },
    async ({ input }) => ok(await replacementCandidates(db, input.q, clock.now())),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/admin/packing/:orderNo/lines/:lineId',
      params: PackingLineParams,
      input: MarkLineInput,
      auth: 'staff',
      permission: 'orders.fulfil',
    },
    async ({ params, input, staff }) => {
      const result = await markLine(
        { db, clock },
        {
          orderNo: params.orderNo,
          lineId: params.lineId,
          state: input.state,
          shortQty: input.short,
          productUuid: input.product,
          key: input.key,
          staffId: staff.id,
          inTransaction: (tx, mark, before) =>
            recordAudit(tx, {
              staffId: staff.id,
              action: 'order.line.mark',
              targetType: 'order',
              targetId: params.orderNo,
              before: before ? { line: before.orderItemId, ...stateOf(before) } : null,
              after: { line: mark.orderItemId, ...stateOf(mark) },
              at: clock.now(),
            }),
        },
      );
      // Sent after the mark committed; a crash before this leaves it queued for the worker.
      if (result.done && result.mark.refundState === 'queued') {
        await deps.refunds.sendNow(result.mark.orderItemId).catch((err: unknown) => {
          app.log.warn(
            { err, line: result.mark.orderItemId },
            'packing refund not sent now: the worker will',
          );
        });
      }
      const [now] = await db
        .select()
        .from(packingLines)
        .where(eq(packingLines.orderItemId, result.mark.orderItemId));
      return ok({ line: params.lineId, done: result.done, mark: markView(now ?? result.mark) });
    },
  );
}
