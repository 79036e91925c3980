/** Order statuses (spec §4). */
export const ORDER_STATUS = {
  pending: 1,
  processing: 2,
  shipped: 3,
  completed: 4,
  cancelled: 5,
  refunded: 6,
} as const;
export type OrderStatus = (typeof ORDER_STATUS)[keyof typeof ORDER_STATUS];

// The zod shapes live in order.zod.ts so that the browser, which only needs the rules above, never loads zod.
export * from './order.zod';
