import { z } from 'zod';
import { LANGUAGES, type Language } from '../constants';
import { staffPasswordProblem } from './account.rules';
import { Code, CurrentPassword, Email, Name } from './account.zod';
import { DayParam, IdParam, PageParams, refuse, ruled, Text, UuidParam } from './common.zod';
import { type AlertKind, isAlertKind, isStaffRole, recoveryCodeOf, type StaffRole } from './staff.rules';

/* Requests of the operator console (docs/api.md, Admin). */

/** A staff member's new password: 8 to 64 characters (a shopper's is at most 15). */
const NewStaffPassword = ruled(Text(200), (v) => {
  const problem = staffPasswordProblem(v);
  return problem ? (`errors:staff.${problem}` as const) : undefined;
});

const isLanguage = (v: string): v is Language => (LANGUAGES as readonly string[]).includes(v);

const Role = Text(20).transform((v, ctx): StaffRole => (isStaffRole(v) ? v : refuse(ctx, 'field')));
/**
 * An optional second factor: the authenticator's 6 digits or a recovery code (normalised);
 * absent or empty is none.
 */
const OptionalCode = Text(50).transform((v, ctx): string | undefined => {
  const code = v.trim();
  if (code === '') return undefined;
  if (/^\d{6}$/.test(code)) return code;
  return recoveryCodeOf(code) ?? refuse(ctx, 'errors:staff.wrongCode');
});

export const StaffSignInInput = z.object({ email: Email, password: CurrentPassword, code: OptionalCode });
/** The one-time token of a set-password link: 43 base64url characters. */
export const StaffPasswordSetInput = z.object({
  token: Text(100).refine((v) => /^[\w-]{20,100}$/.test(v), 'token'),
  password: NewStaffPassword,
});
export const TotpCodeInput = z.object({ code: Code });
export const StaffInviteInput = z.object({ email: Email, name: Name, role: Role });
export const StaffRoleInput = z.object({ role: Role });
export const StaffIdParams = z.object({ id: IdParam });
/** `GET /api/admin/audit`: who, what (a kind of target or `type:id`), and from/to days (the shop's clock, `to` included). */
export const AuditQuery = PageParams.extend({
  staff: IdParam.optional(),
  /** A target type (`product`, `order`, `customer`, …), or `type:id` for one target. */
  target: Text(120)
    .refine((v) => v === '' || /^[a-z_]{1,30}(:[\w.@-]{1,80})?$/.test(v), 'target')
    .optional(),
  from: DayParam.optional(),
  to: DayParam.optional(),
}).refine((v) => v.from === undefined || v.to === undefined || v.from <= v.to, {
  message: 'errors:staff.auditRangeBackwards',
  path: ['to'],
});
export const CustomerQuery = PageParams.extend({ q: Text(100).optional() });
export const CustomerParams = z.object({ uuid: UuidParam });
/**
 * The alerts chosen, comma-separated (`orderPaid,lowStock`; empty chooses none), and the language
 * the member reads them in (absent keeps it).
 */
export const AlertChoiceInput = z.object({
  language: Text(5)
    .transform((v, ctx): Language => (isLanguage(v) ? v : refuse(ctx, 'field')))
    .optional(),
  alerts: Text(200).transform((v, ctx): AlertKind[] => {
    const kinds = v
      .split(',')
      .map((k) => k.trim())
      .filter((k) => k !== '');
    if (!kinds.every(isAlertKind)) return refuse(ctx, 'errors:staff.alertUnknown');
    return [...new Set(kinds)];
  }),
});
