import { describe, expect, it } from 'vitest';
import { changeOf } from './today';

describe("today's change against last week", () => {
  it('says up or down and by how many whole percent', () => {
    expect(changeOf(150, 100)).toEqual({ direction: 'up', percent: 50 });
    expect(changeOf(25.5, 51)).toEqual({ direction: 'down', percent: 50 });
    expect(changeOf(10, 10)).toEqual({ direction: 'same', percent: 0 });
  });

  it('gives no percent when last week had nothing', () => {
    expect(changeOf(12, 0)).toEqual({ direction: 'up', percent: null });
    expect(changeOf(0, 0)).toEqual({ direction: 'same', percent: null });
  });
});
