/** The console's Searches page and search aliases (docs/api.md, Admin: searches). Plain data, no zod. */

/** A missed term is kept to this many characters (after normalising). */
export const MISS_TERM_MAX = 60;
/** An alias: 1 to this many characters. */
export const ALIAS_MAX = 60;
/** The periods the Searches page offers, in days. */
export const MISS_PERIODS = [7, 30] as const;
/** Terms listed per language. */
export const MISS_LIST_MAX = 50;

export interface SearchMissRow {
  term: string;
  language: 'en' | 'zh';
  count: number;
  /** The last day (YYYY-MM-DD) it was searched. */
  last: string;
}

export interface SearchAliasRow {
  id: number;
  alias: string;
  product_id: number | null;
  category_id: number | null;
  /** The product's or category's names. */
  en_name: string;
  zn_name: string;
}

export interface AliasTarget {
  kind: 'product' | 'category';
  id: number;
  en_name: string;
  zn_name: string;
  image: string;
}

/** A synonym group: this many terms at least and at most, each 1 to ALIAS_MAX characters. */
export const SYNONYM_TERMS_MIN = 2;
export const SYNONYM_TERMS_MAX = 12;

/** The terms of a synonym group as typed: separated by commas (, ， 、) or new lines. */
export function splitSynonyms(text: string): string[] {
  return text
    .split(/[,，、\n]/)
    .map((t) => t.trim().replace(/\s+/g, ' '))
    .filter((t) => t !== '');
}

export interface SearchSynonymRow {
  id: number;
  terms: string[];
}
