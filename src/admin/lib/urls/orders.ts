import { CONSOLE_ROOT, withQuery } from './query';

/** The orders section's addresses (docs/architecture.md §7, Orders). */
export const orderListPath = `${CONSOLE_ROOT}/orders`;

/** The list's filters and page as its address keeps them, so Back and reload return to the same list. */
export interface OrderListQuery {
  q?: string;
  status?: string;
  stage?: string;
  method?: string;
  from?: string;
  to?: string;
  page?: number;
}

export const orderListUrl = (query: OrderListQuery = {}) => withQuery(orderListPath, { ...query });

/** An order's page; `orderPath(':orderNo')` is its route. */
export const orderPath = (orderNo: string) => `${orderListPath}/${orderNo}`;
export const orderUrl = (orderNo: string) => orderPath(encodeURIComponent(orderNo));

/** The actions an order's page opens as dialogs. */
export type OrderDialog = 'ship' | 'cancel' | 'refund';

/** The printable packing list of some orders; `day` when it came from the packing day, so Back returns there. */
export const packingListPath = `${orderListPath}/packing`;
export const packingListUrl = (orderNos: readonly string[], day?: string) =>
  withQuery(packingListPath, { orders: orderNos.join(','), day });
