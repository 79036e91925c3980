import { describe, expect, it } from 'vitest';
import {
  amountToCents,
  centsToAmount,
  centsToDecimalString,
  formatCents,
  NO_DELIVERY_CHARGES,
  orderTotalsOf,
  taxOf,
  totalsOf,
} from './money';
import { linePaidOf } from './tax';

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

describe('order totals with delivery charges', () => {
  const charges = { feeCents: 499, freeOverCents: 3500, taxOnFee: false };

  it('are the spec totals when nothing is set', () => {
    expect(orderTotalsOf(2000, 0, NO_DELIVERY_CHARGES)).toMatchObject({
      ...totalsOf(2000),
      discount: 0,
      deliveryFee: 0,
      toFreeDelivery: 0,
    });
    expect(orderTotalsOf(2000, 500, NO_DELIVERY_CHARGES).total).toBe(totalsOf(1500).total);
  });

  it('charge the fee one cent under the threshold and not at or over it', () => {
    const under = orderTotalsOf(3499, 0, charges);
    expect(under).toMatchObject({ deliveryFee: 499, tax: taxOf(3499), toFreeDelivery: 1 });
    expect(under.total).toBe(3499 + taxOf(3499) + 499);
    expect(orderTotalsOf(3500, 0, charges)).toMatchObject({
      deliveryFee: 0,
      toFreeDelivery: 0,
      total: 3500 + 158,
    });
    expect(orderTotalsOf(3501, 0, charges)).toMatchObject({ deliveryFee: 0, toFreeDelivery: 0 });
  });

  it('measure the threshold on the goods after the coupon', () => {
    expect(orderTotalsOf(4000, 501, charges)).toMatchObject({ deliveryFee: 499, toFreeDelivery: 1 });
    expect(orderTotalsOf(4000, 500, charges)).toMatchObject({ deliveryFee: 0 });
  });

  it('always charge the fee when no threshold is set', () => {
    expect(orderTotalsOf(1_000_000, 0, { ...charges, freeOverCents: 0 })).toMatchObject({
      deliveryFee: 499,
      toFreeDelivery: 0,
    });
  });

  it('tax the fee only when the shop says so, rounding once on goods and fee together', () => {
    const taxed = { ...charges, taxOnFee: true };
    // 4.5 % of 1000 + 499 = 67.455 → 67; of 111 + 111 = 9.99 → 10.
    expect(orderTotalsOf(1000, 0, taxed)).toMatchObject({ tax: 67, total: 1000 + 67 + 499 });
    const even = { feeCents: 111, freeOverCents: 0, taxOnFee: true };
    expect(orderTotalsOf(111, 0, even)).toMatchObject({ tax: 10, total: 111 + 10 + 111 });
    expect(orderTotalsOf(111, 0, { ...even, taxOnFee: false })).toMatchObject({ tax: 5, total: 227 });
  });
});

describe('what a refund of lines is a share of: the lines’ stored shares', () => {
  const paidForGoods = (t: ReturnType<typeof orderTotalsOf>) =>
    t.taxes.lines.reduce((a, l) => a + linePaidOf(l), 0);

  it('is the whole total when no fee was charged', () => {
    const t = orderTotalsOf(2000, 300, NO_DELIVERY_CHARGES);
    expect(paidForGoods(t)).toBe(t.total);
  });

  it('leaves the fee and the fee’s tax out', () => {
    const taxed = { feeCents: 499, freeOverCents: 0, taxOnFee: true };
    const t = orderTotalsOf(1000, 0, taxed);
    const paid = paidForGoods(t);
    expect(paid).toBe(1000 + taxOf(1000));
    expect(t.total - paid).toBe(499 + (t.tax - taxOf(1000)));
  });
});
