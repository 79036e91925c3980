import { Conflict, NotFound } from '#server/errors';
import { ORDER_STATUS } from '#shared/schemas/order';
import { withStockChanges } from '../catalogue/catalogue.changes';
import { type ExpiryDeps, expireOverdueOrders } from './order.expiry';
import { lockOrder } from './order.lock';
import { actOnOrder, PAYMENT_SLOT_MS } from './order.machine';

/**
 * The shopper cancels their own order while it waits for payment (docs/product.md, Order detail):
 * status 5, its stock, coupon use and delivery window back at once, through the state machine
 * (actOnOrder, as the console's cancel). Someone else's order answers 404; a paid one 409 saying
 * why; one already cancelled or expired answers its status again and changes nothing. A card
 * payment under way (its slot held, order.machine.ts PAYMENT_SLOT_MS) is waited for: 409, as
 * expiry waits for it. Money that reaches the gateway after the cancel (a wallet page left open)
 * finds the order no longer pending and is given back (payment.apply.ts), as after expiry.
 */
export async function cancelOwnOrder(
  deps: ExpiryDeps,
  userId: number,
  orderNo: string,
): Promise<{ status: number }> {
  // An order past its ten minutes is expired first: it ends as "expired", not "cancelled".
  await expireOverdueOrders(deps, userId);
  const now = deps.clock.now();
  return withStockChanges(deps.db, deps.catalogue, async (tx, stock) => {
    // The order row first (order.lock.ts): a payment being applied waits for this, or this for it.
    const order = await lockOrder(tx, { orderNo });
    if (!order || order.userId !== userId) throw new NotFound('errors:order.notFound');
    if (order.status === ORDER_STATUS.cancelled) return { status: order.status };
    const paying =
      order.status === ORDER_STATUS.pending &&
      order.paymentStartedAt !== null &&
      order.paymentStartedAt.getTime() > now.getTime() - PAYMENT_SLOT_MS;
    if (paying) throw new Conflict('errors:order.cancelPaying');
    const { after } = await actOnOrder(tx, stock, {
      orderNo,
      action: 'cancel',
      staffId: null,
      now,
      byShopper: true,
    });
    return { status: after.status };
  });
}
