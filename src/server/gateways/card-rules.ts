import { cardNumberDigits, SECURITY_CODE_PATTERN } from '#shared/schemas/card';
import type { CardBrand, CardChargeResult, CardDetails, DeclineReason } from './gateway';

/** Authorize.Net's own wording, so sandbox and live refusals read alike. */
export const CARD_MESSAGES = {
  declined: 'This transaction has been declined.',
  invalid_number: 'The credit card number is invalid.',
  expired: 'The credit card has expired.',
  invalid_code: 'The Card Code (CVV2/CVC2/CID) is invalid.',
  not_found: 'The saved card cannot be found.',
} as const satisfies Record<DeclineReason, string>;

/** True for 12 to 19 digits whose Luhn checksum holds. */
export function passesLuhn(number: string): boolean {
  const digits = cardNumberDigits(number);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const BRAND_PREFIXES: [RegExp, CardBrand][] = [
  [/^4/, 'Visa'],
  [/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/, 'MasterCard'],
  [/^3[47]/, 'AmericanExpress'],
  [/^(6011|65|64[4-9])/, 'Discover'],
  [/^(35|3088|3096|3112|3158|3337)/, 'JCB'],
  [/^(36|38|30[0-5])/, 'DinersClub'],
];

/** The brand a card number's first digits announce. */
export function cardBrandOf(number: string): CardBrand {
  const digits = cardNumberDigits(number);
  return BRAND_PREFIXES.find(([prefix]) => prefix.test(digits))?.[1] ?? 'Unknown';
}

/** The last four digits, the only part of a number that may be shown or logged. */
export function lastFour(number: string): string {
  return cardNumberDigits(number).slice(-4);
}

/** Two-digit years are read as 20YY. */
export function fullYear(year: number): number {
  return year < 100 ? 2000 + year : year;
}

/** "2027-08", as Authorize.Net wants expiration dates. */
export function expirationDateOf(expMonth: number, expYear: number): string {
  return `${fullYear(expYear)}-${String(expMonth).padStart(2, '0')}`;
}

/** A card is good through the last day of its expiry month (UTC). */
export function isExpired(expMonth: number, expYear: number, now: Date): boolean {
  const year = fullYear(expYear);
  return year * 12 + (expMonth - 1) < now.getUTCFullYear() * 12 + now.getUTCMonth();
}

function isValidMonth(month: number): boolean {
  return Number.isInteger(month) && month >= 1 && month <= 12;
}

/** Three digits, or four for American Express. */
export function isValidCardCode(code: string, number: string): boolean {
  return cardBrandOf(number) === 'AmericanExpress' ? SECURITY_CODE_PATTERN.test(code) : /^\d{3}$/.test(code);
}

export function declined(reason: DeclineReason, message: string = CARD_MESSAGES[reason]): CardChargeResult {
  return { status: 'declined', message, reason };
}

/**
 * The refusals every gateway would give, checked before anything leaves the process: a number
 * that fails Luhn, a bad or past expiry date, a malformed security code (when one is required).
 */
export function precheckCard(
  card: Omit<CardDetails, 'code'> & { code?: string },
  now: Date,
  codeRequired: boolean,
): CardChargeResult | undefined {
  if (!passesLuhn(card.number)) return declined('invalid_number');
  if (!isValidMonth(card.expMonth) || !Number.isInteger(card.expYear)) return declined('expired');
  if (isExpired(card.expMonth, card.expYear, now)) return declined('expired');
  const code = card.code ?? '';
  if ((codeRequired || code !== '') && !isValidCardCode(code, card.number)) return declined('invalid_code');
  return undefined;
}

/** A charge amount must be a positive whole number of cents; anything else is the caller's bug. */
export function assertChargeableCents(amountCents: number): void {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new RangeError(`not a chargeable amount: ${amountCents}`);
  }
}
