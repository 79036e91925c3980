import { describe, expect, it } from 'vitest';
import { clampCartAmount, lineLimit } from './cart.rules';

describe('cart quantity rules (docs/product.md §5)', () => {
  it('makes a non-number 0 and keeps typed amounts within 0–99999', () => {
    expect(clampCartAmount('abc')).toBe(0);
    expect(clampCartAmount('0')).toBe(0);
    expect(clampCartAmount('12', 2)).toBe(2);
    expect(clampCartAmount('999999')).toBe(99_999);
  });

  it('names the stock as the limit when it is below the per-order cap, else the cap', () => {
    expect(lineLimit({ real_stock: 2, max_per_order: 50 })).toEqual({ max: 2, byStock: true });
    expect(lineLimit({ real_stock: 70, max_per_order: 50 })).toEqual({ max: 50, byStock: false });
    expect(lineLimit({ real_stock: -3, max_per_order: 50 })).toEqual({ max: 0, byStock: true });
  });
});
