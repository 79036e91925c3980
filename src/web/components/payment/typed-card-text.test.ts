import { describe, expect, it } from 'vitest';
import { groupCardNumber, reformatAsTyped, typeExpiry } from './typed-card-text';

describe('reformatAsTyped', () => {
  it('keeps the caret after the digits typed in the middle of a card number', () => {
    // "5400 0000 0000 15" with "2" typed after "54".
    const typed = { text: '54200 0000 0000 15', caret: 3, previous: '5400 0000 0000 15' };
    expect(reformatAsTyped(typed, groupCardNumber)).toEqual({ value: '5420 0000 0000 015', caret: 3 });
  });

  it('moves past a new space when typing at the end', () => {
    const typed = { text: '41111', caret: 5, previous: '4111' };
    expect(reformatAsTyped(typed, groupCardNumber)).toEqual({ value: '4111 1', caret: 6 });
  });

  it('deletes the digit before a space on Backspace, and after it on Delete', () => {
    const back = { text: '42221111', caret: 4, previous: '4222 1111', inputType: 'deleteContentBackward' };
    expect(reformatAsTyped(back, groupCardNumber)).toEqual({ value: '4221 111', caret: 3 });
    const forward = { text: '42221111', caret: 4, previous: '4222 1111', inputType: 'deleteContentForward' };
    expect(reformatAsTyped(forward, groupCardNumber)).toEqual({ value: '4222 111', caret: 4 });
  });

  it('deletes the month digit when Backspace takes the slash of an expiry', () => {
    const typed = { text: '12', caret: 2, previous: '12/', inputType: 'deleteContentBackward' };
    expect(reformatAsTyped(typed, typeExpiry)).toEqual({ value: '1', caret: 1 });
    const middle = { text: '1230', caret: 2, previous: '12/30', inputType: 'deleteContentBackward' };
    expect(reformatAsTyped(middle, typeExpiry)).toEqual({ value: '13/0', caret: 1 });
  });
});
