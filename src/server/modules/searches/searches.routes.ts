import type { FastifyInstance } from 'fastify';
import { ok, route } from '#server/http';
import { NoInput } from '#shared/schemas/common';
import {
  AliasIdParams,
  AliasTargetInput,
  NewAliasInput,
  SearchMissListInput,
} from '#shared/schemas/search-admin.zod';
import type { SearchMisses } from '../search/search-misses';
import {
  addAlias,
  aliasTargets,
  listAliases,
  removeAlias,
  type SearchAdminDeps,
  topMisses,
} from './searches.admin';

/** The console's Searches page (docs/api.md, Admin: searches), for staff who manage the catalogue. */
export async function searchAdminRoutes(
  app: FastifyInstance,
  deps: SearchAdminDeps & { misses: SearchMisses },
) {
  const guard = { auth: 'staff', permission: 'catalogue.manage' } as const;

  route(
    app,
    { method: 'GET', url: '/api/admin/search-misses', input: SearchMissListInput, ...guard },
    async ({ input }) => {
      // What was counted in memory so far shows too.
      await deps.misses.flush();
      return ok(await topMisses(deps, input.days));
    },
  );

  route(app, { method: 'GET', url: '/api/admin/search-aliases', input: NoInput, ...guard }, async () =>
    ok({ items: await listAliases(deps.db) }),
  );

  route(
    app,
    { method: 'GET', url: '/api/admin/search-aliases/targets', input: AliasTargetInput, ...guard },
    ({ input }) => ok({ items: aliasTargets(deps.catalogue.snapshot, input.q) }),
  );

  route(
    app,
    { method: 'POST', url: '/api/admin/search-aliases', input: NewAliasInput, ...guard },
    async ({ input, staff }) => ok(await addAlias(deps, input, staff.id)),
  );

  route(
    app,
    {
      method: 'DELETE',
      url: '/api/admin/search-aliases/:id',
      params: AliasIdParams,
      input: NoInput,
      ...guard,
    },
    async ({ params, staff }) => {
      await removeAlias(deps, params.id, staff.id);
      return ok({ id: params.id });
    },
  );
}
