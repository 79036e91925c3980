import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Unauthorized } from '../errors';
import type { AccountService, AuthUser } from '../modules/account/account.service';

/** The token from `authorization`: the bare token or `Bearer <token>` (docs/architecture.md §4). */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token.length > 0 && token.length <= 200 ? token : undefined;
}

/**
 * `request.requireUser()` answers the signed-in shopper or throws 401; every per-user route calls
 * it first and passes the user on, so every query can be checked against its owner.
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { accounts: AccountService }) => {
  app.decorateRequest('requireUser', async function (this: FastifyRequest): Promise<AuthUser> {
    const token = tokenOf(this);
    const user = token ? await opts.accounts.authenticate(token) : undefined;
    if (!user) throw new Unauthorized();
    return user;
  });
});

declare module 'fastify' {
  interface FastifyRequest {
    requireUser(): Promise<AuthUser>;
  }
}
