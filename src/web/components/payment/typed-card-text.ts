/**
 * Reformatting a card field while the shopper types (number in fours, expiry MM/YY) without losing
 * their place: the caret stays after the same digits, and deleting a space or slash deletes the
 * digit beside it (otherwise the formatter puts the separator straight back and nothing happens).
 */

export interface TypedText {
  /** What the input holds after the keystroke, before formatting. */
  text: string;
  /** The caret in `text`. */
  caret: number;
  /** What the field showed before the keystroke. */
  previous: string;
  /** The InputEvent's inputType, e.g. `deleteContentBackward`. */
  inputType?: string;
}

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** The position just after the `count`-th digit of `text` (0: the start). */
function positionAfterDigits(text: string, count: number): number {
  if (count <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < text.length; i++) {
    if (/\d/.test(text.charAt(i))) seen++;
    if (seen === count) return i + 1;
  }
  return text.length;
}

/** The formatted value and where its caret belongs. */
export function reformatAsTyped(
  typed: TypedText,
  format: (text: string, previous: string) => string,
): { value: string; caret: number } {
  let { text } = typed;
  const atEnd = typed.caret >= text.length;
  let digitsBefore = digitsOf(text.slice(0, typed.caret)).length;
  const deletedSeparator =
    text.length < typed.previous.length && digitsOf(text) === digitsOf(typed.previous) && text !== '';
  if (deletedSeparator && typed.inputType?.startsWith('delete')) {
    const digits = digitsOf(text);
    const drop = typed.inputType === 'deleteContentForward' ? digitsBefore : digitsBefore - 1;
    if (drop >= 0 && drop < digits.length) {
      text = digits.slice(0, drop) + digits.slice(drop + 1);
      digitsBefore = drop;
    }
  }
  const value = format(text, typed.previous);
  return { value, caret: atEnd ? value.length : positionAfterDigits(value, digitsBefore) };
}
/** Groups typed digits in fours, as a card shows them. */
export function groupCardNumber(text: string): string {
  return text
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** Formats a typed expiry as MM/YY: the slash comes by itself after two digits. */
export function typeExpiry(text: string, previous: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  if (digits.length < 2) return digits;
  if (digits.length === 2 && previous.length === 3 && text.length < previous.length)
    return digits.slice(0, 1);
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}
