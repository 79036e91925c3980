import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client';
import { auditLog, staff, users } from '#server/db/schema';

/*
 * The audit log as the console reads it (docs/api.md, Admin: audit): each line with who made it
 * and whom it concerns, so a read across staff and shoppers. The writer is src/server/audit.ts.
 */

export interface AuditFilter {
  page: number;
  pageSize: number;
  /** Only what this staff member did. */
  staff?: number;
  /** Only changes to this target type, or `type:id` for one target. */
  target?: string;
}

const targetStaff = alias(staff, 'target_staff');

/**
 * The audit log, newest first, a page at a time. `targetName` says who a customer or staff target
 * is (their e-mail, their name) while they exist, so the console need not show bare ids.
 */
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
      // The console names who did it (an e-mail alone reads poorly in a long log).
      staffName: staff.name,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      targetName: sql<string | null>`coalesce(${users.email}, ${targetStaff.name})`,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.staffId))
    .leftJoin(
      users,
      and(eq(auditLog.targetType, 'customer'), sql`${users.uuid}::text = ${auditLog.targetId}`),
    )
    .leftJoin(
      targetStaff,
      and(eq(auditLog.targetType, 'staff'), sql`${targetStaff.id}::text = ${auditLog.targetId}`),
    )
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
