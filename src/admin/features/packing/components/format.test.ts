import { describe, expect, it } from 'vitest';
import { packingListParts } from './format';

describe('packing lists of a slot', () => {
  const nos = (n: number) => Array.from({ length: n }, (_, i) => `N${i + 1}`);

  it('is one list up to what a list takes', () => {
    expect(packingListParts(nos(3), '2026-11-25', 3)).toEqual([
      { from: 1, to: 3, href: '/admin/orders/packing?orders=N1,N2,N3&day=2026-11-25' },
    ]);
  });

  it('splits more orders into lists of at most that many, leaving none out', () => {
    const parts = packingListParts(nos(7), '2026-11-25', 3);
    expect(parts.map(({ from, to }) => [from, to])).toEqual([
      [1, 3],
      [4, 6],
      [7, 7],
    ]);
    const listed = parts.flatMap((p) => /orders=([^&]*)/.exec(p.href)?.[1]?.split(',') ?? []);
    expect(listed).toEqual(nos(7));
  });

  it('has no list for no orders', () => {
    expect(packingListParts([], '2026-11-25', 3)).toEqual([]);
  });
});
