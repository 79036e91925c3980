import type { FastifyInstance } from 'fastify';
import { ok, route } from '#server/http';
import { NoInput } from '#shared/schemas/common';
import { deliversTo } from '#shared/schemas/delivery.rules';
import { ZipCheckInput } from '#shared/schemas/delivery.zod';
import { type DeliveryTermsCache, publicTerms } from './delivery.terms';

/** Public answers: the same for every visitor, so caches may keep them briefly. */
const PUBLIC_CACHE = 'public, max-age=30';

/**
 * The storefront's delivery calls (docs/api.md, Delivery): the terms the cart shows, and whether
 * the shop delivers to a ZIP (the "Do we deliver to you?" box), both from the in-memory terms.
 */
export async function deliveryRoutes(app: FastifyInstance, opts: { terms: DeliveryTermsCache }) {
  const { terms } = opts;

  route(app, { method: 'GET', url: '/api/delivery', input: NoInput }, async (_call, _request, reply) => {
    reply.header('cache-control', PUBLIC_CACHE);
    return ok(publicTerms(await terms.current()));
  });

  route(
    app,
    { method: 'GET', url: '/api/delivery/check', input: ZipCheckInput },
    async ({ input }, _request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return ok({ zip: input.zip, delivers: deliversTo((await terms.current()).area, input.zip) });
    },
  );
}
