import { describe, expect, it } from 'vitest';
import { formatWhen } from './date-time';

describe('formatWhen', () => {
  const at = '2026-11-25T02:30:00.000Z';

  it("reads a moment on the shop's clock, whatever the computer's zone", () => {
    expect(formatWhen(at, 'en', { timeZone: 'America/Los_Angeles' })).toBe('Nov 24, 2026, 6:30 PM');
    expect(formatWhen(at, 'en', { timeZone: 'Asia/Shanghai' })).toBe('Nov 25, 2026, 10:30 AM');
    expect(formatWhen(at, 'zh', { timeZone: 'Asia/Shanghai' })).toBe('2026年11月25日 10:30');
    expect(formatWhen(at, 'en', { timeZone: 'Asia/Shanghai', timeOnly: true })).toBe('10:30 AM');
  });

  it('leaves no moment empty and shows an unreadable one as it came', () => {
    expect(formatWhen(null, 'en')).toBe('');
    expect(formatWhen('', 'zh')).toBe('');
    expect(formatWhen('soon', 'en')).toBe('soon');
  });
});
