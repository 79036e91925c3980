import type { Db, Tx } from './db/client';
import { auditLog } from './db/schema';

/*
 * The audit log's writer, outside the modules because every module whose changes staff make calls
 * it (customers in account/, orders in order/); the reader is modules/staff/audit.ts.
 */

export interface AuditEntry {
  /** Who did it; null for the shop's command line. */
  staffId: number | null;
  /** What was done, as `area.verb`: `staff.invite`, `customer.disable`, `staff.totp.enable`, … */
  action: string;
  targetType: string;
  targetId: string;
  before?: unknown;
  after?: unknown;
  at: Date;
}

/** Writes one line of the audit log; call it inside the transaction that makes the change. */
export async function recordAudit(tx: Db | Tx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    staffId: entry.staffId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    at: entry.at,
  });
}
