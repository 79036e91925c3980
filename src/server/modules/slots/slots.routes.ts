import type { FastifyInstance } from 'fastify';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { ok, route } from '#server/http';
import { NoInput } from '#shared/schemas/common.zod';
import { listDeliverySlots } from './slot.hold';

/** The shopper's delivery slot call (docs/api.md, Delivery slots): public, like the catalogue. */
export async function slotRoutes(app: FastifyInstance, deps: { db: Db; clock: Clock; timeZone: string }) {
  const { db, clock, timeZone } = deps;
  route(app, { method: 'GET', url: '/api/delivery/slots', input: NoInput }, async () =>
    ok(await listDeliverySlots(db, clock.now(), timeZone)),
  );
}
