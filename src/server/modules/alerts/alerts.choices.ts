import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { staff } from '#server/db/schema';
import { BadInput, NotFound } from '#server/errors';
import { mailLanguage } from '#server/mail/outbox';
import type { Language } from '#shared/constants';
import {
  ALERT_KINDS,
  type AlertKind,
  alertAllowed,
  isAlertKind,
  isStaffRole,
} from '#shared/schemas/staff.rules';

/** A member's alerts and those their role may choose (`GET /api/admin/me/alerts`). */
export interface AlertChoices {
  language: Language;
  alerts: AlertKind[];
  allowed: AlertKind[];
}

function choicesOf(row: { role: string; alerts: string[]; language: string }): AlertChoices {
  const role = row.role;
  const allowed = isStaffRole(role) ? ALERT_KINDS.filter((k) => alertAllowed(role, k)) : [];
  // A choice the role no longer allows (the role changed) is not shown: it is not sent either.
  const alerts = ALERT_KINDS.filter((k) => row.alerts.includes(k) && allowed.includes(k));
  return { language: mailLanguage(row.language), alerts, allowed: [...allowed] };
}

export async function alertChoices(db: Db, staffId: number): Promise<AlertChoices> {
  const [row] = await db
    .select({ role: staff.role, alerts: staff.alerts, language: staff.language })
    .from(staff)
    .where(eq(staff.id, staffId));
  if (!row) throw new NotFound('errors:staff.notFound');
  return choicesOf(row);
}

/**
 * Sets the alerts a member gets, and the language they read them in (absent: kept); one their role
 * may not have is refused and nothing changes.
 */
export async function setAlertChoices(
  db: Db,
  staffId: number,
  kinds: AlertKind[],
  language?: Language,
): Promise<AlertChoices> {
  const [row] = await db.select({ role: staff.role }).from(staff).where(eq(staff.id, staffId));
  if (!row || !isStaffRole(row.role)) throw new NotFound('errors:staff.notFound');
  const role = row.role;
  if (kinds.some((k) => !isAlertKind(k) || !alertAllowed(role, k)))
    throw new BadInput('errors:staff.alertNotAllowed');
  const alerts = ALERT_KINDS.filter((k) => kinds.includes(k));
  const [saved] = await db
    .update(staff)
    .set(language ? { alerts, language } : { alerts })
    .where(eq(staff.id, staffId))
    .returning({ role: staff.role, alerts: staff.alerts, language: staff.language });
  if (!saved) throw new NotFound('errors:staff.notFound');
  return choicesOf(saved);
}
