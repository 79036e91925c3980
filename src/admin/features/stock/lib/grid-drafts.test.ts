import { describe, expect, it } from 'vitest';
import { changesOf } from './grid-drafts';
import { signed, stockState } from './stock-view';

describe('the stock grid’s typed rows', () => {
  it('turn into count and received changes, skipping empty rows', () => {
    expect(
      changesOf({
        1: { count: ' 12 ', received: '' },
        2: { count: '', received: '5' },
        3: { count: '', received: '' },
        4: { count: '0', received: '' },
      }),
    ).toEqual({
      changes: [
        { productId: 1, reason: 'count', quantity: 12 },
        { productId: 2, reason: 'received', quantity: 5 },
        { productId: 4, reason: 'count', quantity: 0 },
      ],
      problems: {},
    });
  });

  it('name each row’s problem by the server’s rules', () => {
    expect(
      changesOf({
        1: { count: '3', received: '4' },
        2: { count: '', received: '0' },
        3: { count: '-1', received: '' },
        4: { count: '', received: '2.5' },
        5: { count: '', received: '1000001' },
      }).problems,
    ).toEqual({
      1: 'stock.problems.both',
      2: 'stock.problems.quantity',
      3: 'stock.problems.count',
      4: 'stock.problems.quantity',
      5: 'stock.problems.quantity',
    });
  });

  it('show changes signed and stock as out, low or fine', () => {
    expect([signed(12), signed(-2), signed(0)]).toEqual(['+12', '−2', '0']);
    expect(stockState({ real_stock: 0, low_stock_threshold: 10 })).toBe('out');
    expect(stockState({ real_stock: 10, low_stock_threshold: 10 })).toBe('low');
    expect(stockState({ real_stock: 11, low_stock_threshold: 10 })).toBe('ok');
  });
});
