import { z } from 'zod';
import { formFields, IdParam, inOrder, Text } from './common.zod';
import { ALIAS_MAX, SYNONYM_TERMS_MAX, SYNONYM_TERMS_MIN, splitSynonyms } from './search-admin.rules';

/* Requests of the console's Searches page (docs/api.md, Admin: searches). */

const E = 'errors:catalogueAdmin.searches';

/** `GET /api/admin/search-misses?days=7|30`. */
export const SearchMissListInput = z.object({
  days: z
    .enum(['7', '30'])
    .optional()
    .transform((d) => Number(d ?? '7')),
});

/** `GET /api/admin/search-aliases/targets?q=`: products and categories to give an alias to. */
export const AliasTargetInput = z.object({ q: Text(100).transform((q) => q.trim()) });

/** `POST /api/admin/search-aliases`: the alias and one product or one category. */
export const NewAliasInput = formFields({
  alias: Text(200),
  product_id: IdParam.optional(),
  category_id: IdParam.optional(),
}).transform(
  inOrder((v, stop) => {
    const alias = v.alias.trim().replace(/\s+/g, ' ');
    if (alias === '' || [...alias].length > ALIAS_MAX) stop(`${E}.badAlias`, ['alias']);
    if ((v.product_id === undefined) === (v.category_id === undefined)) stop(`${E}.oneTarget`);
    return { alias, productId: v.product_id ?? null, categoryId: v.category_id ?? null };
  }),
);
export type NewAliasInput = z.output<typeof NewAliasInput>;

export const AliasIdParams = z.object({ id: IdParam });

/**
 * `POST /api/admin/search-synonyms` and `POST /api/admin/search-synonyms/:id`: the group's terms,
 * separated by commas or new lines (the same term twice counts once).
 */
export const SynonymsInput = formFields({ terms: Text(2000) }).transform(
  inOrder((v, stop) => {
    const terms = splitSynonyms(v.terms);
    if (terms.some((t) => [...t].length > ALIAS_MAX)) stop(`${E}.badSynonym`, ['terms']);
    if (terms.length < SYNONYM_TERMS_MIN || terms.length > SYNONYM_TERMS_MAX)
      stop(`${E}.synonymCount`, ['terms']);
    return { terms };
  }),
);
export type SynonymsInput = z.output<typeof SynonymsInput>;

export const SynonymIdParams = z.object({ id: IdParam });
