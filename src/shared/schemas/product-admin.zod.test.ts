import { describe, expect, it } from 'vitest';
import { AdminProductInput } from './product-admin.zod';

describe('a product’s weight and shelf life', () => {
  it('may be left empty: unset, kept as 0, which the storefront does not show', () => {
    const parsed = AdminProductInput.parse({ weight_g: '', net_weight_g: ' ', term_days: '' });
    expect(parsed).toMatchObject({ weight_g: 0, net_weight_g: 0, term_days: 0 });
  });

  it('still refuse what is not a whole number', () => {
    expect(AdminProductInput.safeParse({ net_weight_g: '-3' }).success).toBe(false);
    expect(AdminProductInput.safeParse({ term_days: '1.5' }).success).toBe(false);
    expect(AdminProductInput.parse({ term_days: '7' })).toMatchObject({ term_days: 7 });
  });
});
