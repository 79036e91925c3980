import { z } from 'zod';
import {
  BILLING_FIELD_MAX,
  BILLING_FIELDS,
  type BillingField,
  cardNumberDigits,
  cardNumberProblem,
  expiryProblem,
  parseExpiry,
  securityCodeProblem,
  WALLET_VENDORS,
  type WalletVendorName,
} from './card.rules';
import { formFields, type RefinementContext, refuse, Text, UuidParam } from './common.zod';
import { ORDER_NO_PATTERN } from './order.rules';

/*
 * Requests of the payment calls (docs/api.md, Payment). Their answers are in card.zod.ts, beside
 * the saved cards they share rules with.
 */

const TEXT_MAX = 100;
/** A pay-form field, trimmed. */
const PayText = Text(TEXT_MAX).transform((v) => v.trim());

/** The order to pay: required, and an order number. */
const OrderToPay = PayText.transform((orderNo, ctx) => {
  if (orderNo === '') return refuse(ctx, 'errors:payment.orderRequired');
  return ORDER_NO_PATTERN.test(orderNo) ? orderNo : refuse(ctx, 'field');
});

const BILLING_KEYS = Object.fromEntries(
  BILLING_FIELDS.map((field) => [`billing[${field}]`, PayText]),
) as Record<`billing[${BillingField}]`, typeof PayText>;

/** `billing[firstName]` … as flat form keys, or a nested `billing` object from a JSON body. */
function billingOf(
  v: Record<`billing[${BillingField}]`, string> & { billing?: unknown },
  ctx: RefinementContext,
): Record<BillingField, string> {
  const nested = v.billing;
  const source =
    nested && typeof nested === 'object' && !Array.isArray(nested) ? (nested as Record<string, unknown>) : {};
  const billing = {} as Record<BillingField, string>;
  for (const field of BILLING_FIELDS) {
    const key = `billing[${field}]` as const;
    let value = v[key];
    if (field in source) {
      const parsed = PayText.safeParse(asText(source[field]));
      if (!parsed.success) return refuse(ctx, 'field', [key]);
      value = parsed.data;
    }
    if (value === '') return refuse(ctx, `errors:payment.billingRequired.${field}`);
    if (value.length > BILLING_FIELD_MAX) return refuse(ctx, 'errors:payment.billingTooLong');
    billing[field] = value;
  }
  return billing;
}

const asText = (value: unknown) => (typeof value === 'number' ? String(value) : value);

function securityCodeOf(code: string, ctx: RefinementContext): string {
  const problem = securityCodeProblem(code);
  return problem ? refuse(ctx, `errors:card.${problem}`) : code;
}

/**
 * `POST /api/authorize/pay` (docs/api.md): order, card, date MM/YY, code, billing[…]; or our
 * `card_uuid` of a saved card with the code.
 */
export const CardPayInput = formFields({
  order: OrderToPay,
  card_uuid: z.unknown().optional(),
  card: PayText,
  date: PayText,
  code: PayText,
  billing: z.unknown().optional(),
  ...BILLING_KEYS,
}).transform((v, ctx) => {
  const orderNo = v.order;
  if (v.card_uuid !== undefined && v.card_uuid !== '') {
    const uuid = UuidParam.safeParse(v.card_uuid);
    if (!uuid.success) return refuse(ctx, 'field', ['card_uuid']);
    const code = securityCodeOf(v.code, ctx);
    return { kind: 'saved' as const, orderNo, cardUuid: uuid.data, code };
  }
  const numberProblem = cardNumberProblem(v.card);
  if (numberProblem) return refuse(ctx, `errors:card.${numberProblem}`);
  const dateProblem = expiryProblem(v.date);
  if (dateProblem) return refuse(ctx, `errors:card.${dateProblem}`);
  const code = securityCodeOf(v.code, ctx);
  const { month, year } = parseExpiry(v.date) ?? { month: 0, year: 0 };
  const card = { number: cardNumberDigits(v.card), expMonth: month, expYear: year, code };
  return { kind: 'card' as const, orderNo, card, code, billing: billingOf(v, ctx) };
});

/** `POST /api/yuansfer/pay` (docs/api.md): vendor, reference (the order number), terminal. */
export const WalletPayInput = formFields({
  reference: OrderToPay,
  vendor: PayText.transform((vendor, ctx) =>
    (WALLET_VENDORS as readonly string[]).includes(vendor)
      ? (vendor as WalletVendorName)
      : refuse(ctx, 'errors:payment.vendorInvalid'),
  ),
  terminal: PayText.transform((text, ctx): 'ONLINE' | 'WAP' => {
    const terminal = text.toUpperCase() || 'ONLINE';
    return terminal === 'ONLINE' || terminal === 'WAP'
      ? terminal
      : refuse(ctx, 'errors:payment.terminalInvalid');
  }),
}).transform(({ reference, vendor, terminal }) => ({ orderNo: reference, vendor, terminal }));

/**
 * The gateway's notification (Yuansfer's IPN form), read from the body alone: its string fields,
 * which its signature covers. A field of another kind is not one Yuansfer sends, and is dropped.
 */
export const WalletNotificationInput = z
  .looseObject({
    reference: z.unknown().optional(),
    transactionNo: z.unknown().optional(),
    status: z.unknown().optional(),
    amount: z.unknown().optional(),
    currency: z.unknown().optional(),
    settleCurrency: z.unknown().optional(),
    time: z.unknown().optional(),
    verifySign: z.unknown().optional(),
  })
  .transform((form) =>
    Object.fromEntries(Object.entries(form).filter((e): e is [string, string] => typeof e[1] === 'string')),
  );

/** The sandbox wallet's pay page (sandbox mode): the signed link's token. */
export const SandboxLinkParams = z.object({ token: z.string().min(1).max(200) });
/** Its Pay and Fail buttons. */
export const SandboxOutcomeInput = z.object({ outcome: z.enum(['paid', 'failed']) });
