import type { Language } from '#shared/constants';
import type { Address } from '#shared/schemas/address';
import { formatPhone } from '#shared/schemas/address.rules';

const LATIN = /[A-Za-z]/;

/**
 * A person's name as the language writes it: "Given Surname" in English; surname first in Chinese,
 * "王小明" (no space between Chinese characters), "Chen Wei" when either part is in Latin letters.
 */
export function personName(who: { name: string; surname: string }, language: Language): string {
  if (language === 'en') return `${who.name} ${who.surname}`;
  const gap = LATIN.test(who.name) || LATIN.test(who.surname) ? ' ' : '';
  return `${who.surname}${gap}${who.name}`;
}

/** An address as two lines for lists: the name (personName) and phone (formatPhone), then where. */
export function addressLines(
  a: Omit<Address, 'uuid' | 'default_status'>,
  language: Language,
): [string, string] {
  return [
    `${personName(a, language)} · ${formatPhone(a.phone)}`,
    `${a.address}, ${a.area}, ${a.city}, ${a.province} ${a.zip}`,
  ];
}
