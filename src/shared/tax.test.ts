import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NO_DELIVERY_CHARGES, orderTotalsOf, taxOf } from './money';
import {
  DEFAULT_RATE_PPM,
  linePaidOf,
  moneyShareOf,
  percentToPpm,
  ratePercent,
  rateTaxOf,
  shareByWeight,
  showsTaxByRate,
  taxOrder,
  unitsShareOf,
} from './tax';

describe('shareByWeight', () => {
  it('shares in proportion, the cents left to the largest remainders, ties to the earlier', () => {
    expect(shareByWeight(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(shareByWeight(100, [1, 2, 1])).toEqual([25, 50, 25]);
    expect(shareByWeight(5, [0, 0])).toEqual([5, 0]);
    expect(shareByWeight(0, [3, 4])).toEqual([0, 0]);
  });

  it('never loses a cent on large amounts', () => {
    expect(shareByWeight(999_999_999, [999_999_999, 1, 7]).reduce((a, b) => a + b)).toBe(999_999_999);
  });
});

describe('taxOrder', () => {
  it('one rate on everything is exactly the spec’s 4.5 % of the goods after the coupon', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 500_000 }), { minLength: 1, maxLength: 8 }), (goods) => {
        const subtotal = goods.reduce((a, b) => a + b, 0);
        const discount = Math.floor(subtotal / 7);
        const t = taxOrder(
          goods.map((g) => ({ goodsCents: g, ratePpm: DEFAULT_RATE_PPM })),
          discount,
          { cents: 0, ratePpm: null },
        );
        expect(t.taxCents).toBe(taxOf(subtotal - discount));
        expect(orderTotalsOf(subtotal, discount, NO_DELIVERY_CHARGES).tax).toBe(taxOf(subtotal - discount));
      }),
    );
  });

  it('rounds each rate once and shows it per rate', () => {
    const t = taxOrder(
      [
        { goodsCents: 1000, ratePpm: 45_000 },
        { goodsCents: 1000, ratePpm: 80_000 },
        { goodsCents: 333, ratePpm: 45_000 },
      ],
      0,
      { cents: 499, ratePpm: 45_000 },
    );
    expect(t.rates).toEqual([
      { ratePpm: 45_000, taxableCents: 1832, taxCents: 82 },
      { ratePpm: 80_000, taxableCents: 1000, taxCents: 80 },
    ]);
    expect(t.lines.map((l) => l.taxCents)).toEqual([45, 80, 15]);
    expect(t.feeTaxCents).toBe(22);
    expect(t.taxCents).toBe(162);
  });

  it('taxes New York City’s 8.875 % to the cent, half-up on the exact product', () => {
    // 8.875 % of $10.00 = 88.75¢ → 89¢; of $0.04 = 0.355¢ → 0¢; of $0.40 = 3.55¢ → 4¢ (exactly half: up).
    expect(rateTaxOf(1000, 88_750)).toBe(89);
    expect(rateTaxOf(4, 88_750)).toBe(0);
    expect(rateTaxOf(40, 88_750)).toBe(4);
    expect(rateTaxOf(3999, 88_750)).toBe(355); // 354.91
    expect(rateTaxOf(999_999_999, 1_000_000)).toBe(999_999_999);
    // Past 2^53 a Number product rounds …0,499,999 up to …0,500,000 and the tax a cent up; BigInt does not.
    expect(rateTaxOf(10_000_500_001, 999_999)).toBe(10_000_490_000);
    const t = taxOrder(
      [
        { goodsCents: 1999, ratePpm: 88_750 },
        { goodsCents: 2001, ratePpm: 88_750 },
        { goodsCents: 1000, ratePpm: 66_250 },
      ],
      500,
      { cents: 0, ratePpm: null },
    );
    // Discount 500 over 1999 / 2001 / 1000 → 200 / 200 / 100; 8.875 % of 3600 = 319.5 → 320; 6.625 % of 900 = 59.625 → 60.
    expect(t.rates).toEqual([
      { ratePpm: 66_250, taxableCents: 900, taxCents: 60 },
      { ratePpm: 88_750, taxableCents: 3600, taxCents: 320 },
    ]);
    expect(t.lines.map((l) => [l.discountCents, l.taxCents])).toEqual([
      [200, 160],
      [200, 160],
      [100, 60],
    ]);
  });

  it('gives the spec’s 4.5 % exactly as the basis-point rule did', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000_000 }), (cents) => {
        expect(rateTaxOf(cents, DEFAULT_RATE_PPM)).toBe(Math.floor((cents * 450 + 5_000) / 10_000));
      }),
    );
  });

  it('refuses a rate outside 0–100 % or a fraction of a ppm', () => {
    expect(() => rateTaxOf(100, 1_000_001)).toThrow(RangeError);
    expect(() => rateTaxOf(100, -1)).toThrow(RangeError);
    expect(() => rateTaxOf(100, 0.5)).toThrow(RangeError);
  });

  it('labels rates in percent, up to 4 decimals', () => {
    expect(ratePercent(45_000)).toBe('4.5');
    expect(ratePercent(88_800)).toBe('8.88');
    expect(ratePercent(88_750)).toBe('8.875');
    expect(ratePercent(47_120)).toBe('4.712');
    expect(ratePercent(12_345)).toBe('1.2345');
    expect(ratePercent(80_000)).toBe('8');
    expect(ratePercent(1_000_000)).toBe('100');
    expect(ratePercent(0)).toBe('0');
  });

  it('reads percent text with up to 4 decimals, 0–100', () => {
    expect(percentToPpm('8.875')).toBe(88_750);
    expect(percentToPpm(' 4.712 % ')).toBe(47_120);
    expect(percentToPpm('6.625')).toBe(66_250);
    expect(percentToPpm('4.5')).toBe(45_000);
    expect(percentToPpm('0.0001')).toBe(1);
    expect(percentToPpm('100')).toBe(1_000_000);
    expect(percentToPpm('100.0001')).toBeUndefined();
    expect(percentToPpm('8.87501')).toBeUndefined();
    expect(percentToPpm('-1')).toBeUndefined();
    expect(percentToPpm('1e2')).toBeUndefined();
    expect(percentToPpm('')).toBeUndefined();
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (ppm) => {
        expect(percentToPpm(ratePercent(ppm))).toBe(ppm);
      }),
    );
  });

  it('shows tax by rate only when it is not the spec’s one 4.5 %', () => {
    expect(showsTaxByRate([])).toBe(false);
    expect(showsTaxByRate([45_000])).toBe(false);
    expect(showsTaxByRate([88_750])).toBe(true);
    expect(showsTaxByRate([0])).toBe(true);
    expect(showsTaxByRate([45_000, 88_750])).toBe(true);
  });
});

