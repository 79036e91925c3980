import type { FastifyInstance } from 'fastify';
import { ok } from '#server/http';
import type { CatalogueListener } from '#server/modules/catalogue/catalogue.changes';
import {
  addAlias,
  addSynonyms,
  aliasTargets,
  changeSynonyms,
  listAliases,
  listSynonyms,
  type MissesDeps,
  removeAlias,
  removeSynonyms,
  topMisses,
} from '#server/modules/searches/searches.service';
import { NoInput } from '#shared/schemas/common';
import {
  AliasIdParams,
  AliasTargetInput,
  NewAliasInput,
  SearchMissListInput,
  SynonymIdParams,
  SynonymsInput,
} from '#shared/schemas/search-admin.zod';
import { adminRoute } from './admin-route';
import { auditedCatalogueChange } from './catalogue-changes';

export type SearchesDeps = MissesDeps & {
  catalogue: MissesDeps['catalogue'] & Pick<CatalogueListener, 'changed'>;
};

const allow = 'catalogue.manage';

/**
 * `/api/admin/search-misses`, `/api/admin/search-aliases` and `/api/admin/search-synonyms`
 * (docs/api.md, Admin: searches).
 */
export async function searchesRoutes(app: FastifyInstance, deps: SearchesDeps) {
  adminRoute(
    app,
    { method: 'GET', url: '/api/admin/search-misses', input: SearchMissListInput, allow },
    async ({ input }) => ok(await topMisses(deps, input.days)),
  );

  adminRoute(app, { method: 'GET', url: '/api/admin/search-aliases', input: NoInput, allow }, async () =>
    ok({ items: await listAliases(deps.db) }),
  );

  adminRoute(
    app,
    { method: 'GET', url: '/api/admin/search-aliases/targets', input: AliasTargetInput, allow },
    ({ input }) => ok({ items: aliasTargets(deps.catalogue.snapshot, input.q) }),
  );

  adminRoute(
    app,
    { method: 'POST', url: '/api/admin/search-aliases', input: NewAliasInput, allow },
    async ({ input, staff }) =>
      ok(
        await auditedCatalogueChange(deps, staff, (tx, touched) =>
          addAlias(tx, touched, input, deps.clock.now()),
        ),
      ),
  );

  adminRoute(
    app,
    { method: 'DELETE', url: '/api/admin/search-aliases/:id', params: AliasIdParams, input: NoInput, allow },
    async ({ params, staff }) => {
      await auditedCatalogueChange(deps, staff, (tx, touched) => removeAlias(tx, touched, params.id));
      return ok({ id: params.id });
    },
  );

  adminRoute(app, { method: 'GET', url: '/api/admin/search-synonyms', input: NoInput, allow }, async () =>
    ok({ items: await listSynonyms(deps.db) }),
  );

  adminRoute(
    app,
    { method: 'POST', url: '/api/admin/search-synonyms', input: SynonymsInput, allow },
    async ({ input, staff }) =>
      ok(
        await auditedCatalogueChange(deps, staff, (tx, touched) =>
          addSynonyms(tx, touched, input, deps.clock.now()),
        ),
      ),
  );

  adminRoute(
    app,
    {
      method: 'POST',
      url: '/api/admin/search-synonyms/:id',
      params: SynonymIdParams,
      input: SynonymsInput,
      allow,
    },
    async ({ params, input, staff }) =>
      ok(
        await auditedCatalogueChange(deps, staff, (tx, touched) =>
          changeSynonyms(tx, touched, params.id, input),
        ),
      ),
  );

  adminRoute(
    app,
    {
      method: 'DELETE',
      url: '/api/admin/search-synonyms/:id',
      params: SynonymIdParams,
      input: NoInput,
      allow,
    },
    async ({ params, staff }) => {
      await auditedCatalogueChange(deps, staff, (tx, touched) => removeSynonyms(tx, touched, params.id));
      return ok({ id: params.id });
    },
  );
}
