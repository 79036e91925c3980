import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NO_DELIVERY_CHARGES, orderTotalsOf, taxOf } from './money';
import { linePaidOf, moneyShareOf, ratePercent, shareByWeight, taxOrder, unitsShareOf } from './tax';

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
          goods.map((g) => ({ goodsCents: g, rateBp: 450 })),
          discount,
          { cents: 0, rateBp: null },
        );
        expect(t.taxCents).toBe(taxOf(subtotal - discount));
        expect(orderTotalsOf(subtotal, discount, NO_DELIVERY_CHARGES).tax).toBe(taxOf(subtotal - discount));
      }),
    );
  });

  it('rounds each rate once and shows it per rate', () => {
    const t = taxOrder(
      [
        { goodsCents: 1000, rateBp: 450 },
        { goodsCents: 1000, rateBp: 800 },
        { goodsCents: 333, rateBp: 450 },
      ],
      0,
      { cents: 499, rateBp: 450 },
    );
    expect(t.rates).toEqual([
      { rateBp: 450, taxableCents: 1832, taxCents: 82 },
      { rateBp: 800, taxableCents: 1000, taxCents: 80 },
    ]);
    expect(t.lines.map((l) => l.taxCents)).toEqual([45, 80, 15]);
    expect(t.feeTaxCents).toBe(22);
    expect(t.taxCents).toBe(162);
  });

  it('labels rates in percent', () => {
    expect(ratePercent(450)).toBe('4.5');
    expect(ratePercent(888)).toBe('8.88');
    expect(ratePercent(800)).toBe('8');
    expect(ratePercent(0)).toBe('0');
  });
});

/** A random order: lines with random rates, a coupon, a fee taxed or not, and partial refunds. */
const anOrder = fc.record({
  lines: fc.array(
    fc.record({
      price: fc.integer({ min: 0, max: 200_000 }),
      num: fc.integer({ min: 1, max: 12 }),
      rateBp: fc.constantFrom(0, 450, 450, 600, 800, 888, 1025),
    }),
    { minLength: 1, maxLength: 10 },
  ),
  discountPart: fc.double({ min: 0, max: 1, noNaN: true }),
  fee: fc.integer({ min: 0, max: 2_000 }),
  taxOnFee: fc.boolean(),
  feeRateBp: fc.constantFrom(0, 450, 888),
  refunds: fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 12 })), { maxLength: 20 }),
});

describe('every order adds up to the cent (property)', () => {
  it('lines + fee − discount + tax = total; rates sum to the tax; refunds never exceed and sum exactly', () => {
    fc.assert(
      fc.property(anOrder, (o) => {
        const goods = o.lines.map((l) => ({ goodsCents: l.price * l.num, rateBp: l.rateBp }));
        const subtotal = goods.reduce((a, g) => a + g.goodsCents, 0);
        const discount = Math.floor(subtotal * o.discountPart);
        const charges = { feeCents: o.fee, freeOverCents: 0, taxOnFee: o.taxOnFee };
        const totals = orderTotalsOf(subtotal, discount, charges, goods, o.feeRateBp);
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
