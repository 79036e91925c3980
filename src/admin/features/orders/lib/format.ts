import { ORDER_STATUS, orderStatusName } from '#shared/schemas/order.rules';

/** The key of admin.json `orders.status.*` for an order: a paid order that is packed shows so. */
export function statusKey(status: number, packed: boolean): string {
  if (status === ORDER_STATUS.processing && packed) return 'orders.status.packed';
  return `orders.status.${orderStatusName(status) ?? 'unknown'}`;
}

/** Which status numbers the filter offers, in the spec's order. */
export const STATUS_NAMES = Object.keys(ORDER_STATUS) as (keyof typeof ORDER_STATUS)[];
