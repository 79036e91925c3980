import type { FastifyInstance } from 'fastify';
import { ok, route } from '#server/http';
import { CartChangeInput, CartKeepInput, CartLineParams } from '#shared/schemas/cart';
import { NoInput } from '#shared/schemas/common';
import type { CartService } from './cart.service';

/** Cart calls of docs/api.md. */
export async function cartRoutes(app: FastifyInstance, opts: { cart: CartService }) {
  const { cart } = opts;

  route(app, { method: 'GET', url: '/api/goods/count', input: NoInput, auth: 'shopper' }, async ({ user }) =>
    ok(await cart.count(user.id)),
  );

  route(app, { method: 'GET', url: '/api/cart', input: NoInput, auth: 'shopper' }, async ({ user }) =>
    ok(await cart.list(user.id)),
  );

  route(
    app,
    { method: 'POST', url: '/api/cart', input: CartChangeInput, auth: 'shopper' },
    async ({ input, user }) =>
      ok(await cart.change(user.id, input.uuid, input.amount, input.type === 'cart')),
  );

  route(
    app,
    {
      method: 'PUT',
      url: '/api/cart/:itemId/kept',
      params: CartLineParams,
      input: CartKeepInput,
      auth: 'shopper',
    },
    async ({ input, params, user }) => ok(await cart.keep(user.id, params.itemId, input.kept)),
  );

  route(
    app,
    { method: 'DELETE', url: '/api/cart/:itemId', params: CartLineParams, input: NoInput, auth: 'shopper' },
    async ({ params, user }) => ok({ count: await cart.remove(user.id, params.itemId) }),
  );
}
