import { type ExpiryDeps, expireOverdueOrders } from '#server/modules/order/order.expiry';
import { listCoupons } from '#server/modules/promo/coupons';

/**
 * The coupons with their uses as they stand: orders past their ten minutes are cancelled first,
 * giving their coupons back, so the uses shown are current.
 */
export async function couponList(deps: ExpiryDeps, timeZone: string) {
  await expireOverdueOrders(deps);
  return listCoupons(deps.db, deps.clock.now(), timeZone);
}
