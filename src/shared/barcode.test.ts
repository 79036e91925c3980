import { describe, expect, it } from 'vitest';
import { checkBarcode, gs1CheckDigit, gtin14Of, sameGtinCodes } from './barcode';

describe('barcode validator', () => {
  it('accepts EAN-13, UPC-A and EAN-8 with their check digit', () => {
    expect(checkBarcode('4006381333931')).toEqual({ ok: true, code: '4006381333931', format: 'EAN-13' });
    expect(checkBarcode(' 036000241457 ')).toEqual({ ok: true, code: '036000241457', format: 'UPC-A' });
    expect(checkBarcode('96385074')).toEqual({ ok: true, code: '96385074', format: 'EAN-8' });
  });

  it('refuses a wrong check digit, a wrong length and anything but digits', () => {
    expect(checkBarcode('4006381333932')).toEqual({ ok: false, problem: 'checkDigit' });
    expect(checkBarcode('036000241458')).toEqual({ ok: false, problem: 'checkDigit' });
    expect(checkBarcode('96385075')).toEqual({ ok: false, problem: 'checkDigit' });
    expect(checkBarcode('400638133393')).toEqual({ ok: false, problem: 'checkDigit' });
    expect(checkBarcode('12345')).toEqual({ ok: false, problem: 'length' });
    expect(checkBarcode('40063813339310')).toEqual({ ok: false, problem: 'length' });
    expect(checkBarcode('4006-381333931')).toEqual({ ok: false, problem: 'digits' });
    expect(checkBarcode('')).toEqual({ ok: false, problem: 'digits' });
    expect(checkBarcode('４００６３８１３３３９３１')).toEqual({ ok: false, problem: 'digits' });
  });

  it('computes the check digit from the right', () => {
    expect(gs1CheckDigit('400638133393')).toBe(1);
    expect(gs1CheckDigit('03600024145')).toBe(7);
    expect(gs1CheckDigit('9638507')).toBe(4);
  });

  it('knows a UPC-A and its EAN-13 spelling are one product', () => {
    expect(gtin14Of('036000241457')).toBe(gtin14Of('0036000241457'));
    expect(sameGtinCodes('036000241457')).toEqual(['0036000241457']);
    expect(sameGtinCodes('0036000241457')).toEqual(['036000241457']);
    expect(sameGtinCodes('4006381333931')).toEqual([]);
  });
});
