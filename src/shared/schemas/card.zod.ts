import { z } from 'zod';
import { cardFormProblem, cardNumberDigits, parseExpiry, securityCodeProblem } from './card.rules';
import { formFields, isFields, refuse, Text, UuidParam } from './common.zod';

/* Requests (docs/api.md, Cards). */

const FIELD_MAX = 100;

/**
 * The saved-card form (docs/product.md §5): holder name (`name`, or `holder_name`), `card_no`,
 * `expiration_time` MM/YY, and an optional security code the gateway may check the card with.
 */
export const CardFormInput = z.preprocess(
  // `name` wins: `holder_name` is not read when it is there.
  (params) =>
    isFields(params) && params.name !== undefined ? { ...params, holder_name: undefined } : params,
  formFields({
    name: Text(FIELD_MAX).optional(),
    holder_name: Text(FIELD_MAX).optional(),
    card_no: Text(FIELD_MAX),
    expiration_time: Text(FIELD_MAX),
    code: Text(FIELD_MAX),
  }).transform((v, ctx) => {
    const holderName = v.name ?? v.holder_name ?? '';
    const problem = cardFormProblem({ holderName, number: v.card_no, expiry: v.expiration_time });
    if (problem) return refuse(ctx, `errors:card.${problem}`);
    const code = v.code.trim();
    if (code !== '' && securityCodeProblem(code)) return refuse(ctx, 'errors:card.codeInvalid');
    const { month, year } = parseExpiry(v.expiration_time) ?? { month: 0, year: 0 };
    return {
      number: cardNumberDigits(v.card_no),
      expMonth: month,
      expYear: year,
      holderName: holderName.trim().replace(/\s+/g, ' '),
      ...(code ? { code } : {}),
    };
  }),
);
export const CardParams = z.object({ uuid: UuidParam });

/* Answers. */

/** A saved card in `GET /api/credit_card`. */
export const SavedCard = z.object({
  uuid: z.string(),
  brand: z.string(),
  last4: z.string(),
  card_no: z.string(),
  expiration_time: z.string(),
  name: z.string(),
});
export type SavedCard = z.infer<typeof SavedCard>;
