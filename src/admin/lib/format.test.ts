import { describe, expect, it } from 'vitest';
import { formatCents } from '#shared/money';
import { amountCents, formatMoney } from './format';

describe("the console's amounts", () => {
  it("read as the storefront's do", () => {
    for (const cents of [0, 5, 1250, 123456, -300]) expect(formatMoney(cents)).toBe(formatCents(cents));
  });

  it("take the API's dollar amounts without float drift", () => {
    expect(amountCents(12.5)).toBe(1250);
    expect(amountCents(0.29)).toBe(29);
    expect(formatMoney(amountCents(19.99))).toBe('$19.99');
  });
});
