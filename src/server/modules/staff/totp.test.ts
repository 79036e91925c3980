import { describe, expect, it } from 'vitest';
import { codeAt, fromBase32, rfc6238 } from '../../../../tests/helpers/rfc6238';
import {
  base32Decode,
  base32Encode,
  hotp,
  matchTotp,
  newTotpSecret,
  openSecret,
  otpauthUri,
  sealSecret,
  totpStep,
} from './totp';

/** RFC 6238 Appendix B: the SHA-1 rows, seed "12345678901234567890", 8 digits. */
const RFC_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];
const SEED = Buffer.from('12345678901234567890');

describe("the tests' own RFC 6238 check", () => {
  it('gives the RFC’s published codes', () => {
    for (const [seconds, code] of RFC_VECTORS) expect(rfc6238(SEED, seconds, 8)).toBe(code);
  });
});

describe('the server’s TOTP', () => {
  it('gives the RFC’s published codes', () => {
    for (const [seconds, code] of RFC_VECTORS) {
      expect(hotp(SEED, totpStep(new Date(seconds * 1000)), 8)).toBe(code);
    }
  });

  it('reads and writes base32 as RFC 4648 does, and authenticator apps read its secrets', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('mzxw6ytboi')?.toString()).toBe('foobar');
    expect(base32Decode('MZXW6YTBOI======')?.toString()).toBe('foobar');
    expect(base32Decode('not base32!')).toBeUndefined();
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toEqual(fromBase32(secret));
  });

  it('accepts the code of now and of one step either side, and nothing further', () => {
    const secret = newTotpSecret();
    const now = new Date('2026-03-01T10:00:15Z');
    const step = totpStep(now);
    for (const offset of [-30_000, 0, 30_000]) {
      const code = codeAt(secret, new Date(now.getTime() + offset));
      expect(matchTotp(secret, code, now, null)).toBe(step + offset / 30_000);
    }
    for (const offset of [-90_000, -60_000, 60_000, 90_000]) {
      const code = codeAt(secret, new Date(now.getTime() + offset));
      // Codes of other steps may collide by chance one time in a million; these do not.
      if (code === codeAt(secret, now)) continue;
      expect(matchTotp(secret, code, now, null)).toBeUndefined();
    }
  });

  it('refuses a code whose step was already used, and any earlier one', () => {
    const secret = newTotpSecret();
    const now = new Date('2026-03-01T10:00:15Z');
    const code = codeAt(secret, now);
    const step = matchTotp(secret, code, now, null);
    expect(step).toBeDefined();
    expect(matchTotp(secret, code, now, step ?? 0)).toBeUndefined();
    expect(
      matchTotp(secret, codeAt(secret, new Date(now.getTime() - 30_000)), now, step ?? 0),
    ).toBeUndefined();
  });

  it('keeps secrets sealed: another key cannot open them', () => {
    const key = Buffer.alloc(32, 1);
    const sealed = sealSecret(key, 'JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(openSecret(key, sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(openSecret(Buffer.alloc(32, 2), sealed)).toBeUndefined();
    expect(openSecret(key, 'garbage')).toBeUndefined();
  });

  it('writes the otpauth link authenticator apps enrol from', () => {
    const uri = new URL(otpauthUri('JBSWY3DPEHPK3PXP', 'Fresh Market', 'owner@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Fresh Market:owner@example.com');
    expect(uri.search).toContain('issuer=Fresh%20Market');
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({
      secret: 'JBSWY3DPEHPK3PXP',
      issuer: 'Fresh Market',
      digits: '6',
      period: '30',
    });
  });
});
