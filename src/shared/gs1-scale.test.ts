import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gs1CheckDigit } from './barcode';
import {
  defaultScaleLayouts,
  fourDigitVerifier,
  matchScan,
  parseScaleLabel,
  SCALE_LAYOUTS,
} from './gs1-scale';

const LB = defaultScaleLayouts('lb');
const KG = defaultScaleLayouts('kg');

describe('price/weight verifier digit', () => {
  it('follows the 2-, 2-, 3, 5- weights', () => {
    expect(fourDigitVerifier('2875')).toBe(9);
    expect(fourDigitVerifier('0000')).toBe(0);
    expect(fourDigitVerifier('0092')).toBe(8);
  });
});

describe('GS1 scale labels', () => {
  it('reads a US label weighed in hundredths of a pound, as typed with or without its leading 0', () => {
    // 2 12345 8 0092 8: item 12345, 0.92 lb = 417.3 g.
    const label = { layout: 'upc-weight-lb', itemCode: '12345', weightG: 417 };
    expect(parseScaleLabel('212345800928', LB)).toEqual({ ok: true, label });
    expect(parseScaleLabel('0212345800928', LB)).toEqual({ ok: true, label });
  });

  it('reads a US price label in cents', () => {
    expect(parseScaleLabel('200042105996', [SCALE_LAYOUTS['upc-price']])).toEqual({
      ok: true,
      label: { layout: 'upc-price', itemCode: '00042', priceCents: 599 },
    });
  });

  it('reads an EAN-13 label in grams and one in cents', () => {
    expect(parseScaleLabel('2812345004173', KG)).toEqual({
      ok: true,
      label: { layout: 'ean-weight-g', itemCode: '12345', weightG: 417 },
    });
    expect(parseScaleLabel('2254321012343', [SCALE_LAYOUTS['ean-price']])).toEqual({
      ok: true,
      label: { layout: 'ean-price', itemCode: '54321', priceCents: 1234 },
    });
  });

  it('refuses a wrong check digit, a wrong verifier and codes that are no scale label', () => {
    expect(parseScaleLabel('2812345004174', KG)).toEqual({ ok: false, problem: 'checkDigit' });
    // The weight changed to 0093 with the check digit mended, the verifier left: a misread.
    expect(parseScaleLabel('212345800935', LB)).toEqual({ ok: false, problem: 'verifier' });
    expect(parseScaleLabel('4006381333931', KG)).toEqual({ ok: false, problem: 'notScaleLabel' });
    expect(parseScaleLabel('2812345004173', LB)).toEqual({ ok: false, problem: 'notScaleLabel' });
    expect(parseScaleLabel('96385074', KG)).toEqual({ ok: false, problem: 'notScaleLabel' });
  });
});

describe('matchScan', () => {
  const lines = [
    { id: 1, barcode: '036000241457', scaleItemCode: null },
    { id: 2, barcode: null, scaleItemCode: '12345' },
    { id: 3, barcode: '4006381333931', scaleItemCode: '00042' },
  ];

  it('confirms a line by its barcode, however the scanner spells a UPC-A', () => {
    expect(matchScan('036000241457', lines, LB)).toEqual({ kind: 'line', lineId: 1, by: 'barcode' });
    expect(matchScan('0036000241457', lines, LB)).toEqual({ kind: 'line', lineId: 1, by: 'barcode' });
    expect(matchScan('4006381333931\n', lines, KG)).toEqual({ kind: 'line', lineId: 3, by: 'barcode' });
  });

  it('confirms a line by a scale label and hands on its weight or price', () => {
    expect(matchScan('212345800928', lines, LB)).toEqual({
      kind: 'line',
      lineId: 2,
      by: 'scale',
      weightG: 417,
    });
    expect(matchScan('2812345004173', lines, KG)).toEqual({
      kind: 'line',
      lineId: 2,
      by: 'scale',
      weightG: 417,
    });
    expect(matchScan('200042105996', lines, [SCALE_LAYOUTS['upc-price']])).toEqual({
      kind: 'line',
      lineId: 3,
      by: 'scale',
      priceCents: 599,
    });
  });

  it('says the product is wrong for a good code of no line', () => {
    expect(matchScan('96385074', lines, LB)).toEqual({ kind: 'wrongProduct' });
    // A scale label of another item.
    expect(matchScan('2854321004173', lines, KG)).toEqual({ kind: 'wrongProduct' });
  });

  it('says a misread is unreadable', () => {
    expect(matchScan('036000241458', lines, LB)).toEqual({ kind: 'unreadable', problem: 'checkDigit' });
    expect(matchScan('12ab', lines, LB)).toEqual({ kind: 'unreadable', problem: 'digits' });
    expect(matchScan('212345800935', lines, LB)).toEqual({ kind: 'unreadable', problem: 'verifier' });
  });
});

describe('scale labels, any item and weight', () => {
  const label = (layout: 'lb' | 'kg', item: number, value: number) => {
    const i = String(item).padStart(5, '0');
    const body =
      layout === 'lb'
        ? `02${i}${fourDigitVerifier(String(value).padStart(4, '0'))}${String(value).padStart(4, '0')}`
        : `28${i}${String(value).padStart(5, '0')}`;
    return `${body}${gs1CheckDigit(body)}`;
  };

  it('reads back what was printed, and no one misread digit passes as another label', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('lb' as const, 'kg' as const),
        fc.integer({ min: 0, max: 99_999 }),
        fc.integer({ min: 1, max: 9_999 }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 1, max: 9 }),
        (unit, item, value, at, shift) => {
          const code = label(unit, item, value);
          const layouts = defaultScaleLayouts(unit);
          const read = parseScaleLabel(code, layouts);
          const grams = unit === 'kg' ? value : Math.round((value * 453.59237) / 100);
          expect(read).toEqual({
            ok: true,
            label: { layout: layouts[0]?.id, itemCode: String(item).padStart(5, '0'), weightG: grams },
          });
          // The first digit (the prefix) decides the layout; any other digit misread is refused.
          if (at < (unit === 'lb' ? 2 : 1)) return;
          const misread = `${code.slice(0, at)}${(Number(code[at]) + shift) % 10}${code.slice(at + 1)}`;
          expect(parseScaleLabel(misread, layouts).ok).toBe(false);
        },
      ),
    );
  });
});
