import { describe, expect, it } from 'vitest';
import { amountToCents, formatCents } from '#shared/money';
import { amountField, centsOf } from './money';

describe('money in both apps', () => {
  it("takes the API's decimal dollars without float drift, and shows them as the shop does", () => {
    expect(centsOf(12.5)).toBe(1250);
    expect(centsOf(0.29)).toBe(29);
    expect(centsOf(19.99)).toBe(1999);
    expect(formatCents(centsOf(12.5))).toBe('$12.50');
    expect(formatCents(centsOf(0.29))).toBe('$0.29');
    expect(formatCents(-300)).toBe('-$3.00');
  });

  it('shows what the console showed with its own formatter before, for any cents', () => {
    const dollars = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      useGrouping: false,
    });
    for (const cents of [0, 5, 1250, 123456, -300])
      expect(formatCents(cents)).toBe(dollars.format(cents / 100));
  });

  it('puts an amount in a price field with two decimals, and reads a typed price back as cents', () => {
    expect([0, 5, 1250, 123456].map(amountField)).toEqual(['0.00', '0.05', '12.50', '1234.56']);
    for (const cents of [0, 5, 1250, 123456]) expect(amountToCents(amountField(cents))).toBe(cents);
    expect(['1', '1.5', '12.50', ' 3.2 '].map(amountToCents)).toEqual([100, 150, 1250, 320]);
    for (const text of ['', '1.234', '-1', 'abc', '1,5', '$2']) expect(amountToCents(text)).toBeUndefined();
  });
});
