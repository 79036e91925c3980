import { describe, expect, it } from 'vitest';
import { basisOf, type PackUnitPriceInput, unitPriceOf } from './unit-price';

const pack = (over: Partial<PackUnitPriceInput>): PackUnitPriceInput => ({
  soldBy: 'unit',
  priceCents: 100,
  netQuantity: 100,
  netUnit: 'g',
  shopUnit: 'kg',
  ...over,
});

describe('unit price of a pack', () => {
  it.each([
    // [price, quantity, unit, shop unit, cents, per]
    [399, 500, 'g', 'kg', 80, '100g'], // 79.8 → 80
    [1999, 4536, 'g', 'kg', 44, '100g'], // 44.07
    [299, 1800, 'ml', 'kg', 17, '100ml'], // 16.61
    [499, 12, 'ct', 'kg', 42, 'ea'], // 41.58
    [499, 12, 'ct', 'lb', 42, 'ea'],
    [399, 454, 'g', 'lb', 399, 'lb'], // one pound
    [1999, 4536, 'g', 'lb', 200, 'lb'], // 10 lb rice: 199.89
    [249, 397, 'g', 'lb', 18, 'oz'], // 14 oz can: 17.78
    [299, 1800, 'ml', 'lb', 5, 'floz'], // 4.91
  ] as const)(
    '%i ¢ for %i %s in a %s shop is %i ¢ per %s',
    (priceCents, netQuantity, netUnit, shopUnit, cents, per) => {
      expect(unitPriceOf(pack({ priceCents, netQuantity, netUnit, shopUnit }))).toEqual({ cents, per });
    },
  );

  it('rounds half up once, from the exact figure', () => {
    // 125 ¢ for 1000 g: 12.5 ¢ per 100 g → 13.
    expect(unitPriceOf(pack({ priceCents: 125, netQuantity: 1000 }))?.cents).toBe(13);
    // 124 ¢ for 1000 g: 12.4 → 12.
    expect(unitPriceOf(pack({ priceCents: 124, netQuantity: 1000 }))?.cents).toBe(12);
    // 5 ¢ for 2 pieces: 2.5 → 3.
    expect(unitPriceOf(pack({ priceCents: 5, netQuantity: 2, netUnit: 'ct' }))?.cents).toBe(3);
  });

  it('shows none without a quantity or a price, or under a cent', () => {
    expect(unitPriceOf(pack({ netQuantity: 0 }))).toBeNull();
    expect(unitPriceOf(pack({ priceCents: 0 }))).toBeNull();
    expect(unitPriceOf(pack({ priceCents: 100, netQuantity: 300, netUnit: 'ct' }))).toBeNull();
    expect(unitPriceOf(pack({ netQuantity: 1.5 }))).toBeNull();
  });

  it('switches from ounces to pounds at a pound', () => {
    expect(basisOf('g', 453, 'lb')).toBe('oz');
    expect(basisOf('g', 454, 'lb')).toBe('lb');
    expect(basisOf('g', 5, 'kg')).toBe('100g');
  });
});

describe('unit price of a product sold by weight', () => {
  it('is its price per the shop unit', () => {
    expect(unitPriceOf({ soldBy: 'weight', pricePerWeightUnitCents: 398, shopUnit: 'lb' })).toEqual({
      cents: 398,
      per: 'lb',
    });
    expect(unitPriceOf({ soldBy: 'weight', pricePerWeightUnitCents: 877, shopUnit: 'kg' })).toEqual({
      cents: 877,
      per: 'kg',
    });
    expect(unitPriceOf({ soldBy: 'weight', pricePerWeightUnitCents: 0, shopUnit: 'kg' })).toBeNull();
  });
});
