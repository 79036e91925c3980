import { describe, expect, it } from 'vitest';
import { slotLabel } from '#shared/slot-label';
import { calendarSlots, type SlotRules } from './slot.calendar';

/** Slot computation on the shop's clock, with the time passed in. */

const LA = 'America/Los_Angeles';
/** Tue–Sun, 10–12, 14–16, 18–20: the demo's week. */
const DEMO: SlotRules = {
  offered: true,
  required: false,
  capacity: 20,
  cutoffMinutes: 720,
  daysAhead: 7,
  windows: [2, 3, 4, 5, 6, 0].flatMap((weekday) =>
    [
      [600, 720],
      [840, 960],
      [1080, 1200],
    ].map(([start = 0, end = 0]) => ({ weekday, start, end })),
  ),
  closedDates: [],
};

const iso = (slots: { startsAt: Date }[]) => slots.map((s) => s.startsAt.toISOString());

describe('calendarSlots', () => {
  it('lists the days ahead from today on the shop clock, skipping the weekday without windows', () => {
    // 2026-11-25 08:00 in Los Angeles (PST, UTC−8) is a Wednesday.
    const now = new Date('2026-11-25T16:00:00Z');
    const slots = calendarSlots(DEMO, now, LA);
    const dates = [...new Set(slots.map((s) => s.date))];
    // Wed … Tue, Monday (11-30) has no windows.
    expect(dates).toEqual([
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
      '2026-12-01',
    ]);
    expect(slots).toHaveLength(6 * 3);
    expect(slots[0]?.startsAt.toISOString()).toBe('2026-11-25T18:00:00.000Z');
    expect(slots[0]?.endsAt.toISOString()).toBe('2026-11-25T20:00:00.000Z');
  });

  it('marks windows whose cut-off has passed, to the millisecond', () => {
    // 10:00 on Thursday 26th closes 12 h before: 22:00 on Wednesday (06:00Z on the 26th).
    const cutoff = new Date('2026-11-26T06:00:00Z');
    const thursday10 = (now: Date) =>
      calendarSlots(DEMO, now, LA).find((s) => s.startsAt.toISOString() === '2026-11-26T18:00:00.000Z');
    expect(thursday10(cutoff)?.pastCutoff).toBe(false);
    expect(thursday10(new Date(cutoff.getTime() + 1))?.pastCutoff).toBe(true);
    expect(thursday10(new Date(cutoff.getTime() - 1))?.pastCutoff).toBe(false);
  });

  it('leaves out windows that have started', () => {
    const now = new Date('2026-11-25T18:00:00Z'); // 10:00 Wednesday
    expect(iso(calendarSlots(DEMO, now, LA))[0]).toBe('2026-11-25T22:00:00.000Z');
  });

  it('keeps windows on the wall clock across a daylight-saving change', () => {
    // Clocks go forward on Sunday 2026-03-08: 10:00 is 18:00Z on Saturday (PST), 17:00Z on Sunday (PDT).
    const slots = calendarSlots(DEMO, new Date('2026-03-07T08:00:00Z'), LA);
    const saturday = slots.filter((s) => s.date === '2026-03-07').map((s) => s.startsAt.toISOString());
    const sunday = slots.filter((s) => s.date === '2026-03-08').map((s) => s.startsAt.toISOString());
    expect(saturday[0]).toBe('2026-03-07T18:00:00.000Z');
    expect(sunday).toEqual([
      '2026-03-08T17:00:00.000Z',
      '2026-03-08T21:00:00.000Z',
      '2026-03-09T01:00:00.000Z',
    ]);
    const back = calendarSlots(DEMO, new Date('2026-10-31T08:00:00Z'), LA);
    expect(back.find((s) => s.date === '2026-11-01')?.startsAt.toISOString()).toBe(
      '2026-11-01T18:00:00.000Z',
    );
  });

  it('marks closed dates', () => {
    const rules = { ...DEMO, closedDates: ['2026-11-26'] };
    const slots = calendarSlots(rules, new Date('2026-11-25T16:00:00Z'), LA);
    expect(slots.filter((s) => s.closedDate).map((s) => s.date)).toEqual([
      '2026-11-26',
      '2026-11-26',
      '2026-11-26',
    ]);
  });

  it('follows the shop zone, not the server one', () => {
    const slots = calendarSlots(DEMO, new Date('2026-11-25T00:00:00Z'), 'Asia/Shanghai');
    // 08:00 on Wednesday in Shanghai: the first window is 10:00 CST (02:00Z).
    expect(slots[0]?.startsAt.toISOString()).toBe('2026-11-25T02:00:00.000Z');
  });

  it('is bounded by days ahead × windows a day', () => {
    const slots = calendarSlots({ ...DEMO, daysAhead: 14 }, new Date('2026-11-25T16:00:00Z'), LA);
    expect(slots.length).toBeLessThanOrEqual(14 * 3);
  });
});

describe('slotLabel', () => {
  const start = new Date('2026-11-25T18:00:00Z');
  const end = new Date('2026-11-25T20:00:00Z');
  it('says the window on the shop clock in each language', () => {
    expect(slotLabel(start, end, LA, 'en')).toBe('Wed 25 Nov, 10:00–12:00');
    expect(slotLabel(start, end, LA, 'zh')).toBe('11月25日 周三 10:00–12:00');
  });
  it('reads an end at midnight as 24:00', () => {
    expect(slotLabel(new Date('2026-11-26T06:00:00Z'), new Date('2026-11-26T08:00:00Z'), LA, 'en')).toBe(
      'Wed 25 Nov, 22:00–24:00',
    );
  });
});
