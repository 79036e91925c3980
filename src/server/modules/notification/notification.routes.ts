import type { FastifyInstance } from 'fastify';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { Unauthorized } from '#server/errors';
import { ok, route } from '#server/http';
import { NoInput } from '#shared/schemas/common';
import { MarkReadInput, StreamInput } from '#shared/schemas/notification';
import { OrderNoParams } from '#shared/schemas/order';
import type { EventFeed } from './notification.feed';
import { markRead, notificationList, orderTimeline } from './notification.queries';
import { type StreamTickets, TICKET_TTL_MS } from './notification.ticket';

/** Following orders (docs/api.md, Following orders): the timeline, the bell, and the live stream. */
export async function notificationRoutes(
  app: FastifyInstance,
  opts: { db: Db; clock: Clock; timeZone: string; feed: EventFeed; tickets: StreamTickets },
) {
  const { db, clock, timeZone, feed, tickets } = opts;

  route(
    app,
    {
      method: 'GET',
      url: '/api/order/:orderNo/events',
      params: OrderNoParams,
      input: NoInput,
      auth: 'shopper',
    },
    async ({ params, user }) => ok(await orderTimeline(db, user.id, params.orderNo, timeZone)),
  );

  route(
    app,
    { method: 'GET', url: '/api/notifications', input: NoInput, auth: 'shopper' },
    async ({ user }) => ok(await notificationList(db, user.id, timeZone)),
  );

  route(
    app,
    { method: 'POST', url: '/api/notifications/read', input: MarkReadInput, auth: 'shopper' },
    async ({ input, user }) => {
      await markRead(db, user.id, input.up_to);
      return ok(null);
    },
  );

  route(
    app,
    { method: 'POST', url: '/api/notifications/ticket', input: NoInput, auth: 'shopper' },
    async ({ user }) => ok({ ticket: tickets.issue(user.id, clock.now()), expires_in: TICKET_TTL_MS / 1000 }),
  );

  // The ticket is the proof (notification.ticket.ts): EventSource cannot send the token header.
  route(
    app,
    { method: 'GET', url: '/api/notifications/stream', input: StreamInput },
    async ({ input }, _req, reply) => {
      const userId = tickets.check(input.ticket, clock.now());
      if (userId === undefined) throw new Unauthorized('errors:notifications.badTicket');
      feed.open(userId, reply.raw, () => reply.hijack());
      return reply;
    },
  );
}
