import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { whenOn } from './shop-clock';

describe("the console's times", () => {
  const machine = process.env.TZ;
  // A computer far from the shop: the staff member's laptop in Shanghai, the shop in Los Angeles.
  beforeEach(() => {
    process.env.TZ = 'Asia/Shanghai';
  });
  afterEach(() => {
    if (machine === undefined) delete process.env.TZ;
    else process.env.TZ = machine;
  });

  const at = '2026-11-25T02:30:00.000Z';

  it("reads on the shop's clock, not the computer's", () => {
    expect(new Date(at).getHours()).toBe(10);
    expect(whenOn('America/Los_Angeles', 'en')(at)).toBe('Nov 24, 2026, 6:30 PM');
    expect(whenOn('America/Los_Angeles', 'zh')(at)).toBe('2026年11月24日 18:30');
    expect(whenOn('America/Los_Angeles', 'en')(at, { timeOnly: true })).toBe('6:30 PM');
  });

  it("falls back to the computer's clock until the shop's zone is known, and leaves no moment empty", () => {
    expect(whenOn(undefined, 'en')(at)).toBe('Nov 25, 2026, 10:30 AM');
    expect(whenOn('America/Los_Angeles', 'en')(null)).toBe('');
  });
});
