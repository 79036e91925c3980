/**
 * Card rules shared by the web's card forms (saved cards and the pay page) and the server
 * (docs/product.md §5). A problem is a key under `errors:card.*`.
 */

/** Letters (any script), spaces and ' , . - (docs/product.md §5). */
export const HOLDER_NAME_PATTERN = /^[\p{L}\p{M} ',.-]+$/u;
export const HOLDER_NAME_MAX = 64;
/** MM/YY with month 01 to 12 (docs/product.md §5). */
export const EXPIRY_PATTERN = /^(0[1-9]|1[0-2])\/(\d{2})$/;
/** What a typed card number may hold: digits in groups, spaces or dashes between. */
export const CARD_NUMBER_PATTERN = /^[0-9][0-9 -]*$/;
export const CARD_DIGITS_MIN = 12;
export const CARD_DIGITS_MAX = 19;

export type HolderNameProblem = 'holderRequired' | 'holderInvalid';
export type CardNumberProblem = 'numberRequired' | 'numberInvalid';
export type ExpiryProblem = 'expiryRequired' | 'expiryInvalid';
export type CardFormProblem = HolderNameProblem | CardNumberProblem | ExpiryProblem;
export type SecurityCodeProblem = 'codeRequired' | 'codeInvalid';

/** The card's security code (CVV/CVC/CID): 3 digits, 4 on American Express cards. */
export const SECURITY_CODE_PATTERN = /^\d{3,4}$/;

export function securityCodeProblem(code: string): SecurityCodeProblem | undefined {
  const trimmed = code.trim();
  if (trimmed === '') return 'codeRequired';
  return SECURITY_CODE_PATTERN.test(trimmed) ? undefined : 'codeInvalid';
}

export function holderNameProblem(name: string): HolderNameProblem | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return 'holderRequired';
  if (trimmed.length > HOLDER_NAME_MAX || !HOLDER_NAME_PATTERN.test(trimmed)) return 'holderInvalid';
  return undefined;
}

/** The digits of a typed card number: the spaces and dashes people type dropped. */
export function cardNumberDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

/** Required; the server also wants 12 to 19 digits (Luhn is the gateway's to judge). */
export function cardNumberProblem(number: string): CardNumberProblem | undefined {
  const trimmed = number.trim();
  if (trimmed === '') return 'numberRequired';
  const digits = cardNumberDigits(trimmed);
  if (
    !CARD_NUMBER_PATTERN.test(trimmed) ||
    digits.length < CARD_DIGITS_MIN ||
    digits.length > CARD_DIGITS_MAX
  )
    return 'numberInvalid';
  return undefined;
}

/** Month and four-digit year of an `MM/YY` expiry; undefined when it is not one. */
export function parseExpiry(text: string): { month: number; year: number } | undefined {
  const match = EXPIRY_PATTERN.exec(text.trim());
  if (!match) return undefined;
  return { month: Number(match[1]), year: 2000 + Number(match[2]) };
}

export function expiryProblem(text: string): ExpiryProblem | undefined {
  if (text.trim() === '') return 'expiryRequired';
  return parseExpiry(text) ? undefined : 'expiryInvalid';
}

/** `MM/YY` for a month and a (two- or four-digit) year. */
export function formatExpiry(month: number, year: number): string {
  return `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;
}

/** "**** 1111", as lists show a saved card. */
export function maskedCardNumber(last4: string): string {
  return `**** ${last4}`;
}

export interface CardFormValues {
  holderName: string;
  number: string;
  expiry: string;
}

/** The first problem of the saved-card form, in the order the form shows its fields. */
export function cardFormProblem(values: CardFormValues): CardFormProblem | undefined {
  return (
    holderNameProblem(values.holderName) ?? cardNumberProblem(values.number) ?? expiryProblem(values.expiry)
  );
}
