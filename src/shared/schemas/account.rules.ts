/**
 * Account rules shared by the web forms and the server (docs/product.md §5). A problem is reported as a key
 * of the `account` namespace (public/locales/{en,zh}/account.json and errors.json `account.*`).
 */

/** Starts with a letter or digit; letters, digits, hyphen, dot or underscore; @; a domain; a 2+ letter suffix. */
export const EMAIL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
export const EMAIL_MAX = 254;
/**
 * A shopper's new password: 8 to 15 characters, as the sign-up hint says (docs/product.md §5,
 * decision 029); staff passwords may be up to 64. Sign-in accepts any stored password.
 */
export const PASSWORD_MIN = 8;
export const SHOPPER_PASSWORD_MAX = 15;
export const PASSWORD_MAX = 64;
export const NAME_MAX = 40;
export const CODE_PATTERN = /^\d{6}$/;

export type EmailProblem = 'emailEmpty' | 'emailInvalid';
export function emailProblem(email: string): EmailProblem | undefined {
  const trimmed = email.trim();
  if (trimmed === '') return 'emailEmpty';
  if (trimmed.length > EMAIL_MAX || !EMAIL_PATTERN.test(trimmed)) return 'emailInvalid';
  return undefined;
}

export type PasswordProblem = 'passwordEmpty' | 'passwordLength';
/** A shopper's new password (sign up, reset, change): 8 to 15 characters. */
export function passwordProblem(password: string, max = SHOPPER_PASSWORD_MAX): PasswordProblem | undefined {
  if (password === '') return 'passwordEmpty';
  if (password.length < PASSWORD_MIN || password.length > max) return 'passwordLength';
  return undefined;
}

/** A staff member's new password: 8 to 64 characters. */
export const staffPasswordProblem = (password: string) => passwordProblem(password, PASSWORD_MAX);

export type NameProblem = 'nameEmpty' | 'nameTooLong';
export function nameProblem(name: string): NameProblem | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return 'nameEmpty';
  if ([...trimmed].length > NAME_MAX) return 'nameTooLong';
  return undefined;
}

export type CodeProblem = 'codeEmpty' | 'codeInvalid';
export function codeProblem(code: string): CodeProblem | undefined {
  const trimmed = code.trim();
  if (trimmed === '') return 'codeEmpty';
  if (!CODE_PATTERN.test(trimmed)) return 'codeInvalid';
  return undefined;
}
