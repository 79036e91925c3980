import { z } from 'zod';
import { ALERT_KINDS, STAFF_ROLES } from '../staff.rules';
import { Id, pageOf } from './common.zod';

/*
 * Answers of the staff routes (docs/api.md, Admin): signing in and out, the signed-in member
 * (`/api/admin/me`), passwords, the second factor and the team (`/api/admin/staff`).
 */

/** A staff member as the console sees them: `me`, the sign-in answer, the team list. */
export const StaffView = z.strictObject({
  id: Id,
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  language: z.enum(['en', 'zh']),
  totpEnabled: z.boolean(),
  /** True while an owner has not enrolled an authenticator: every other admin route answers 403. */
  totpRequired: z.boolean(),
});
export type StaffView = z.infer<typeof StaffView>;

/**
 * `POST /api/admin/sign-in`: who signed in, the session's CSRF token, which the console sends back
 * with every write (the session itself is in an HttpOnly cookie no script can read), and the shop's
 * time zone (SHOP_TIME_ZONE, an IANA name) the console shows every time in, whatever the computer's.
 */
export const SignInAnswer = z.strictObject({ staff: StaffView, csrf: z.string(), time_zone: z.string() });
export type SignInAnswer = z.infer<typeof SignInAnswer>;

/**
 * `GET /api/admin/me`: the signed-in member, the session's CSRF token (a new tab learns it here) and
 * the shop's time zone, as sign-in.
 */
export const MeAnswer = StaffView.extend({ csrf: z.string(), time_zone: z.string() });
export type MeAnswer = z.infer<typeof MeAnswer>;

/** What sign-out, setting a password and removing a member answer: nothing. */
export const NoAnswer = z.null();
export type NoAnswer = z.infer<typeof NoAnswer>;

/** `POST /api/admin/totp/start`: a new secret, its URI and the QR code (SVG) that shows it. */
export const TotpSetup = z.strictObject({ secret: z.string(), otpauthUri: z.string(), qrSvg: z.string() });
export type TotpSetup = z.infer<typeof TotpSetup>;

/** `GET /api/admin/staff`. */
export const StaffPage = pageOf(StaffView);
export type StaffPage = z.infer<typeof StaffPage>;

/** `POST /api/admin/staff`: the invited member and the one-time link that sets their password. */
export const Invited = z.strictObject({ id: Id, setPasswordUrl: z.string(), mailed: z.boolean() });
export type Invited = z.infer<typeof Invited>;

/** `POST /api/admin/totp/confirm`: two-factor is on; its ten recovery codes, shown only now. */
export const TotpConfirmed = z.strictObject({ staff: StaffView, recoveryCodes: z.array(z.string()) });
export type TotpConfirmed = z.infer<typeof TotpConfirmed>;

/** `POST /api/admin/totp/recovery-codes`: new recovery codes (the old ones no longer work). */
export const RecoveryCodesAnswer = z.strictObject({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodesAnswer = z.infer<typeof RecoveryCodesAnswer>;

/** `GET /api/admin/totp/recovery-codes`: how many unused recovery codes are left. */
export const RecoveryCodesLeft = z.strictObject({ left: z.number().int().nonnegative() });
export type RecoveryCodesLeft = z.infer<typeof RecoveryCodesLeft>;

/**
 * `GET` and `POST /api/admin/me/alerts`: the alerts this member gets, those their role may choose,
 * and the language their mails are in.
 */
export const AlertChoices = z.strictObject({
  language: z.enum(['en', 'zh']),
  alerts: z.array(z.enum(ALERT_KINDS)),
  allowed: z.array(z.enum(ALERT_KINDS)),
});
export type AlertChoices = z.infer<typeof AlertChoices>;
