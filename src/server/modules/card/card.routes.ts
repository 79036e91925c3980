import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { cardFormProblem, cardNumberDigits, parseExpiry } from '../../../shared/schemas/card';
import { UuidParam } from '../../../shared/schemas/common';
import { BadInput, badField } from '../../errors';
import { clientKey, ok, parseInput, textParamsOf } from '../../http';
import type { CardInput, CardService } from './card.service';

const FIELD_MAX = 100;

function textOf(params: Record<string, unknown>, name: string): string {
  const value = params[name] ?? '';
  // PostgreSQL text cannot hold a NUL character.
  if (typeof value !== 'string' || value.length > FIELD_MAX || value.includes('\u0000')) throw badField(name);
  return value;
}

/**
 * The saved-card form (spec §5): holder name (`name`, or `holder_name`), `card_no`,
 * `expiration_time` MM/YY, and an optional security code the gateway may check the card with.
 */
export function cardInputOf(params: Record<string, unknown>): CardInput {
  const holderName = textOf(params, params.name === undefined ? 'holder_name' : 'name');
  const number = textOf(params, 'card_no');
  const expiry = textOf(params, 'expiration_time');
  const code = textOf(params, 'code').trim();
  const problem = cardFormProblem({ holderName, number, expiry });
  if (problem) throw new BadInput(`errors:card.${problem}`);
  if (code !== '' && !/^\d{3,4}$/.test(code)) throw new BadInput('errors:card.codeInvalid');
  const { month, year } = parseExpiry(expiry) ?? { month: 0, year: 0 };
  return {
    number: cardNumberDigits(number),
    expMonth: month,
    expYear: year,
    holderName: holderName.trim().replace(/\s+/g, ' '),
    ...(code ? { code } : {}),
  };
}

const UuidParams = z.object({ uuid: UuidParam });

/** Card calls of spec §7 (Cards). */
export async function cardRoutes(app: FastifyInstance, opts: { cards: CardService }) {
  const { cards } = opts;

  app.get('/api/credit_card', async (request) => ok(await cards.list((await request.requireUser()).id)));

  app.put('/api/credit_card', async (request) => {
    const user = await request.requireUser();
    return ok(await cards.add(user, cardInputOf(textParamsOf(request)), clientKey(request)));
  });

  app.put('/api/credit_card/:uuid', async (request) => {
    const user = await request.requireUser();
    const { uuid } = parseInput(UuidParams, request.params);
    return ok(await cards.replace(user, uuid, cardInputOf(textParamsOf(request)), clientKey(request)));
  });

  app.delete('/api/credit_card/:uuid', async (request) => {
    const user = await request.requireUser();
    const { uuid } = parseInput(UuidParams, request.params);
    await cards.remove(user.id, uuid);
    return ok(null);
  });
}
