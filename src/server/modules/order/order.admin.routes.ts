import type { FastifyInstance } from 'fastify';
import type { Clock } from '#server/clock';
import type { Config } from '#server/config';
import type { Db, Tx } from '#server/db/client';
import type { Gateways } from '#server/gateways/gateway';
import { ok, route } from '#server/http';
import type { StaffUser } from '#server/plugins/staff-auth';
import { NoInput } from '#shared/schemas/common';
import { OrderNoParams } from '#shared/schemas/order';
import { AdminOrderListInput, PackingInput, RefundInput, ShipInput } from '#shared/schemas/order-admin.zod';
import { can, type Permission } from '#shared/schemas/staff.rules';
import type { StockListener } from '../catalogue/catalogue.changes';
import { recordAudit } from '../staff/audit';
import { actOnShopOrder } from './order.admin';
import { adminOrderDetail, listAdminOrders, packingSlips, today, type Viewer } from './order.console';
import { expireOverdueOrders } from './order.expiry';
import type { OrderAction, OrderRecord } from './order.machine';
import { refundOrder } from './order.refund';

export interface AdminOrderDeps {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'shopTimeZone'>;
  catalogue: StockListener;
  gateways: Gateways;
  log: FastifyInstance['log'];
}

/** What the audit log keeps of an order before and after a change. */
const stateOf = (o: OrderRecord) => ({
  status: o.status,
  packed_at: o.packedAt?.toISOString() ?? null,
  carrier: o.carrier,
  tracking: o.tracking,
});

/** The console's order routes (docs/api.md, Admin: orders), each behind its permission. */
export async function adminOrderRoutes(app: FastifyInstance, deps: AdminOrderDeps) {
  const { db, clock } = deps;
  /** A packer (no customers.view) sees lines and delivery address, not the shopper. */
  const viewerOf = (staff: StaffUser): Viewer => ({
    packer: !can(staff.role, 'customers.view'),
    timeZone: deps.config.shopTimeZone,
  });
  // Orders past their ten minutes are cancelled first, so staff see what shoppers see.
  const expire = () => expireOverdueOrders({ db, clock, catalogue: deps.catalogue });

  route(
    app,
    { method: 'GET', url: '/api/admin/today', input: NoInput, auth: 'staff', permission: 'orders.view' },
    async ({ staff }) => {
      await expire();
      return ok(
        await today(db, clock.now(), deps.config.shopTimeZone, { sales: can(staff.role, 'sales.view') }),
      );
    },
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/admin/orders',
      input: AdminOrderListInput,
      auth: 'staff',
      permission: 'orders.view',
    },
    async ({ input, staff }) => {
      await expire();
      return ok(await listAdminOrders(db, input, viewerOf(staff)));
    },
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/admin/orders/packing',
      input: PackingInput,
      auth: 'staff',
      permission: 'orders.view',
    },
    async ({ input, staff }) => ok(await packingSlips(db, input.orders, viewerOf(staff))),
  );

  route(
    app,
    {
      method: 'GET',
      url: '/api/admin/orders/:orderNo',
      params: OrderNoParams,
      input: NoInput,
      auth: 'staff',
      permission: 'orders.view',
    },
    async ({ params, staff }) => {
      await expire();
      return ok(await adminOrderDetail(db, params.orderNo, viewerOf(staff)));
    },
  );

  const ACTIONS: [OrderAction, Permission][] = [
    ['pack', 'orders.fulfil'],
    ['ship', 'orders.fulfil'],
    ['complete', 'orders.fulfil'],
    ['cancel', 'orders.cancel'],
  ];
  for (const [action, permission] of ACTIONS) {
    route(
      app,
      {
        method: 'POST',
        url: `/api/admin/orders/:orderNo/${action}`,
        params: OrderNoParams,
        input: action === 'ship' ? ShipInput : NoInput,
        auth: 'staff',
        permission,
      },
      async ({ params, input, staff }) => {
        if (action === 'cancel') await expire();
        const ship = input as { carrier?: string; tracking?: string };
        const audit = async (tx: Tx, change: { before: OrderRecord; after: OrderRecord }) =>
          recordAudit(tx, {
            staffId: staff.id,
            action: `order.${action}`,
            targetType: 'order',
            targetId: params.orderNo,
            before: stateOf(change.before),
            after: stateOf(change.after),
            at: clock.now(),
          });
        await actOnShopOrder(
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
          audit,
        );
        return ok(await adminOrderDetail(db, params.orderNo, viewerOf(staff)));
      },
    );
  }

  route(
    app,
    {
      method: 'POST',
      url: '/api/admin/orders/:orderNo/refund',
      params: OrderNoParams,
      input: RefundInput,
      auth: 'staff',
      permission: 'orders.refund',
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
            recordAudit(tx, {
              staffId: staff.id,
              action: 'order.refund',
              targetType: 'order',
              targetId: params.orderNo,
              after: {
                amount_cents: done.amountCents,
                refunded_cents: done.refundedCents,
                whole: done.whole,
                reason: input.reason,
              },
              at: clock.now(),
            }),
        },
      );
      return ok({
        refunded: result.amountCents / 100,
        whole: result.whole,
        order: await adminOrderDetail(db, params.orderNo, viewerOf(staff)),
      });
    },
  );
}
