import type { FastifyInstance } from 'fastify';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { ok, route } from '#server/http';
import { NoInput } from '#shared/schemas/common.zod';
import { listDeliverySlots } from './slot.hold';

const SLOTS_MAX_AGE_SECONDS = 5;

/** The shopper's delivery slot call (docs/api.md, Delivery slots): public, like the catalogue. */
export async function slotRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock; timeZone: string }) {
  const { db, clock, timeZone } = deps;
  route(
    app,
    { method: 'GET', url: '/api/delivery/slots', input: NoInput },
    async (_call, _request, reply) => {
      // The same for everyone; a few seconds old at most, as places fill while shoppers order.
      reply.header('cache-control', `public, max-age=${SLOTS_MAX_AGE_SECONDS}`);
      return ok(await listDeliverySlots(db, clock.now(), timeZone));
    },
  );
}
