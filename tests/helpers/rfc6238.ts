import { createHmac } from 'node:crypto';

/*
 * The tests' own RFC 6238 code generator, written apart from src/server/modules/staff/totp.ts and
 * checked against the RFC's published vectors (totp.test.ts), so the server is tested against an
 * independent reading of the standard rather than against itself.
 */

/** RFC 4648 base32 to bytes (upper case, no padding). */
export function fromBase32(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bits = [...text.toUpperCase()]
    .map((ch) => alphabet.indexOf(ch).toString(2).padStart(5, '0'))
    .join('');
  const bytes: number[] = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(Number.parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** RFC 6238 TOTP: T = floor(unix seconds / 30), HOTP with dynamic truncation. */
export function rfc6238(
  key: Buffer,
  unixSeconds: number,
  digits = 6,
  hash: 'sha1' | 'sha256' | 'sha512' = 'sha1',
) {
  const counter = Math.floor(unixSeconds / 30);
  const message = Buffer.from(counter.toString(16).padStart(16, '0'), 'hex');
  const mac = createHmac(hash, key).update(message).digest();
  const offset = (mac.at(-1) ?? 0) & 0xf;
  const value =
    (((mac[offset] ?? 0) & 0x7f) << 24) |
    ((mac[offset + 1] ?? 0) << 16) |
    ((mac[offset + 2] ?? 0) << 8) |
    (mac[offset + 3] ?? 0);
  return String(value % 10 ** digits).padStart(digits, '0');
}

/** The 6-digit code an authenticator app shows for a base32 secret at `at`. */
export function codeAt(secret: string, at: Date): string {
  return rfc6238(fromBase32(secret), Math.floor(at.getTime() / 1000));
}
