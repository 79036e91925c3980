import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client';
import { auditLog, staff } from '#server/db/schema';

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

export interface AuditFilter {
  page: number;
  pageSize: number;
  /** Only what this staff member did. */
  staff?: number;
  /** Only changes to this target type, or `type:id` for one target. */
  target?: string;
}

/** The audit log, newest first, a page at a time. */
export async function listAudit(db: Db, filter: AuditFilter) {
  const where: SQL[] = [];
  if (filter.staff !== undefined) where.push(eq(auditLog.staffId, filter.staff));
  if (filter.target) {
    const [type = '', id] = filter.target.split(':', 2);
    where.push(eq(auditLog.targetType, type));
    if (id !== undefined) where.push(eq(auditLog.targetId, id));
  }
  const condition = where.length > 0 ? and(...where) : undefined;
  const rows = await db
    .select({
      id: auditLog.id,
      at: auditLog.at,
      staffId: auditLog.staffId,
      staffEmail: staff.email,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.staffId))
    .where(condition)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  const [total] = await db.select({ n: count() }).from(auditLog).where(condition);
  return {
    list: rows.map((r) => ({ ...r, at: r.at.toISOString() })),
    total: total?.n ?? 0,
    page: filter.page,
    page_size: filter.pageSize,
  };
}
