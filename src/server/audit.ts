import type { Db, Tx } from './db/client';
import { auditLog } from './db/schema';

/*
 * The audit log's writer, called by the admin layer (src/server/admin/admin-route.ts) with what
 * the domains report of their changes, and the notes they report it in, outside the modules so
 * every module can reach them; the reader is admin/views/audit-log.ts.
 */

export interface AuditEntry {
  /** Who did it; null for the shop's command line. */
  staffId: number | null;
  /** What was done, as `area.verb`: `staff.invite`, `customer.disable`, `staff.totp.enable`, … */
  action: string;
  targetType: string;
  targetId: string;
  /** What the target was called then, in both languages, so the line reads by name once it is gone. */
  targetLabel?: { en: string; zh: string } | null;
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
    targetLabel: entry.targetLabel ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    at: entry.at,
  });
}

/*
 * What a domain function reports of a change it made, for the admin layer to write
 * (src/server/admin/admin-route.ts): the domains say what changed, never who or when, and never
 * write the log themselves.
 */

/** One line of the audit log as a domain function reports it; who and when are added by its writer. */
export interface AuditNote {
  /** `area.verb`: `category.create`, `order.refund`, `staff.invite`, … */
  action: string;
  targetType: string;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
}

/** A change's outcome: what the caller answers with, and the audit lines it made (none is allowed). */
export interface Changed<T> {
  result: T;
  audit: AuditNote | readonly AuditNote[];
}

/**
 * Runs `work` in one transaction and writes the lines it reports, as `who`, before that commits:
 * the admin layer's `audited`, handed to a domain flow that must open its transaction itself (it
 * hashes a password before it, counts a wrong code or mails after it, or learns only from a link
 * who is acting).
 */
export type RunAudited = <T>(who: { id: number } | null, work: (tx: Tx) => Promise<Changed<T>>) => Promise<T>;

/**
 * Writes a change's lines inside a transaction the domain flow opened and shapes itself (an
 * import, whose transaction may end with nothing written): the admin layer's `writeAudit`, with
 * who and when already bound.
 */
export type WriteAudit = (tx: Tx, audit: AuditNote | readonly AuditNote[]) => Promise<void>;
