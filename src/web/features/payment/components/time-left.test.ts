import { describe, expect, it } from 'vitest';
import { minutesAndSeconds, secondsLeft } from './time-left';

describe('the time left to pay', () => {
  const expiresAt = '2026-12-06T10:10:00.000Z';
  const at = (iso: string) => Date.parse(iso);

  it('counts whole seconds up to the expiry, a started second as one, and stops at 0', () => {
    expect(secondsLeft(expiresAt, at('2026-12-06T10:00:00.000Z'))).toBe(600);
    expect(secondsLeft(expiresAt, at('2026-12-06T10:09:58.500Z'))).toBe(2);
    expect(secondsLeft(expiresAt, at('2026-12-06T10:10:00.000Z'))).toBe(0);
    expect(secondsLeft(expiresAt, at('2026-12-06T10:30:00.000Z'))).toBe(0);
  });

  it('reads as minutes and two-digit seconds', () => {
    expect(minutesAndSeconds(600)).toBe('10:00');
    expect(minutesAndSeconds(239)).toBe('3:59');
    expect(minutesAndSeconds(5)).toBe('0:05');
    expect(minutesAndSeconds(0)).toBe('0:00');
  });
});
