import { describe, expect, it } from 'vitest';
import { quickRange } from './reports';

describe("the report's quick ranges", () => {
  it('count from the shop’s today, both days included', () => {
    expect(quickRange('today', '2026-03-05')).toEqual({ from: '2026-03-05', to: '2026-03-05' });
    expect(quickRange('last7', '2026-03-05')).toEqual({ from: '2026-02-27', to: '2026-03-05' });
    expect(quickRange('thisMonth', '2026-03-05')).toEqual({ from: '2026-03-01', to: '2026-03-05' });
  });

  it('take last month whole, across a year and a leap February', () => {
    expect(quickRange('lastMonth', '2024-03-31')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(quickRange('lastMonth', '2026-01-10')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
  });
});
