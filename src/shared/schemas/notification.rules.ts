/**
 * What a shopper hears of their orders (docs/product.md, Following an order). The timeline, the
 * bell and the live stream show the order events of these kinds only; a kind written by the shop
 * but not listed here (a staff note, a step a shopper has no word for) stays in the console. A new
 * kind needs its name here and a text `timeline.kinds.<kind>` in public/locales/{en,zh}/orders.json;
 * a kind without a text reads as the generic `timeline.kinds.other`.
 */
export const SHOPPER_EVENT_KINDS = [
  'placed',
  'paid',
  'authorized',
  'captured',
  'voided',
  'line_marked',
  'weighed',
  'substitution_proposed',
  'substitution_approved',
  'substitution_declined',
  'substitution_expired',
  'packed',
  'shipped',
  'completed',
  'cancelled',
  'expired',
  'refunded',
] as const;
export type ShopperEventKind = (typeof SHOPPER_EVENT_KINDS)[number];

/** How many events the bell and the notifications page list (the newest). */
export const NOTIFICATIONS_LISTED = 30;

/** What the live stream sends (docs/api.md, Live updates): `event` per order event, `ping` to keep it open. */
export const STREAM_EVENT = 'order-event';
