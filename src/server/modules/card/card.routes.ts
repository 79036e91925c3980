import type { FastifyInstance } from 'fastify';
import { clientKey, ok, route } from '#server/http';
import { CardFormInput, CardParams } from '#shared/schemas/card';
import { NoInput } from '#shared/schemas/common';
import type { CardService } from './card.service';

/** Card calls of docs/api.md (Cards). */
export async function cardRoutes(app: FastifyInstance, opts: { cards: CardService }) {
  const { cards } = opts;

  route(app, { method: 'GET', url: '/api/credit_card', input: NoInput, auth: 'shopper' }, async ({ user }) =>
    ok(await cards.list(user.id)),
  );

  route(
    app,
    { method: 'PUT', url: '/api/credit_card', input: CardFormInput, auth: 'shopper' },
    async ({ input, user }, request) => ok(await cards.add(user, input, clientKey(request))),
  );

  route(
    app,
    {
      method: 'PUT',
      url: '/api/credit_card/:uuid',
      params: CardParams,
      input: CardFormInput,
      auth: 'shopper',
    },
    async ({ input, params, user }, request) =>
      ok(await cards.replace(user, params.uuid, input, clientKey(request))),
  );

  route(
    app,
    { method: 'DELETE', url: '/api/credit_card/:uuid', params: CardParams, input: NoInput, auth: 'shopper' },
    async ({ params, user }) => {
      await cards.remove(user.id, params.uuid);
      return ok(null);
    },
  );
}
