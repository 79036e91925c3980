import { z } from 'zod';
import { STAFF_ROLES } from '../staff.rules';
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
 * `POST /api/admin/sign-in`: who signed in and the session's CSRF token, which the console sends
 * back with every write; the session itself is in an HttpOnly cookie no script can read.
 */
export const SignInAnswer = z.strictObject({ staff: StaffView, csrf: z.string() });
export type SignInAnswer = z.infer<typeof SignInAnswer>;

/** `GET /api/admin/me`: the signed-in member and the session's CSRF token (a new tab learns it here). */
export const MeAnswer = StaffView.extend({ csrf: z.string() });
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
