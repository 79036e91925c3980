import { describe, expect, it } from 'vitest';
import {
  CART_MAX_AMOUNT,
  CART_MIN_AMOUNT,
  DETAIL_MAX_QUANTITY,
  DETAIL_MIN_QUANTITY,
} from '#shared/constants';
import { clampQuantity } from './stepper';

describe('clampQuantity (docs/product.md §5)', () => {
  it('keeps digits only and clamps to the range', () => {
    expect(clampQuantity('7', DETAIL_MIN_QUANTITY, DETAIL_MAX_QUANTITY)).toBe(7);
    expect(clampQuantity('150', DETAIL_MIN_QUANTITY, DETAIL_MAX_QUANTITY)).toBe(100);
    expect(clampQuantity('0', DETAIL_MIN_QUANTITY, DETAIL_MAX_QUANTITY)).toBe(1);
    expect(clampQuantity('1a2', CART_MIN_AMOUNT, CART_MAX_AMOUNT)).toBe(12);
    expect(clampQuantity('123456', CART_MIN_AMOUNT, CART_MAX_AMOUNT)).toBe(99_999);
  });

  it('makes a non-number the minimum', () => {
    expect(clampQuantity('abc', DETAIL_MIN_QUANTITY, DETAIL_MAX_QUANTITY)).toBe(1);
    expect(clampQuantity('', CART_MIN_AMOUNT, CART_MAX_AMOUNT)).toBe(0);
    expect(clampQuantity('-5', CART_MIN_AMOUNT, CART_MAX_AMOUNT)).toBe(5);
  });
});
