import { z } from 'zod';
import { LANGUAGES } from '../../constants';
import { Count, Id, ShopDate } from './common.zod';

/*
 * Answers of `/api/admin/search-misses` and `/api/admin/search-aliases` (docs/api.md, Admin:
 * searches).
 */

/** A term shoppers searched for and found nothing. */
export const SearchMissRow = z.strictObject({
  term: z.string(),
  language: z.enum(LANGUAGES),
  count: Count,
  /** The last day it was searched. */
  last: ShopDate,
});
export type SearchMissRow = z.infer<typeof SearchMissRow>;

/** `GET /api/admin/search-misses`: the period's days and each language's top misses. */
export const MissList = z.strictObject({
  from: ShopDate,
  to: ShopDate,
  en: z.array(SearchMissRow),
  zh: z.array(SearchMissRow),
});
export type MissList = z.infer<typeof MissList>;

/** An alias: another word for a product or a category, with that one's names. */
export const SearchAliasRow = z.strictObject({
  id: Id,
  alias: z.string(),
  product_id: Id.nullable(),
  category_id: Id.nullable(),
  en_name: z.string(),
  zn_name: z.string(),
});
export type SearchAliasRow = z.infer<typeof SearchAliasRow>;

/** `GET /api/admin/search-aliases`. */
export const AliasList = z.strictObject({ items: z.array(SearchAliasRow) });
export type AliasList = z.infer<typeof AliasList>;

/** What an alias may lead to. */
export const AliasTarget = z.strictObject({
  kind: z.enum(['product', 'category']),
  id: Id,
  en_name: z.string(),
  zn_name: z.string(),
  image: z.string(),
});
export type AliasTarget = z.infer<typeof AliasTarget>;

/** `GET /api/admin/search-aliases/targets`. */
export const AliasTargets = z.strictObject({ items: z.array(AliasTarget) });
export type AliasTargets = z.infer<typeof AliasTargets>;

/** `DELETE /api/admin/search-aliases/:id`: the id of the alias removed. */
export const AliasRemoved = z.strictObject({ id: Id });
export type AliasRemoved = z.infer<typeof AliasRemoved>;

/** A synonym group: terms a search reads as one another. */
export const SearchSynonymRow = z.strictObject({ id: Id, terms: z.array(z.string()) });
export type SearchSynonymRow = z.infer<typeof SearchSynonymRow>;

/** `GET /api/admin/search-synonyms`. */
export const SynonymList = z.strictObject({ items: z.array(SearchSynonymRow) });
export type SynonymList = z.infer<typeof SynonymList>;

/** `DELETE /api/admin/search-synonyms/:id`: the id of the group removed. */
export const SynonymsRemoved = z.strictObject({ id: Id });
export type SynonymsRemoved = z.infer<typeof SynonymsRemoved>;
