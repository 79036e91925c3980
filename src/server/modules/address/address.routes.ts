import type { FastifyInstance } from 'fastify';
import { ok, route } from '#server/http';
import { AddressChangeInput, AddressParams, NewAddressInput } from '#shared/schemas/address';
import { NoInput } from '#shared/schemas/common';
import type { AddressService } from './address.service';

/** Address calls of docs/api.md. */
export async function addressRoutes(app: FastifyInstance, opts: { addresses: AddressService }) {
  const { addresses } = opts;

  route(app, { method: 'GET', url: '/api/address', input: NoInput, auth: 'shopper' }, async ({ user }) =>
    ok(await addresses.list(user.id)),
  );

  route(
    app,
    { method: 'POST', url: '/api/address', input: NewAddressInput, auth: 'shopper' },
    async ({ input, user }) => ok(await addresses.create(user.id, input)),
  );

  route(
    app,
    { method: 'PATCH', url: '/api/address', input: AddressChangeInput, auth: 'shopper' },
    async ({ input: { uuid, ...address }, user }) => ok(await addresses.update(user.id, uuid, address)),
  );

  route(
    app,
    { method: 'DELETE', url: '/api/address/:uuid', params: AddressParams, input: NoInput, auth: 'shopper' },
    async ({ params, user }) => {
      await addresses.remove(user.id, params.uuid);
      return ok(null);
    },
  );
}
