import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './local-time';

describe('a banner schedule’s local time', () => {
  it('goes from ISO to the field and back to the same moment', () => {
    const iso = '2026-11-25T09:30:00.000Z';
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
  });
  it('leaves an open end empty either way', () => {
    expect(toLocalInput(null)).toBe('');
    expect(fromLocalInput('')).toBe('');
    expect(fromLocalInput('not a time')).toBe('');
  });
});
