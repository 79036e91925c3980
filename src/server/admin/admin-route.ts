import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type AuditEntry, type AuditNote, type Changed, type RunAudited, recordAudit } from '#server/audit';
import type { Clock } from '#server/clock';
import type { Db, Tx } from '#server/db/client';
import { type RouteCall, type RouteSpec, route } from '#server/http';
import type { StaffUser } from '#server/plugins/staff-auth';
import type { NoParams } from '#shared/schemas/common';
import type { Permission } from '#shared/schemas/staff.rules';
import { labelFromState, labelTargets, targetKey } from './views/audit-targets';

/*
 * The staff side's one way to declare a console call (docs/architecture.md, The admin layer): an
 * `/api/admin/<segment>` route lives in `admin/<segment>.routes.ts`, states who may call it, runs
 * one domain function and answers. A write that changes the shop is `audited`: the domain function
 * runs in one transaction and says what it changed; the line in the audit log is written here, in
 * that same transaction, so no route file and no domain module writes the log by hand.
 */

/** Who may call: a permission of the caller's role, or any signed-in staff member. */
export type Allow = Permission | 'any staff';

export interface AdminRouteSpec<I extends z.ZodType, P extends z.ZodType>
  extends Omit<RouteSpec<I, P, 'staff'>, 'auth' | 'permission'> {
  allow: Allow;
}

/** What an admin handler receives: the parsed input and path parameters, and the caller. */
export type AdminCall<I extends z.ZodType, P extends z.ZodType> = RouteCall<I, P, 'staff'> & {
  staff: StaffUser;
};

/** Registers a console route behind the staff session and `allow` (401 / 403 before the input is read). */
export function adminRoute<I extends z.ZodType, P extends z.ZodType = typeof NoParams>(
  app: FastifyInstance,
  spec: AdminRouteSpec<I, P>,
  handler: (call: AdminCall<I, P>, request: FastifyRequest, reply: FastifyReply) => unknown,
): void {
  const { allow, ...rest } = spec;
  route(
    app,
    { ...rest, auth: 'staff', permission: allow === 'any staff' ? undefined : allow },
    handler as (call: RouteCall<I, P, 'staff'>, request: FastifyRequest, reply: FastifyReply) => unknown,
  );
}

/**
 * Registers one of the few console calls made before there is a session (signing in, setting a
 * password from a mailed link): `allow: 'anyone'` says so where the route is declared.
 */
export function openAdminRoute<I extends z.ZodType, P extends z.ZodType = typeof NoParams>(
  app: FastifyInstance,
  spec: Omit<RouteSpec<I, P, undefined>, 'auth' | 'permission' | 'duringTotpSetup'> & { allow: 'anyone' },
  handler: (call: RouteCall<I, P, undefined>, request: FastifyRequest, reply: FastifyReply) => unknown,
): void {
  const { allow: _anyone, ...rest } = spec;
  route(app, rest, handler);
}

/* The notes a domain function reports are defined beside the log's writer, which modules may import. */
export type { AuditNote, Changed } from '#server/audit';

/**
 * Opens the transaction a change runs in: plain `db.transaction` by default; a segment passes its
 * own where the change must be more than a transaction (a catalogue change notifies the other
 * processes once it commits, catalogue.changes.ts).
 */
export type OpenTransaction = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

export interface AuditDeps {
  db: Db;
  clock: Clock;
}

/** Runs `work` in one transaction and writes the audit lines it reports before that commits. */
export async function audited<T>(
  deps: AuditDeps,
  who: Pick<StaffUser, 'id'> | null,
  work: (tx: Tx) => Promise<Changed<T>>,
  open: OpenTransaction = (fn) => deps.db.transaction(fn),
): Promise<T> {
  return open(async (tx) => {
    const { result, audit } = await work(tx);
    await writeAudit(tx, deps.clock, who, audit);
    return result;
  });
}

/** `audited` on these deps, for a domain flow that opens its transaction itself (RunAudited). */
export function auditedWith(deps: AuditDeps, open?: OpenTransaction): RunAudited {
  return (who, work) => audited(deps, who, work, open);
}

/** Writes the lines a change reported, inside the caller's transaction: for changes `audited` cannot wrap. */
export async function writeAudit(
  tx: Tx | Db,
  clock: Clock,
  who: Pick<StaffUser, 'id'> | null,
  audit: AuditNote | readonly AuditNote[],
): Promise<void> {
  const at = clock.now();
  const notes: readonly AuditNote[] = Array.isArray(audit) ? audit : [audit as AuditNote];
  const labels = await labelTargets(
    tx,
    notes.map((note) => ({ targetType: note.targetType, targetId: String(note.targetId) })),
  );
  for (const note of notes) {
    const targetId = String(note.targetId);
    const entry: AuditEntry = {
      staffId: who?.id ?? null,
      action: note.action,
      targetType: note.targetType,
      targetId,
      // A target deleted by this change is named by what the line kept of it.
      targetLabel:
        labels.get(targetKey({ targetType: note.targetType, targetId })) ??
        labelFromState(note.before) ??
        labelFromState(note.after),
      before: note.before,
      after: note.after,
      at,
    };
    await recordAudit(tx, entry);
  }
}
