import { z } from 'zod';
import { Id, Instant, pageOf } from './common.zod';

/** One entry of the audit log: who did what to what, and the target before and after. */
export const AuditEntry = z.strictObject({
  id: Id,
  at: Instant,
  staffId: Id.nullable(),
  staffEmail: z.string().nullable(),
  staffName: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  /**
   * What the target is called (a product's or promotion's name, a coupon's code, an order's number,
   * a customer's e-mail, a staff member's name): now, or as recorded once it is gone; in English
   * and in Chinese (the same text where it has one name only).
   */
  targetName: z.string().nullable(),
  targetNameZh: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** `GET /api/admin/audit` (docs/api.md, Admin), newest first. */
export const AuditPage = pageOf(AuditEntry);
export type AuditPage = z.infer<typeof AuditPage>;
