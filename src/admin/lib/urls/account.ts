import { CONSOLE_ROOT, withQuery } from './query';

/** Signing in and a staff member's own account: the pages outside any section. */
export const signInPath = `${CONSOLE_ROOT}/sign-in`;
/** The one-time link of an invitation or `staff add`: `token` chooses whose password is set. */
export const setPasswordPath = `${CONSOLE_ROOT}/set-password`;
export const setPasswordUrl = (token: string) => withQuery(setPasswordPath, { token });
export const twoFactorPath = `${CONSOLE_ROOT}/two-factor`;
export const accountPath = `${CONSOLE_ROOT}/account`;
