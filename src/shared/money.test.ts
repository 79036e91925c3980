import { describe, expect, it } from 'vitest';
import { amountToCents, centsToAmount, centsToDecimalString, formatCents, taxOf, totalsOf } from './money';

describe('tax', () => {
  it('is 4.5 % rounded half-up to the cent', () => {
    expect(taxOf(0)).toBe(0);
    expect(taxOf(100)).toBe(5); // 4.5 → 5 (half-up)
    expect(taxOf(1000)).toBe(45);
    expect(taxOf(111)).toBe(5); // 4.995 → 5
    expect(taxOf(99)).toBe(4); // 4.455 → 4
    expect(taxOf(1234)).toBe(56); // 55.53 → 56
    expect(taxOf(1233)).toBe(55); // 55.485 → 55
  });

  it('has no float drift on large subtotals', () => {
    expect(taxOf(999_999_900)).toBe(44_999_996); // 44,999,995.5 → up
    expect(totalsOf(2000)).toEqual({ subtotal: 2000, tax: 90, total: 2090 });
  });

  it('refuses negative or fractional subtotals', () => {
    expect(() => taxOf(-1)).toThrow(RangeError);
    expect(() => taxOf(1.5)).toThrow(RangeError);
  });
});

describe('conversions', () => {
  it('turns cents into API numbers and back', () => {
    expect(centsToAmount(1250)).toBe(12.5);
    expect(centsToAmount(1)).toBe(0.01);
    expect(amountToCents('12.5')).toBe(1250);
    expect(amountToCents('12.05')).toBe(1205);
    expect(amountToCents(0.1)).toBe(10);
    expect(amountToCents('12.345')).toBeUndefined();
    expect(amountToCents('-1')).toBeUndefined();
    expect(amountToCents('abc')).toBeUndefined();
  });

  it('formats with a dollar sign and two decimals', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(1205)).toBe('$12.05');
    expect(formatCents(123456)).toBe('$1234.56');
    expect(centsToDecimalString(1250)).toBe('12.50');
  });
});
