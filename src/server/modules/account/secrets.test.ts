import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashCode, hashToken, newCode, newToken } from './secrets';

/** Pearson's chi-square statistic of observed counts against a uniform expectation. */
function chiSquare(counts: number[]): number {
  const total = counts.reduce((a, b) => a + b, 0);
  const expected = total / counts.length;
  return counts.reduce((sum, n) => sum + (n - expected) ** 2 / expected, 0);
}

describe('sign-in tokens', () => {
  it('carry 256 random bits: 43 base64url characters, never repeated, every bit a fair coin', () => {
    const tokens = Array.from({ length: 4000 }, newToken);
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set(tokens).size).toBe(tokens.length);
    // Each of the 256 bit positions is set in about half the tokens: 4000 draws put a fair bit
    // within ±6 standard deviations (±190) of 2000 (a false alarm once in millions of runs); a
    // stuck or biased source falls outside.
    const ones = new Array<number>(256).fill(0);
    for (const token of tokens) {
      const bytes = Buffer.from(token, 'base64url');
      expect(bytes.length).toBe(32);
      for (let bit = 0; bit < 256; bit++)
        ones[bit] = (ones[bit] ?? 0) + (((bytes[bit >> 3] ?? 0) >> (bit & 7)) & 1);
    }
    for (const n of ones) expect(Math.abs(n - 2000)).toBeLessThan(190);
  });

  it('are stored as a SHA-256 that does not reveal them', () => {
    const token = newToken();
    expect(hashToken(token)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hashToken(token)).not.toContain(token.slice(0, 8));
    expect(hashToken(token)).toBe(hashToken(token));
    expect(hashToken(`${token}x`)).not.toBe(hashToken(token));
  });
});

describe('mailed codes', () => {
  it('are six digits drawn uniformly: every digit in every place equally likely', () => {
    const codes = Array.from({ length: 20_000 }, newCode);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    // 9 degrees of freedom: a uniform source exceeds 48 about once in a million tries per place.
    for (let place = 0; place < 6; place++) {
      const counts = new Array<number>(10).fill(0);
      for (const code of codes) {
        const digit = Number(code[place]);
        counts[digit] = (counts[digit] ?? 0) + 1;
      }
      expect(chiSquare(counts)).toBeLessThan(48);
    }
    // Leading zeros are kept: a million codes, not nine hundred thousand.
    expect(codes.some((c) => c.startsWith('0'))).toBe(true);
  });

  it('are stored hashed with their address and purpose, so a row cannot serve another', () => {
    const code = newCode();
    const key = randomBytes(32);
    expect(hashCode(key, 'a@b.co', 'signup', code)).not.toBe(hashCode(key, 'c@d.co', 'signup', code));
    expect(hashCode(key, 'a@b.co', 'signup', code)).not.toBe(hashCode(key, 'a@b.co', 'reset', code));
    expect(hashCode(key, 'a@b.co', 'signup', code)).not.toContain(code);
  });

  it("cannot be found by hashing all million codes without the shop's key", () => {
    const code = newCode();
    const stored = hashCode(randomBytes(32), 'a@b.co', 'signup', code);
    const plain = createHash('sha256').update(`signup\na@b.co\n${code}`).digest('base64url');
    expect(stored).not.toBe(plain);
    expect(hashCode(randomBytes(32), 'a@b.co', 'signup', code)).not.toBe(stored);
  });
});
