import { createHash, randomBytes, randomInt } from 'node:crypto';

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

/** Codes are stored hashed with the address and purpose, so a row cannot be replayed for another. */
export function hashCode(email: string, purpose: string, code: string): string {
  return createHash('sha256').update(`${purpose}\n${email}\n${code}`).digest('base64url');
}
