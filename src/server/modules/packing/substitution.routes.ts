import type { FastifyInstance } from 'fastify';
import { ok, route } from '#server/http';
import { CartLineParams, SubstituteChoiceInput, SubstituteSearchInput } from '#shared/schemas/cart';
import { OrderLineParams, ProposalAnswerInput } from '#shared/schemas/order';
import { proposalView } from '../order/order.queries';
import {
  answerProposal,
  chooseForCartLine,
  chooseForOrderLine,
  type SubstitutionDeps,
  substituteSuggestions,
} from './substitution';

/**
 * The shopper's substitution calls (docs/api.md, Substitutions): suggestions, the choice on a cart
 * or order line, and the answer to a proposal. All owner-checked: someone else's line is a 404.
 */
export async function substitutionRoutes(app: FastifyInstance, deps: SubstitutionDeps) {
  const { db, clock } = deps;

  route(
    app,
    { method: 'GET', url: '/api/substitutes', input: SubstituteSearchInput, auth: 'shopper' },
    async ({ input }) => ok(await substituteSuggestions(db, input.uuid, clock.now())),
  );

  route(
    app,
    {
      method: 'PATCH',
      url: '/api/cart/:itemId',
      params: CartLineParams,
      input: SubstituteChoiceInput,
      auth: 'shopper',
    },
    async ({ input, params, user }) =>
      ok(await chooseForCartLine(db, clock.now(), user.id, params.itemId, input)),
  );

  route(
    app,
    {
      method: 'PATCH',
      url: '/api/order/:orderNo/lines/:lineId',
      params: OrderLineParams,
      input: SubstituteChoiceInput,
      auth: 'shopper',
    },
    async ({ input, params, user }) => ok(await chooseForOrderLine(db, clock.now(), user.id, params, input)),
  );

  route(
    app,
    {
      method: 'POST',
      url: '/api/order/:orderNo/lines/:lineId/answer',
      params: OrderLineParams,
      input: ProposalAnswerInput,
      auth: 'shopper',
    },
    async ({ input, params, user }) =>
      ok(proposalView(await answerProposal(deps, user.id, params, input.answer))),
  );
}
