import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { auditLog, staff } from '#server/db/schema';
import { addDays, dayStart } from '#server/shop-time';
import { labelTargets, targetKey } from './audit-targets';

/*
 * The audit log as the console reads it (docs/api.md, Admin: audit): each line with who made it
 * and what its target is called, so a person reads names, not ids. The writer is src/server/audit.ts.
 */

export interface AuditFilter {
  page: number;
  pageSize: number;
  /** Only what this staff member did. */
  staff?: number;
  /** Only changes to this target type, or `type:id` for one target. */
  target?: string;
  /** Days on the shop's clock, `to` included. */
  from?: string;
  to?: string;
  timeZone: string;
}

/**
 * The audit log, newest first, a page at a time. `targetName`/`targetNameZh` say what the target
 * is called now, or, once it is gone, what it was called when the line was written.
 */
export async function listAudit(db: Db, filter: AuditFilter) {
  const where: SQL[] = [];
  if (filter.staff !== undefined) where.push(eq(auditLog.staffId, filter.staff));
  if (filter.target) {
    const [type = '', id] = filter.target.split(':', 2);
    where.push(eq(auditLog.targetType, type));
    if (id !== undefined) where.push(eq(auditLog.targetId, id));
  }
  if (filter.from !== undefined) where.push(gte(auditLog.at, dayStart(filter.from, filter.timeZone)));
  if (filter.to !== undefined) where.push(lt(auditLog.at, dayStart(addDays(filter.to, 1), filter.timeZone)));
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
      targetLabel: auditLog.targetLabel,
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
  const live = await labelTargets(db, rows);
  return {
    list: rows.map(({ targetLabel, ...r }) => {
      const label = live.get(targetKey(r)) ?? targetLabel ?? null;
      return {
        ...r,
        at: r.at.toISOString(),
        targetName: label?.en ?? null,
        targetNameZh: label?.zh ?? null,
        before: r.before as Record<string, unknown> | null,
        after: r.after as Record<string, unknown> | null,
      };
    }),
    total: total?.n ?? 0,
    page: filter.page,
    page_size: filter.pageSize,
  };
}
