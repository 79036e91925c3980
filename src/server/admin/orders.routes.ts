import type { FastifyInstance } from 'fastify';
import type { Clock } from '#server/clock';
import type { Config } from '#server/config';
import type { Db } from '#server/db/client';
import type { Gateways } from '#server/gateways/gateway';
import { ok } from '#server/http';
import type { StockListener } from '#server/modules/catalogue/catalogue.changes';
import { runOrderAction } from '#server/modules/order/order.actions';
import { expireOverdueOrders } from '#server/modules/order/order.expiry';
import type { OrderAction, OrderRecord } from '#server/modules/order/order.machine';
import type { HoldWorker } from '#server/modules/payment/payment.capture';
import { refundOrder } from '#server/modules/payment/payment.refund';
import { NoInput } from '#shared/schemas/common';
import { OrderNoParams } from '#shared/schemas/order';
import { AdminOrderListInput, RefundInput, ShipInput } from '#shared/schemas/order-admin.zod';
import type { Permission } from '#shared/schemas/staff.rules';
import { adminRoute, writeAudit } from './admin-route';
import { adminOrderDetail } from './views/order-detail';
import { listAdminOrders } from './views/order-list';
import { viewerOf } from './views/order-viewer';

export interface OrdersRouteDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'shopTimeZone'>;
  catalogue: StockListener;
  gateways: Gateways;
  log: FastifyInstance['log'];
  /** Captures or voids a weighed order's hold once packing or cancelling commits (payment.capture.ts). */
  holds?: Pick<HoldWorker, 'sendSoon'>;
}

/** What the audit log keeps of an order before and after a change. */
const stateOf = (o: OrderRecord) => ({
  status: o.status,
  packed_at: o.packedAt?.toISOString() ?? null,
  carrier: o.carrier,
  tracking: o.tracking,
});

const ACTIONS: [OrderAction, Permission][] = [
  ['pack', 'orders.fulfil'],
  ['ship', 'orders.fulfil'],
  ['complete', 'orders.fulfil'],
  ['cancel', 'orders.cancel'],
];

/** /api/admin/orders (docs/api.md, Admin: orders): the list, one order, its actions and refunds. */
export async function ordersRoutes(app: FastifyInstance, deps: OrdersRouteDeps) {
  const { db, clock } = deps;
  const zone = deps.config.shopTimeZone;
  // Orders past their ten minutes are cancelled first, so staff see what shoppers see.
  const expire = () => expireOverdueOrders({ db, clock, catalogue: deps.catalogue });

  adminRoute(
    app,
    { method: 'GET', url: '/api/admin/orders', input: AdminOrderListInput, allow: 'orders.view' },
    async ({ input, staff }) => {
      await expire();
      return ok(await listAdminOrders(db, input, viewerOf(staff, zone)));
    },
  );

  adminRoute(
    app,
    {
      method: 'GET',
      url: '/api/admin/orders/:orderNo',
      params: OrderNoParams,
      input: NoInput,
      allow: 'orders.view',
    },
    async ({ params, staff }) => {
      await expire();
      return ok(await adminOrderDetail(db, params.orderNo, viewerOf(staff, zone)));
    },
  );

  for (const [action, allow] of ACTIONS) {
    adminRoute(
      app,
      {
        method: 'POST',
        url: `/api/admin/orders/:orderNo/${action}`,
        params: OrderNoParams,
        input: action === 'ship' ? ShipInput : NoInput,
        allow,
      },
      async ({ params, input, staff }) => {
        if (action === 'cancel') await expire();
        const ship = input as { carrier?: string; tracking?: string };
        const after = await runOrderAction(
          db,
          {
            orderNo: params.orderNo,
            action,
            staffId: staff.id,
            carrier: ship.carrier,
            tracking: ship.tracking,
          },
          clock,
          deps.catalogue,
          (tx, change) =>
            writeAudit(tx, clock, staff, {
              action: `order.${action}`,
              targetType: 'order',
              targetId: params.orderNo,
              before: stateOf(change.before),
              after: stateOf(change.after),
            }),
        );
        if (action !== 'complete') await deps.holds?.sendSoon(after.id);
        return ok(await adminOrderDetail(db, params.orderNo, viewerOf(staff, zone)));
      },
    );
  }

  adminRoute(
    app,
    {
      method: 'POST',
      url: '/api/admin/orders/:orderNo/refund',
      params: OrderNoParams,
      input: RefundInput,
      allow: 'orders.refund',
    },
    async ({ params, input, staff }) => {
      const result = await refundOrder(
        { db, clock, gateways: deps.gateways, log: deps.log },
        params.orderNo,
        {
          amountCents: input.amount,
          lines: input.lines,
          reason: input.reason,
          staffId: staff.id,
          inTransaction: (tx, done) =>
            writeAudit(tx, clock, staff, {
              action: 'order.refund',
              targetType: 'order',
              targetId: params.orderNo,
              after: {
                amount_cents: done.amountCents,
                refunded_cents: done.refundedCents,
                whole: done.whole,
                reason: input.reason,
              },
            }),
        },
      );
      return ok({
        refunded: result.amountCents / 100,
        whole: result.whole,
        order: await adminOrderDetail(db, params.orderNo, viewerOf(staff, zone)),
      });
    },
  );
}
