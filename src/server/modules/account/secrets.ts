import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';

/** A sign-in token: 32 random bytes, base64url (43 characters). Only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A 6-digit code from the operating system's secure random source. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * Codes are stored as an HMAC under a key derived from the shop's secret, bound to the address and
 * purpose: a row cannot serve another address or purpose, and a copy of the table alone does not
 * give the code back by trying all million of them.
 */
export function hashCode(key: Buffer, email: string, purpose: string, code: string): string {
  return createHmac('sha256', key).update(`${purpose}\n${email}\n${code}`).digest('base64url');
}
