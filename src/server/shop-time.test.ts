import { describe, expect, it } from 'vitest';
import { addDays, dayStart, isTimeZone, shopDate } from './shop-time';

describe("the shop's days", () => {
  const LA = 'America/Los_Angeles';

  it('begin at midnight in the shop’s zone, on either side of daylight saving', () => {
    expect(dayStart('2026-01-15', LA).toISOString()).toBe('2026-01-15T08:00:00.000Z');
    expect(dayStart('2026-07-15', LA).toISOString()).toBe('2026-07-15T07:00:00.000Z');
    // The day clocks go forward (8 March 2026) still begins at its midnight.
    expect(dayStart('2026-03-08', LA).toISOString()).toBe('2026-03-08T08:00:00.000Z');
    expect(dayStart('2026-03-09', LA).toISOString()).toBe('2026-03-09T07:00:00.000Z');
    expect(dayStart('2026-01-15', 'Asia/Shanghai').toISOString()).toBe('2026-01-14T16:00:00.000Z');
  });

  it('name the date an instant falls on there, and count calendar days', () => {
    expect(shopDate(new Date('2026-01-15T07:59:00Z'), LA)).toBe('2026-01-14');
    expect(shopDate(new Date('2026-01-15T08:00:00Z'), LA)).toBe('2026-01-15');
    expect(addDays('2026-03-01', -7)).toBe('2026-02-22');
    expect(isTimeZone(LA)).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});
