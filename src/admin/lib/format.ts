import type { Language } from '#shared/constants';

/** The product's name in the staff member's language first, the other after it. */
export function bothNames(line: { en_name: string; zn_name: string }, language: Language): [string, string] {
  return language === 'zh' ? [line.zn_name, line.en_name] : [line.en_name, line.zn_name];
}
