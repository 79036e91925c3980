import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants';
import { hasNul, isCalendarDate, UUID_PATTERN } from './common.rules';

/*
 * Request schemas (docs/architecture.md §2). The server parses every call's input with one of them
 * and answers the first issue as a 400: an issue whose message is a translation key (`errors:…`)
 * answers that message; any other names its field ("The field … is not valid.").
 */

/** Where a refine or transform refuses a value: `key` is a translation key, or `field` to name the field. */
export type Refusal = `errors:${string}` | 'field';
export type RefinementContext = z.core.$RefinementCtx<unknown>;

/** Adds the issue for `refusal` (at `path`, below the value's own) and answers zod's "no value". */
export function refuse(ctx: RefinementContext, refusal: Refusal, path?: (string | number)[]): never {
  ctx.addIssue({ code: 'custom', message: refusal, ...(path ? { path } : {}) });
  return z.NEVER;
}

/**
 * A console form's yes/no field (a checkbox posted as text, or JSON): true/1, false/0; left out
 * or empty it is `absent`; anything else is refused.
 */
export function formFlag(absent: boolean) {
  return z
    .unknown()
    .optional()
    .transform((v, ctx): boolean => {
      if (v === undefined || v === null || v === '') return absent;
      if (v === true || v === 'true' || v === '1' || v === 1) return true;
      if (v === false || v === 'false' || v === '0' || v === 0) return false;
      return refuse(ctx, 'field');
    });
}

/** Refuses and ends a check made with `inOrder`. */
export type Stop = (refusal: Refusal, path?: (string | number)[]) => never;
const STOPPED = Symbol('refused');

/**
 * A transform that checks fields one after another, as a form shows its problems: `stop` refuses
 * and ends the check, so later fields are not read.
 */
export function inOrder<V, T>(check: (v: V, stop: Stop) => T) {
  return (v: V, ctx: RefinementContext): T => {
    try {
      return check(v, (refusal, path) => {
        refuse(ctx, refusal, path);
        throw STOPPED;
      });
    } catch (error) {
      if (error === STOPPED) return z.NEVER;
      throw error;
    }
  };
}

/**
 * One text field (docs/api.md, Parameters): absent or null is empty; one string of at most `max`
 * characters, without a NUL; anything else — a repeated field, an object, a number — names the field.
 */
export function Text(max = Number.POSITIVE_INFINITY) {
  return z
    .unknown()
    .optional()
    .transform((value, ctx): string => {
      if (value === undefined || value === null) return '';
      if (typeof value === 'string' && value.length <= max && !hasNul(value)) return value;
      return refuse(ctx, 'field');
    });
}

/** `schema`'s value, refused with the translation key `problemOf` gives, when it gives one. */
export function ruled<S extends z.ZodType>(
  schema: S,
  problemOf: (value: z.output<S>) => `errors:${string}` | undefined,
) {
  return schema.transform((value, ctx): z.output<S> => {
    const problem = problemOf(value);
    return problem ? refuse(ctx, problem) : value;
  });
}

/** A plain object of fields (a parsed form or JSON object), not a list or bytes. */
export function isFields(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Uint8Array);
}

/** A number or true/false a JSON client sent, as the text a form or query string would carry. */
function asFormText(value: unknown): unknown {
  return typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
}

/**
 * The fields of a form: a JSON number or boolean at the top level is read as its text, so a JSON
 * client and a form post the same values.
 */
export function formFields<T extends z.ZodRawShape>(shape: T) {
  return z.preprocess(
    (params) =>
      isFields(params)
        ? Object.fromEntries(Object.entries(params).map(([k, v]) => [k, asFormText(v)]))
        : params,
    z.object(shape),
  );
}

/**
 * The rows of `name[i][field]` form fields (docs/api.md, Parameters) gathered into a `name` list,
 * beside those of a JSON `name` array, so a form and a JSON client send the same list. A `name`
 * that is not an array is left for the schema to refuse.
 */
export function withFlatList(name: string, fields: readonly string[]) {
  const flat = new RegExp(`^${name}\\[(\\d{1,3})\\]\\[(${fields.join('|')})\\]$`);
  return (params: unknown): unknown => {
    if (!isFields(params)) return params;
    if (params[name] !== undefined && !Array.isArray(params[name])) return params;
    const raw: Record<string, Record<string, unknown>> = {};
    (params[name] as unknown[] | undefined)?.forEach((row, i) => {
      raw[i] = row as Record<string, unknown>;
    });
    for (const [key, value] of Object.entries(params)) {
      const match = flat.exec(key);
      if (!match) continue;
      const [, index = '', field = ''] = match;
      raw[index] = { ...raw[index], [field]: value };
    }
    return { ...params, [name]: Object.values(raw) };
  };
}

/** Calls that read no parameters declare this; unknown parameters are ignored (docs/api.md). */
export const NoInput = z.object({});
/** Paths without `:parameters`. */
export const NoParams = z.object({});

/** A positive database id as it arrives in a query string or path: digits only, within int4. */
export const IdParam = z
  .string()
  .regex(/^\d{1,10}$/, 'id')
  .transform(Number)
  .refine((n) => n >= 1 && n <= 2_147_483_647, 'id');

export const UuidParam = z
  .string()
  .regex(UUID_PATTERN, 'uuid')
  .transform((s) => s.toLowerCase());

/** `page` from 1; `page_size` from 1, capped at 10,000 (larger asks are served 10,000). */
export const PageParams = z.object({
  page: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number)
    .refine((n) => n >= 1)
    .optional()
    .default(1),
  page_size: z
    .string()
    .regex(/^\d{1,12}$/)
    .transform((s) => Math.min(Number(s), MAX_PAGE_SIZE))
    .refine((n) => n >= 1)
    .optional()
    .default(DEFAULT_PAGE_SIZE),
});

/** A day `YYYY-MM-DD` as a query string carries it: a real date within the shop's years. */
export const DayParam = z.string().refine(isCalendarDate);

export const BooleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/* Answers. */

/** The envelope of every answer (docs/architecture.md §4). */
export function okEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(200), message: z.string(), data });
}
export const ErrorEnvelope = z.object({ code: z.number().int(), message: z.string() });
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });
}
