import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatUnitPrice,
  formatWeight,
  gramsToHundredths,
  lineUnitPriceOf,
  MAX_WEIGHED_GRAMS,
  maxWeighedGrams,
  milliUnitsToGrams,
  parseWeight,
  priceOfGrams,
  priceOfMilliUnits,
  saleProblem,
  stepGramsOf,
  stepPriceOf,
  unitPriceIn,
  weighedGramsOk,
} from './weight';

describe('weights and their prices', () => {
  it('converts with 1 lb = 453.59237 g, half-up to the gram', () => {
    expect(milliUnitsToGrams(1000, 'lb')).toBe(454);
    expect(milliUnitsToGrams(500, 'lb')).toBe(227); // 226.796
    expect(milliUnitsToGrams(920, 'lb')).toBe(417); // 417.30
    expect(milliUnitsToGrams(1500, 'kg')).toBe(1500);
    expect(gramsToHundredths(417, 'lb')).toBe(92);
    expect(gramsToHundredths(454, 'lb')).toBe(100);
    expect(gramsToHundredths(1500, 'kg')).toBe(150);
  });

  it('prices a weight half-up to the cent, exactly', () => {
    expect(priceOfGrams(398, 'lb', 417)).toBe(366); // 365.89
    expect(priceOfGrams(398, 'lb', 454)).toBe(398); // 398.36
    expect(priceOfGrams(1000, 'kg', 1)).toBe(1);
    expect(priceOfGrams(1000, 'kg', 1500)).toBe(1500);
    expect(priceOfGrams(999, 'kg', 1500)).toBe(1499); // 1498.5 → up
    expect(priceOfMilliUnits(399, 500)).toBe(200); // 199.5 → up
    // no float drift where Numbers would lose it
    expect(priceOfGrams(99_999_999, 'kg', 25_000)).toBe(2_499_999_975);
  });

  it('shows a unit price in the other unit', () => {
    expect(unitPriceIn(398, 'lb', 'kg')).toBe(877); // 877.44
    expect(unitPriceIn(877, 'kg', 'lb')).toBe(398);
    expect(unitPriceIn(398, 'lb', 'lb')).toBe(398);
  });

  it('formats weights and unit prices in both languages', () => {
    expect(formatWeight(454, 'lb', 'en')).toBe('1 lb');
    expect(formatWeight(417, 'lb', 'en')).toBe('0.92 lb');
    expect(formatWeight(1500, 'kg', 'en')).toBe('1.5 kg');
    expect(formatWeight(454, 'lb', 'zh')).toBe('1磅');
    expect(formatWeight(1500, 'kg', 'zh')).toBe('1.5公斤');
    expect(formatUnitPrice(398, 'lb', 'en')).toBe('$3.98/lb');
    expect(formatUnitPrice(398, 'lb', 'zh')).toBe('$3.98/磅');
    expect(formatUnitPrice(877, 'kg', 'zh')).toBe('$8.77/公斤');
  });

  it('reads a weight the packer types', () => {
    expect(parseWeight('0.92', 'lb')).toBe(417);
    expect(parseWeight(' 1,5 ', 'kg')).toBe(1500);
    expect(parseWeight('0', 'lb')).toBeUndefined();
    expect(parseWeight('-1', 'lb')).toBeUndefined();
    expect(parseWeight('1e3', 'kg')).toBeUndefined();
    expect(parseWeight('', 'kg')).toBeUndefined();
  });

  it('prices steps and pieces', () => {
    const step = { unit: 'lb' as const, unitPriceCents: 398, stepMilli: 500, pieceGrams: null };
    expect(stepGramsOf(step)).toBe(227);
    expect(stepPriceOf(step)).toBe(199);
    const piece = { unit: 'lb' as const, unitPriceCents: 398, stepMilli: null, pieceGrams: 272 };
    expect(stepGramsOf(piece)).toBe(272);
    expect(stepPriceOf(piece)).toBe(239); // 238.66
    expect(saleProblem(step)).toBeUndefined();
    expect(saleProblem({ ...step, pieceGrams: 100 })).toBe('errors:weight.stepOrPiece');
    expect(saleProblem({ ...step, stepMilli: 0 })).toBe('errors:weight.badStep');
    expect(saleProblem({ ...piece, pieceGrams: 0 })).toBe('errors:weight.badPiece');
  });

  it('scales the unit price by a promotion on the step', () => {
    const lb = { unit: 'lb' as const, unitPriceCents: 1299, stepMilli: 1000, pieceGrams: null };
    expect(lineUnitPriceOf(lb, 1299)).toBe(1299);
    expect(lineUnitPriceOf(lb, 1039)).toBe(1039);
    const fish = { unit: 'lb' as const, unitPriceCents: 399, stepMilli: null, pieceGrams: 680 };
    expect(stepPriceOf(fish)).toBe(598);
    expect(lineUnitPriceOf(fish, 498)).toBe(332); // 399 × 498 / 598 = 332.28
  });

  it('bounds a weighing by its estimate and 25 kg', () => {
    expect(maxWeighedGrams(454)).toBe(1362);
    expect(maxWeighedGrams(20_000)).toBe(MAX_WEIGHED_GRAMS);
    expect(weighedGramsOk(417, 454)).toBe(true);
    expect(weighedGramsOk(0, 454)).toBe(false);
    expect(weighedGramsOk(1363, 454)).toBe(false);
    expect(weighedGramsOk(4.5, 454)).toBe(false);
  });

  it('keeps every price within half a cent of the exact figure', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: MAX_WEIGHED_GRAMS }),
        fc.constantFrom('lb' as const, 'kg' as const),
        (cents, grams, unit) => {
          const price = priceOfGrams(cents, unit, grams);
          const exact = (cents * grams) / (unit === 'lb' ? 453.59237 : 1000);
          expect(Math.abs(price - exact)).toBeLessThanOrEqual(0.5 + 1e-6);
          // heavier never costs less
          expect(priceOfGrams(cents, unit, grams + 1)).toBeGreaterThanOrEqual(price);
        },
      ),
    );
  });

  it('reads back the weight it formats, to the hundredth', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999 }),
        fc.constantFrom('lb' as const, 'kg' as const),
        (h, unit) => {
          const grams = parseWeight((h / 100).toFixed(2), unit);
          expect(grams).toBeDefined();
          // a gram is under a hundredth of either unit, so the round trip lands within one hundredth
          expect(Math.abs(gramsToHundredths(grams ?? 0, unit) - h)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});
