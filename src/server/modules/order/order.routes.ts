import type { FastifyInstance } from 'fastify';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { ok, requestLanguage, route } from '#server/http';
import { NoInput } from '#shared/schemas/common';
import { type CancelOrderAnswer, OrderNoParams, PlaceOrderInput } from '#shared/schemas/order';
import type { StockListener } from '../catalogue/catalogue.changes';
import { cancelOwnOrder } from './order.cancel';
import { expireOverdueOrders } from './order.expiry';
import { listOrders, orderDetail } from './order.queries';
import type { OrderService } from './order.service';

/** Order calls of docs/product.md §7. Pending orders past their time are expired whenever orders are read. */
export async function orderRoutes(
  app: FastifyInstance,
  opts: {
    orders: OrderService;
    db: Db;
    clock: Clock;
    catalogue: StockListener;
    timeZone: string;
    /** Brings the order up to date before it is shown (substitutions past their deadline). */
    beforeDetail?: (orderNo: string) => Promise<unknown>;
  },
) {
  const { orders, db, clock, catalogue, timeZone } = opts;

  route(
    app,
    { method: 'POST', url: '/api/order', input: PlaceOrderInput, auth: 'shopper' },
    async ({ input, user }, request) => {
      // Orders past their ten minutes no longer count against the shopper's unpaid-orders limit.
      await expireOverdueOrders({ db, clock, catalogue }, user.id);
      return ok(
        await orders.place(user.id, {
          addressUuid: input.uuid,
          coupon: input.coupon,
          items: input.items,
          slot: input.slot,
          language: requestLanguage(request),
        }),
      );
    },
  );

  route(app, { method: 'GET', url: '/api/order', input: NoInput, auth: 'shopper' }, async ({ user }) => {
    await expireOverdueOrders({ db, clock, catalogue }, user.id);
    return ok(await listOrders(db, user.id, timeZone));
  });

  route(
    app,
    { method: 'GET', url: '/api/order/:orderNo', params: OrderNoParams, input: NoInput, auth: 'shopper' },
    async ({ params, user }) => {
      await expireOverdueOrders({ db, clock, catalogue }, user.id);
      await opts.beforeDetail?.(params.orderNo);
      return ok(await orderDetail(db, user.id, params.orderNo, timeZone, clock.now()));
    },
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/order/:orderNo/cancel',
      params: OrderNoParams,
      input: NoInput,
      auth: 'shopper',
    },
    async ({ params, user }) =>
      ok<CancelOrderAnswer>(await cancelOwnOrder({ db, clock, catalogue }, user.id, params.orderNo)),
  );
}
