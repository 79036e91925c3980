import { z } from 'zod';
import { amountToCents } from '../money';
import { formFlag, refuse, Text } from './common.zod';
import { AREA_TEXT_MAX, DELIVERY_AMOUNT_MAX_CENTS, parseArea, zip5 } from './delivery.rules';

/* Requests and answers of the delivery terms (docs/api.md, Delivery). */

const D = 'errors:delivery';

/** An optional amount in dollars (at most 2 decimals), as cents; empty or absent is 0 (off). */
const OptionalMoney = z
  .unknown()
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || v === '') return 0;
    const cents = typeof v === 'string' || typeof v === 'number' ? amountToCents(v) : undefined;
    return cents === undefined || cents > DELIVERY_AMOUNT_MAX_CENTS ? refuse(ctx, `${D}.amountBad`) : cents;
  });

const Flag = formFlag(false);

/**
 * `POST /api/admin/delivery`: the whole terms. `area` is ZIP codes or prefixes separated by commas,
 * spaces or lines (empty: anywhere); `fee`, `free_over`, `minimum` in dollars (empty or 0: off).
 */
export const DeliverySettingsInput = z.object({
  area: Text(AREA_TEXT_MAX).transform((text, ctx) => {
    const parsed = parseArea(text);
    return 'area' in parsed ? parsed.area : refuse(ctx, `${D}.${parsed.problem}`);
  }),
  fee: OptionalMoney,
  free_over: OptionalMoney,
  minimum: OptionalMoney,
  tax_on_fee: Flag,
});
export type DeliverySettingsInput = z.output<typeof DeliverySettingsInput>;

/** `GET /api/delivery/check?zip=`: a 5-digit ZIP or ZIP+4. */
export const ZipCheckInput = z.object({
  zip: Text(16).transform((v, ctx) => zip5(v) ?? refuse(ctx, 'errors:address.zipInvalid')),
});

/** What the storefront needs of the terms (`GET /api/delivery`): amounts in dollars, 0 when off. */
export const DeliveryTerms = z.object({
  fee: z.number(),
  free_over: z.number(),
  minimum: z.number(),
  tax_on_fee: z.boolean(),
  /** Whether the shop delivers only to some ZIPs (ask `GET /api/delivery/check`). */
  has_area: z.boolean(),
});
export type DeliveryTerms = z.infer<typeof DeliveryTerms>;

/** The console's view of the terms (`GET /api/admin/delivery`): the area's entries too. */
export const DeliverySettings = DeliveryTerms.extend({
  area: z.array(z.string()),
  updated_at: z.string().nullable(),
});
export type DeliverySettings = z.infer<typeof DeliverySettings>;

/** `GET /api/delivery/check`'s answer. */
export const ZipCheck = z.object({
  zip: z.string(),
  delivers: z.boolean(),
  /** Our addition: the rate (parts per million) of each tax class there, and the fee's when taxed. */
  tax_rates: z.record(z.string(), z.number().int()),
  fee_tax_rate_ppm: z.number().int(),
});
export type ZipCheck = z.infer<typeof ZipCheck>;
