import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { IdParam, UuidParam } from '../../../shared/schemas/common';
import { ok, parseInput, textParamsOf } from '../../http';
import type { CartService } from './cart.service';

const ChangeInput = z.object({
  uuid: UuidParam,
  amount: z
    .string()
    .regex(/^\d{1,5}$/)
    .transform(Number),
  type: z.enum(['cart']).optional(),
});

/** Cart calls of spec §7. */
export async function cartRoutes(app: FastifyInstance, opts: { cart: CartService }) {
  const { cart } = opts;

  app.get('/api/goods/count', async (request) => ok(await cart.count((await request.requireUser()).id)));

  app.get('/api/cart', async (request) => ok(await cart.list((await request.requireUser()).id)));

  app.post('/api/cart', async (request) => {
    const user = await request.requireUser();
    const input = parseInput(ChangeInput, textParamsOf(request));
    return ok(await cart.change(user.id, input.uuid, input.amount, input.type === 'cart'));
  });

  app.delete('/api/cart/:itemId', async (request) => {
    const user = await request.requireUser();
    const { itemId } = parseInput(z.object({ itemId: IdParam }), request.params);
    return ok({ count: await cart.remove(user.id, itemId) });
  });
}
