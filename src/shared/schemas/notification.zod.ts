import { z } from 'zod';
import { IdParam } from './common.zod';

/* Requests (docs/api.md, Following orders). */

/** `POST /api/notifications/read`: every event up to `up_to` (an event id) is read. */
export const MarkReadInput = z.object({ up_to: IdParam });

/** `GET /api/notifications/stream?ticket=…`: the ticket `POST /api/notifications/ticket` gave. */
export const StreamInput = z.object({ ticket: z.string().min(1).max(200) });

/* Answers. */

const Name = z.strictObject({ en_name: z.string(), zn_name: z.string() });

/**
 * What an event says, in the shopper's terms: only these facts leave the server (never a staff
 * member, a payment id or a refund's internal reason). Money in dollars, weight in grams.
 */
export const ShopperEventDetails = z.strictObject({
  carrier: z.string().optional(),
  tracking: z.string().optional(),
  amount: z.number().optional(),
  grams: z.number().int().optional(),
  /** line_marked: picked | short | replaced; `short` the quantity missing. */
  state: z.string().optional(),
  short: z.number().int().optional(),
  whole: z.boolean().optional(),
  /** refunded: taken off a held card's capture, so never charged (docs/product.md, Packing: weighed orders). */
  held: z.boolean().optional(),
  /** The order line it is about. */
  line: Name.optional(),
  /** Products it names: a replacement, proposed substitutes. */
  products: z.array(Name).optional(),
});
export type ShopperEventDetails = z.infer<typeof ShopperEventDetails>;

export const ShopperEvent = z.strictObject({
  id: z.number().int(),
  order_no: z.string(),
  kind: z.string(),
  at: z.string(),
  details: ShopperEventDetails,
});
export type ShopperEvent = z.infer<typeof ShopperEvent>;

/** `GET /api/order/{no}/events`: the order's timeline, oldest first, on the shop's clock `time_zone`. */
export const OrderTimeline = z.strictObject({
  time_zone: z.string(),
  /** The shop's weight unit, for the weights the events carry in grams. */
  weight_unit: z.enum(['lb', 'kg']),
  events: z.array(ShopperEvent),
});
export type OrderTimeline = z.infer<typeof OrderTimeline>;

/** `GET /api/notifications`: the newest events, newest first, and how many are unread. */
export const NotificationList = z.strictObject({
  time_zone: z.string(),
  weight_unit: z.enum(['lb', 'kg']),
  unread: z.number().int(),
  read_up_to: z.number().int(),
  events: z.array(ShopperEvent),
});
export type NotificationList = z.infer<typeof NotificationList>;

/** `POST /api/notifications/ticket`: a stream ticket and how many seconds it is good for. */
export const StreamTicket = z.strictObject({ ticket: z.string(), expires_in: z.number().int() });
export type StreamTicket = z.infer<typeof StreamTicket>;
