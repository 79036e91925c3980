import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ADDRESS_FIELDS, addressProblem } from '../../../shared/schemas/address';
import { UuidParam } from '../../../shared/schemas/common';
import { BadInput, badField } from '../../errors';
import { ok, parseInput, textParamsOf } from '../../http';
import type { AddressInput, AddressService } from './address.service';

/** Reads and checks the address form: every field required (spec §5). */
function addressInput(params: Record<string, unknown>): AddressInput {
  const values = {} as Record<(typeof ADDRESS_FIELDS)[number], string>;
  for (const field of ADDRESS_FIELDS) {
    const value = params[field] ?? '';
    // PostgreSQL text cannot hold a NUL character.
    if (typeof value !== 'string' || value.includes('\u0000')) throw badField(field);
    values[field] = value;
  }
  const problem = addressProblem(values);
  if (problem) throw new BadInput(`errors:address.${problem}`);
  const flag = params.default_status ?? '0';
  if (!['0', '1', 'true', 'false'].includes(String(flag))) throw badField('default_status');
  return { ...values, default_status: flag === '1' || flag === 'true' };
}

/** Address calls of spec §7. */
export async function addressRoutes(app: FastifyInstance, opts: { addresses: AddressService }) {
  const { addresses } = opts;

  app.get('/api/address', async (request) => ok(await addresses.list((await request.requireUser()).id)));

  app.post('/api/address', async (request) => {
    const user = await request.requireUser();
    return ok(await addresses.create(user.id, addressInput(textParamsOf(request))));
  });

  app.patch('/api/address', async (request) => {
    const user = await request.requireUser();
    const params = textParamsOf(request);
    const { uuid } = parseInput(z.object({ uuid: UuidParam }), params);
    return ok(await addresses.update(user.id, uuid, addressInput(params)));
  });

  app.delete('/api/address/:uuid', async (request) => {
    const user = await request.requireUser();
    const { uuid } = parseInput(z.object({ uuid: UuidParam }), request.params);
    await addresses.remove(user.id, uuid);
    return ok(null);
  });
}