/** A random order: lines with random rates, a coupon, a fee taxed or not, and partial refunds. */
const anOrder = fc.record({
  lines: fc.array(
    fc.record({
      price: fc.integer({ min: 0, max: 200_000 }),
      num: fc.integer({ min: 1, max: 12 }),
      ratePpm: fc.constantFrom(0, 45_000, 45_000, 60_000, 66_250, 80_000, 88_750, 88_750, 102_500, 47_120),
    }),
    { minLength: 1, maxLength: 10 },
  ),
  discountPart: fc.double({ min: 0, max: 1, noNaN: true }),
  fee: fc.integer({ min: 0, max: 2_000 }),
  taxOnFee: fc.boolean(),
  feeRatePpm: fc.constantFrom(0, 45_000, 88_750),
  refunds: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 12 })), { maxLength: 20 }),
});

describe('every order adds up to the cent (property)', () => {
  it('lines + fee − discount + tax = total; rates sum to the tax; refunds never exceed and sum exactly', () => {
    fc.assert(
      fc.property(anOrder, (o) => {
        const goods = o.lines.map((l) => ({ goodsCents: l.price * l.num, ratePpm: l.ratePpm }));
        const subtotal = goods.reduce((a, g) => a + g.goodsCents, 0);
        const discount = Math.floor(subtotal * o.discountPart);
        const charges = { feeCents: o.fee, freeOverCents: 0, taxOnFee: o.taxOnFee };
        const totals = orderTotalsOf(subtotal, discount, charges, goods, o.feeRatePpm);
        const t = totals.taxes;
        expect(totals.total).toBe(subtotal + totals.deliveryFee - discount + totals.tax);
        expect(t.rates.reduce((a, r) => a + r.taxCents, 0)).toBe(totals.tax);
        expect(t.lines.reduce((a, l) => a + l.discountCents, 0)).toBe(discount);
        expect(t.lines.reduce((a, l) => a + l.taxCents, 0) + t.feeTaxCents).toBe(totals.tax);
        for (const l of t.lines) expect(l.discountCents).toBeLessThanOrEqual(l.goodsCents);
        const paid = t.lines.map(linePaidOf);
        // Partial refunds by lines, then the rest of every line: never more than the line, all of it exactly.
        const refunded = o.lines.map(() => 0);
        let given = 0;
        for (const [which, qty] of o.refunds) {
          const i = which % o.lines.length;
          const line = o.lines[i];
          if (!line) continue;
          const k = Math.min(qty, line.num - (refunded[i] ?? 0));
          if (k <= 0) continue;
          const cents = unitsShareOf(paid[i] ?? 0, line.num, refunded[i] ?? 0, k);
          expect(cents).toBeGreaterThanOrEqual(0);
          given += cents;
          refunded[i] = (refunded[i] ?? 0) + k;
          expect(given).toBeLessThanOrEqual(totals.total - totals.deliveryFee - t.feeTaxCents);
        }
        o.lines.forEach((line, i) => {
          given += unitsShareOf(paid[i] ?? 0, line.num, refunded[i] ?? 0, line.num - (refunded[i] ?? 0));
        });
        expect(given).toBe(totals.total - totals.deliveryFee - t.feeTaxCents);
      }),
      { numRuns: 500 },
    );
  });

  it('a replacement’s difference never gives back more than its line', () => {
    fc.assert(
      fc.property(
        fc.nat(1_000_000),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.nat(1_000_000),
        (paid, goods, d) => {
          const share = moneyShareOf(paid, goods, Math.min(d, goods));
          expect(share).toBeGreaterThanOrEqual(0);
          expect(share).toBeLessThanOrEqual(paid);
        },
      ),
    );
  });
});
