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
  /** A customer's e-mail or a staff member's name, while they exist. */
  targetName: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

/** `GET /api/admin/audit` (docs/api.md, Admin), newest first. */
export const AuditPage = pageOf(AuditEntry);
export type AuditPage = z.infer<typeof AuditPage>;
