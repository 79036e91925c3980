import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants';

/** The envelope of every answer (DESIGN.md §4). */
export function okEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(200), message: z.string(), data });
}
export const ErrorEnvelope = z.object({ code: z.number().int(), message: z.string() });
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

/** A positive database id as it arrives in a query string or path: digits only, within int4. */
export const IdParam = z
  .string()
  .regex(/^\d{1,10}$/, 'id')
  .transform(Number)
  .refine((n) => n >= 1 && n <= 2_147_483_647, 'id');

export const UuidParam = z
  .string()
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'uuid')
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

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });
}
export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  page_size: number;
}

export const BooleanFlag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
