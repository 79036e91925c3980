import { z } from 'zod';
import { percentToPpm } from '../../tax';
import { refuse, Text, withFlatList } from '../common.zod';
import { parseArea } from '../delivery.rules';

/* Requests and answers of `/api/admin/tax` (docs/api.md, Admin: tax). Rates are in parts per
 * million in answers (45000 is 4.5 %, 88750 is 8.875 %) and in percent in requests ("4.5",
 * "8.875"). */

const T = 'errors:tax';

/** A rate as a request gives it (percent, up to 4 decimals, 0–100), in parts per million. */
const ppmOf = (v: unknown) =>
  typeof v === 'string' || typeof v === 'number' ? percentToPpm(String(v)) : undefined;

const Rate = z
  .unknown()
  .optional()
  .transform((v, ctx) => ppmOf(v) ?? refuse(ctx, `${T}.rateBad`));

const Name = (max: number) =>
  Text(max).transform((v, ctx) => (v.trim() ? v.trim() : refuse(ctx, `${T}.nameRequired`)));

/** Whether `code` has a class code's shape: lower-case letters, digits and underscores, 1–32 characters. */
export const isTaxClassCode = (code: string): boolean => /^[a-z][a-z0-9_]{0,31}$/.test(code);

export const TaxClassCode = z.string().refine(isTaxClassCode, 'code');

/** `POST /api/admin/tax/classes`: a new class. */
export const TaxClassInput = z.object({
  code: Text(32).transform((v, ctx) => (isTaxClassCode(v.trim()) ? v.trim() : refuse(ctx, `${T}.codeBad`))),
  en_name: Name(80),
  zn_name: Name(80),
  rate: Rate,
});
export type TaxClassInput = z.output<typeof TaxClassInput>;

/** `POST /api/admin/tax/classes/:code`: its names and rate. */
export const TaxClassUpdate = TaxClassInput.omit({ code: true });
export type TaxClassUpdate = z.output<typeof TaxClassUpdate>;

export const TaxClassParams = z.object({ code: TaxClassCode });

/**
 * `POST /api/admin/tax/areas` (new) and `/api/admin/tax/areas/:id` (the whole area): its name, its
 * ZIP prefixes separated by commas, spaces or lines, and rates as `rates[i][class]`,
 * `rates[i][rate]` rows (or a JSON `rates` list); a class without a row, or with an empty rate,
 * keeps its own rate there.
 */
export const TaxAreaInput = z.preprocess(
  withFlatList('rates', ['class', 'rate']),
  z.object({
    name: Name(80),
    zips: Text(14_000).transform((text, ctx) => {
      const parsed = parseArea(text);
      if (!('area' in parsed)) return refuse(ctx, `errors:delivery.${parsed.problem}`);
      return parsed.area.length > 0 ? parsed.area : refuse(ctx, `${T}.zipsRequired`);
    }),
    rates: z
      .array(z.object({ class: Text(32), rate: z.unknown().optional() }))
      .max(100)
      .optional()
      .transform((rows, ctx) => {
        const out: Record<string, number> = Object.create(null);
        for (const row of rows ?? []) {
          const v = row.rate;
          if (v === undefined || v === null || v === '') continue;
          const ppm = ppmOf(v);
          if (ppm === undefined) return refuse(ctx, `${T}.rateBad`);
          out[row.class] = ppm;
        }
        return out;
      }),
  }),
);
export type TaxAreaInput = z.output<typeof TaxAreaInput>;

/* Answers. */

export const TaxClassView = z.strictObject({
  code: z.string(),
  en_name: z.string(),
  zn_name: z.string(),
  rate_ppm: z.number().int(),
  /** How many products are in it. */
  products: z.number().int().nonnegative(),
});
export type TaxClassView = z.infer<typeof TaxClassView>;

export const TaxAreaView = z.strictObject({
  id: z.number().int().positive(),
  name: z.string(),
  zips: z.array(z.string()),
  /** The area's rate per class code; a class not listed keeps its own rate. */
  rates: z.record(z.string(), z.number().int()),
});
export type TaxAreaView = z.infer<typeof TaxAreaView>;

/** `GET /api/admin/tax` and every write's answer: the whole setup. */
export const TaxSetup = z.strictObject({
  classes: z.array(TaxClassView),
  areas: z.array(TaxAreaView),
});
export type TaxSetup = z.infer<typeof TaxSetup>;
