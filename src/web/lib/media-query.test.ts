import { describe, expect, it } from 'vitest';
import { NARROW_SCREEN, WIDE_SCREEN as SERVER_WIDE_SCREEN } from '#shared/media';
import { WIDE_SCREEN } from './media-query';

describe('the wide-screen breakpoint', () => {
  it('is the one the server writes its preload hints for', () => {
    expect(WIDE_SCREEN).toBe(SERVER_WIDE_SCREEN);
    const width = Number(/min-width: (\d+)px/.exec(WIDE_SCREEN)?.[1]);
    // The narrow hint covers every width below it, and none at it.
    expect(Number(/max-width: ([\d.]+)px/.exec(NARROW_SCREEN)?.[1])).toBeGreaterThan(width - 1);
    expect(Number(/max-width: ([\d.]+)px/.exec(NARROW_SCREEN)?.[1])).toBeLessThan(width);
  });
});
