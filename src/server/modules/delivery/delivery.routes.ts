import type { FastifyInstance } from 'fastify';
import type { Db } from '#server/db/client';
import { ok, route } from '#server/http';
import { NoInput } from '#shared/schemas/common';
import { deliversTo } from '#shared/schemas/delivery.rules';
import { ZipCheckInput } from '#shared/schemas/delivery.zod';
import { classRates, ratesForZip } from '../tax/tax.rates';
import { type DeliveryTermsCache, publicTerms } from './delivery.terms';

/** Public answers: the same for every visitor, so caches may keep them briefly. */
const PUBLIC_CACHE = 'public, max-age=30';

/**
 * The storefront's delivery calls (docs/api.md, Delivery): the terms the cart shows, and whether
 * the shop delivers to a ZIP (the "Do we deliver to you?" box), both from the in-memory terms.
 */
export async function deliveryRoutes(app: FastifyInstance, opts: { terms: DeliveryTermsCache; db: Db }) {
  const { terms, db } = opts;

  route(app, { method: 'GET', url: '/api/delivery', input: NoInput }, async (_call, _request, reply) => {
    reply.header('cache-control', PUBLIC_CACHE);
    return ok(publicTerms(await terms.current()));
  });

  route(
    app,
    { method: 'GET', url: '/api/delivery/check', input: ZipCheckInput },
    async ({ input }, _request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      // The tax rates there, so the cart shows the tax the order will charge (docs/product.md, Tax).
      const rates = await ratesForZip(db, input.zip);
      const classes = [...(await classRates(db)).keys()];
      return ok({
        zip: input.zip,
        delivers: deliversTo((await terms.current()).area, input.zip),
        tax_rates: Object.fromEntries(classes.map((code) => [code, rates.rateOf(code)])),
        fee_tax_rate_ppm: rates.feeRatePpm,
      });
    },
  );
}
