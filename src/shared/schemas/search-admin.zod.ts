import { z } from 'zod';
import { formFields, IdParam, inOrder, Text } from './common.zod';
import { ALIAS_MAX } from './search-admin.rules';

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
