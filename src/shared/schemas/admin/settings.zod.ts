import { z } from 'zod';
import { WEIGHT_UNITS } from '../../weight';
import { refuse } from '../common.zod';
import { ANSWER_MINUTES_MAX, HOLD_BUFFER_MAX } from '../settings.rules';
import { Instant } from './common.zod';

/* `/api/admin/settings` (docs/api.md, Admin: settings): the shop's grocery settings, owners only. */

/** A whole number in `min`–`max`, typed or sent as a number; else the message `key`. */
const WholeIn = (min: number, max: number, key: `errors:${string}`) =>
  z.union([z.string(), z.number()]).transform((v, ctx) => {
    const n = typeof v === 'number' ? v : /^\s*\d{1,5}\s*$/.test(v) ? Number(v.trim()) : Number.NaN;
    return Number.isInteger(n) && n >= min && n <= max ? n : refuse(ctx, key);
  });

export const ShopSettingsInput = z.object({
  weight_unit: z
    .unknown()
    .transform((v, ctx) =>
      typeof v === 'string' && (WEIGHT_UNITS as readonly string[]).includes(v)
        ? (v as (typeof WEIGHT_UNITS)[number])
        : refuse(ctx, 'errors:settings.weightUnit'),
    ),
  hold_buffer_percent: WholeIn(0, HOLD_BUFFER_MAX, 'errors:settings.holdBuffer'),
  substitution_answer_minutes: WholeIn(1, ANSWER_MINUTES_MAX, 'errors:settings.answerMinutes'),
});
export type ShopSettingsInput = z.output<typeof ShopSettingsInput>;

export const ShopSettingsAnswer = z.strictObject({
  weight_unit: z.enum(WEIGHT_UNITS),
  hold_buffer_percent: z.number().int(),
  substitution_answer_minutes: z.number().int(),
  /** Null while the owner has saved nothing: the defaults apply. */
  updated_at: Instant.nullable(),
});
export type ShopSettingsAnswer = z.infer<typeof ShopSettingsAnswer>;
