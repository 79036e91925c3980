import { z } from 'zod';
import { PACKING_STATES, PROPOSAL_STATUSES, WHEN_MISSING } from '../packing.rules';
import { LineWeight } from '../weight.zod';
import { Amount, Count, Id, Instant, ShopDate } from './common.zod';

/* Answers of `/api/admin/packing` (docs/api.md, Admin: packing). Amounts are decimal dollars. */

/** Where the money a mark gives back stands. */
/** `held`: a weighed order's held card, where a mark lowers the capture instead of refunding. */
export const REFUND_STATES = ['none', 'queued', 'sending', 'sent', 'failed', 'held'] as const;

/** A line's packing mark; the order detail shows it too. */
export const LineMark = z.strictObject({
  /** `proposed`: a substitute waits for the shopper's answer (`proposal`). */
  state: z.enum([...PACKING_STATES, 'proposed']),
  short_num: Count,
  replacement: z
    .strictObject({
      uuid: z.string(),
      en_name: z.string(),
      zn_name: z.string(),
      price: Amount,
      /** What the shopper pays a unit: never more than the line they ordered. */
      charged: Amount,
    })
    .nullable(),
  refund: Amount,
  refund_state: z.enum(REFUND_STATES),
  /** A substitute proposed to a shopper who asked first: pending until answered or `deadline`. */
  proposal: z.strictObject({ status: z.enum(PROPOSAL_STATUSES), deadline: Instant }).nullable(),
});
export type LineMark = z.infer<typeof LineMark>;

export const PackingLine = z.strictObject({
  id: Id,
  key: z.string(),
  /** The product's pack barcode and scale item code, for the page to match a scan on the spot. */
  barcode: z.string().nullable(),
  scale_item_code: z.string().nullable(),
  /** The product's category's sort: lines come in this (aisle) order. */
  aisle: z.number().int(),
  en_name: z.string(),
  zn_name: z.string(),
  price: Amount,
  num: Count,
  when_missing: z.enum(WHEN_MISSING),
  /** The shopper's specific substitute (null: best match), and whether to ask them first. */
  substitute: z
    .strictObject({ uuid: z.string(), en_name: z.string(), zn_name: z.string(), price: Amount })
    .nullable(),
  ask_first: z.boolean(),
  /** A specific substitute out of stock may become the packer's best match. */
  fallback: z.boolean(),
  mark: LineMark.nullable(),
  /** A line sold by weight: its estimate, and its weight once weighed; null for a pack. */
  weight: LineWeight.nullable(),
});
export type PackingLine = z.infer<typeof PackingLine>;

export const PackingOrder = z.strictObject({
  order_no: z.string(),
  packed: z.boolean(),
  paid_at: Instant.nullable(),
  name: z.string(),
  /** The address's delivery instructions (gate code, leave at the door); "" when none. */
  instructions: z.string(),
  total_count: Count,
  lines: z.array(PackingLine),
});
export type PackingOrder = z.infer<typeof PackingOrder>;

export const PackingSlot = z.strictObject({
  starts_at: Instant,
  ends_at: Instant.nullable(),
  orders: z.array(PackingOrder),
});
export type PackingSlot = z.infer<typeof PackingSlot>;

/** `GET /api/admin/packing`: one day's paid orders by slot, then those without one. */
export const PackingDay = z.strictObject({
  day: ShopDate,
  time_zone: z.string(),
  /** The shop's weight unit: its scales' labels are read with defaultScaleLayouts of it. */
  weight_unit: z.enum(['lb', 'kg']),
  slots: z.array(PackingSlot),
  no_slot: z.array(PackingOrder),
});
export type PackingDay = z.infer<typeof PackingDay>;

/** `GET /api/admin/packing/products`: products a line may be replaced with, at the price a mark charges. */
export const ReplacementCandidate = z.strictObject({
  uuid: z.string(),
  en_name: z.string(),
  zn_name: z.string(),
  price: Amount,
  stock: z.number().int(),
});
export type ReplacementCandidate = z.infer<typeof ReplacementCandidate>;
export const ReplacementCandidates = z.array(ReplacementCandidate);

/** `POST /api/admin/packing/:orderNo/lines/:lineId`: the line's mark as it now is. */
export const MarkAnswer = z.strictObject({ line: Id, done: z.boolean(), mark: LineMark });
export type MarkAnswer = z.infer<typeof MarkAnswer>;
