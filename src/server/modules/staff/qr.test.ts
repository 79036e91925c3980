import { describe, expect, it } from 'vitest';
import { qrMatrix, qrSvg, reedSolomon } from './qr';

/*
 * The writer was compared module by module, for every mask and versions 1 to 15, with the QR code
 * generator npm itself ships (qrcode-terminal's vendored QRCode); these tests keep what that showed.
 */
describe('the QR code writer', () => {
  it('computes the standard’s error correction (the 1-M "HELLO WORLD" example)', () => {
    const data = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17];
    expect(reedSolomon(data, 10)).toEqual([196, 35, 39, 119, 235, 215, 231, 226, 93, 23]);
  });

  it('grows the code with the text, and draws the three finder patterns', () => {
    expect(qrMatrix('a')).toHaveLength(21);
    const uri = `otpauth://totp/Fresh%20Market:${'a'.repeat(40)}%40example.com?secret=${'A'.repeat(32)}`;
    const m = qrMatrix(uri);
    expect(m.length).toBeGreaterThan(21);
    const finder = (r: number, c: number) =>
      [0, 1, 2, 3, 4, 5, 6]
        .map((i) => [0, 1, 2, 3, 4, 5, 6].map((j) => (m[r + i]?.[c + j] ? 1 : 0)).join(''))
        .join('/');
    const expected = '1111111/1000001/1011101/1011101/1011101/1000001/1111111';
    expect(finder(0, 0)).toBe(expected);
    expect(finder(0, m.length - 7)).toBe(expected);
    expect(finder(m.length - 7, 0)).toBe(expected);
  });

  it('refuses a text longer than version 15 holds', () => {
    expect(() => qrMatrix('x'.repeat(500))).toThrow();
  });

  it('draws an SVG with a quiet zone', () => {
    const svg = qrSvg('hello');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 29 29"/);
    expect(svg).toContain('<path d="M4 4h1v1h-1z');
  });
});
