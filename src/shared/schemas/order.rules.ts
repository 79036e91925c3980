/** Order statuses (docs/product.md §4). */
export const ORDER_STATUS = {
  pending: 1,
  processing: 2,
  shipped: 3,
  completed: 4,
  cancelled: 5,
  refunded: 6,
} as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

export type OrderStatusName = keyof typeof ORDER_STATUS;
const STATUS_NAMES = Object.fromEntries(Object.entries(ORDER_STATUS).map(([name, n]) => [n, name])) as Record<
  number,
  OrderStatusName | undefined
>;

/** The name of a status number (`pending` …); undefined for a number that is none. */
export function orderStatusName(status: number): OrderStatusName | undefined {
  return STATUS_NAMES[status];
}

/** An order number as the API takes it: 6 to 32 digits (ours are 16). */
export const ORDER_NO_PATTERN = /^\d{6,32}$/;

/** The longest coupon code an order takes. */
export const COUPON_MAX = 64;

/** Payment methods the console's order list filters by: the vendor of the payment that took the money. */
export const PAYMENT_METHODS = ['creditcard', 'wechatpay', 'alipay'] as const;
/** Most orders one packing list prints. */
export const PACKING_MAX = 100;
