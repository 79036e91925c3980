import type { Language } from '#shared/constants';

/** Catalogue texts come as en_… / zn_… pairs (docs/product.md §1); the chosen language picks one. */
export function nameOf(item: { en_name: string; zn_name: string }, language: Language): string {
  return language === 'zh' ? item.zn_name || item.en_name : item.en_name;
}

export function pick(language: Language, en: string, zn: string): string {
  return language === 'zh' ? zn || en : en;
}
