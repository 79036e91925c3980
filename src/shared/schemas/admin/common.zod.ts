import { z } from 'zod';

/*
 * The building blocks of the console's answer schemas (docs/api.md, Admin). Every answer object is
 * strict: the API tests parse each answer with its schema, so a field the server adds, drops or
 * renames fails there before the console reads it wrong. The console imports the types only.
 */

/** An instant, as `Date.toISOString()` writes it (UTC). */
export const Instant = z.iso.datetime();

/** A calendar date on the shop's clock, `YYYY-MM-DD`. */
export const ShopDate = z.iso.date();

/** A time on the shop's wall clock, `YYYY-MM-DDTHH:mm` (as a datetime-local field holds it). */
export const WallTime = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);

/** A count or id: a whole number, never negative. */
export const Count = z.number().int().nonnegative();
export const Id = z.number().int().positive();

/** An amount of money as these answers give it: decimal dollars, at most two places (cents / 100). */
export const Amount = z
  .number()
  .refine(
    (n) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6,
    'an amount in dollars, two decimals at most',
  );

/** Money in integer cents (the answers that name their field `…Cents`). */
export const Cents = z.number().int();

/** A page of a list as `{list, total, page, page_size}` (orders, customers, audit, staff). */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.strictObject({ list: z.array(item), total: Count, page: Id, page_size: Id });

/** A page of a list as `{items, total, page, pageSize}` (products, stock). */
export const itemsPageOf = <T extends z.ZodType>(item: T) =>
  z.strictObject({ items: z.array(item), total: Count, page: Id, pageSize: Id });

/** The answer of a deletion that only says it happened. */
export const Deleted = z.strictObject({ deleted: z.literal(true) });
export type Deleted = z.infer<typeof Deleted>;
