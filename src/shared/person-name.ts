/**
 * A person's name ordered by its own script, whatever the interface language (docs/product.md,
 * Names): Chinese and Japanese names family name first with no space ("王小明"), Korean ones family
 * name first with a space ("김 민준"), every other name given name first ("Amy Chen"). A name that
 * mixes scripts ("Amy 陈") is written given name first, as the Latin part asks. Empty parts are left
 * out; the empty name is "".
 */
export function personName(who: { name: string; surname: string }): string {
  const given = who.name.trim();
  const family = who.surname.trim();
  if (!given || !family) return given || family;
  const both = `${given}${family}`;
  if (LETTERS_WITH_SPACES.test(both)) return `${given} ${family}`;
  if (HAN_OR_KANA.test(both)) return `${family}${given}`;
  if (HANGUL.test(both)) return `${family} ${given}`;
  return `${given} ${family}`;
}

/** Letters of scripts that separate words with spaces (Latin, Greek, Cyrillic…), not CJK. */
const LETTERS_WITH_SPACES = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}]/u;
const HAN_OR_KANA = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const HANGUL = /\p{Script=Hangul}/u;
