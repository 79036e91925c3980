import type { FastifyInstance } from 'fastify';
import { ok, route } from '#server/http';
import { NoInput } from '#shared/schemas/common';
import { OrderNoParams } from '#shared/schemas/order';
import type { BuyAgain } from './order.again';

/** `POST /api/order/{order_no}/again` (docs/api.md): "Buy it again" from an order. */
export async function buyAgainRoutes(app: FastifyInstance, opts: { again: BuyAgain }) {
  route(
    app,
    {
      method: 'POST',
      url: '/api/order/:orderNo/again',
      params: OrderNoParams,
      input: NoInput,
      auth: 'shopper',
    },
    async ({ params, user }) => ok(await opts.again.addToCart(user.id, params.orderNo)),
  );
}
