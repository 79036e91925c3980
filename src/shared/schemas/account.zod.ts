import { z } from 'zod';
import { codeProblem, emailProblem, nameProblem, passwordProblem } from './account.rules';
import { WHEN_MISSING } from './cart.rules';
import { WhenMissingField } from './cart.zod';
import { ruled, Text } from './common.zod';

/* Requests (docs/api.md, Account). A rule's problem is a key of `errors:account.*`. */

const problem = (key: string | undefined) => (key ? (`errors:account.${key}` as const) : undefined);

/** The address, checked, trimmed and lower-cased. */
export const Email = ruled(Text(320), (v) => problem(emailProblem(v))).transform((v) =>
  v.trim().toLowerCase(),
);
/** A shopper's new password: 8 to 15 characters, as the sign-up hint says. */
export const NewPassword = ruled(Text(200), (v) => problem(passwordProblem(v)));
/** The password a shopper signs in with: only required (an old rule's password still signs in). */
export const CurrentPassword = ruled(Text(200), (v) => problem(v === '' ? 'passwordEmpty' : undefined));
export const Code = ruled(Text(50), (v) => problem(codeProblem(v))).transform((v) => v.trim());
export const Name = ruled(Text(200), (v) => problem(nameProblem(v))).transform((v) => v.trim());

/** `POST /api/buy/email` and `POST /api/buy/found/password`: where to send a code. */
export const EmailInput = z.object({ email: Email });
export const RegistrationInput = z.object({ email: Email, code: Code, name: Name, password: NewPassword });
export const LoginInput = z.object({ email: Email, password: CurrentPassword });
export const PasswordResetInput = z.object({ email: Email, code: Code, password: NewPassword });
/** `PATCH /api/user`: each field changes only when sent. */
export const ProfileChangeInput = z.object({
  name: Name.optional(),
  avatar: Text(300).optional(),
  /** The shopper's default for items missing at packing: `refund` or `replace`. */
  when_missing: WhenMissingField.optional(),
});
export const PasswordChangeInput = z.object({ old_password: CurrentPassword, password: NewPassword });

/* Answers. */

/** The user as the browser keeps it after sign-in (docs/product.md §3), and the sign-in answer. */
export const User = z.object({
  uuid: z.string(),
  email: z.string(),
  name: z.string(),
  avatar: z.string(),
  /** Our addition: what to do with an item missing at packing, unless a cart line says otherwise. */
  when_missing: z.enum(WHEN_MISSING),
});
export type User = z.infer<typeof User>;
export const LoginAnswer = User.extend({ token: z.string() });
export type LoginAnswer = z.infer<typeof LoginAnswer>;
