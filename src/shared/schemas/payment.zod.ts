import { z } from 'zod';
import {
  cardNumberDigits,
  cardNumberProblem,
  expiryProblem,
  parseExpiry,
  securityCodeProblem,
} from './card.rules';
import { formFields, inOrder, isFields, refuse, type Stop, Text, UuidParam } from './common.zod';
import { ORDER_NO_PATTERN } from './order.rules';
import {
  BILLING_FIELD_MAX,
  BILLING_FIELDS,
  type BillingField,
  WALLET_VENDORS,
  type WalletVendorName,
} from './payment.rules';

/* Requests of the payment calls (docs/api.md, Payment); the card rules are the saved cards' own. */

const TEXT_MAX = 100;
/** A pay-form field, trimmed. */
const PayText = Text(TEXT_MAX).transform((v) => v.trim());

/** The order to pay: required, and an order number. */
const OrderToPay = PayText.transform((orderNo, ctx) => {
  if (orderNo === '') return refuse(ctx, 'errors:payment.orderRequired');
  return ORDER_NO_PATTERN.test(orderNo) ? orderNo : refuse(ctx, 'field');
});

/** A field read in its turn: the pay form's fields are checked in the order the form shows them. */
function textOf(v: Record<string, unknown>, key: string, stop: Stop): string {
  const value = v[key];
  const parsed = PayText.safeParse(typeof value === 'number' ? String(value) : value);
  return parsed.success ? parsed.data : stop('field', [key]);
}

/** `billing[firstName]` … as flat form keys, or a nested `billing` object from a JSON body. */
function billingOf(v: Record<string, unknown>, stop: Stop): Record<BillingField, string> {
  const source = isFields(v.billing) ? v.billing : {};
  const billing = {} as Record<BillingField, string>;
  for (const field of BILLING_FIELDS) {
    const key = `billing[${field}]`;
    const value = textOf(field in source ? { [key]: source[field] } : v, key, stop);
    if (value === '') stop(`errors:payment.billingRequired.${field}`);
    if (value.length > BILLING_FIELD_MAX) stop('errors:payment.billingTooLong');
    billing[field] = value;
  }
  return billing;
}

function securityCodeOf(v: Record<string, unknown>, stop: Stop): string {
  const code = textOf(v, 'code', stop);
  const problem = securityCodeProblem(code);
  return problem ? stop(`errors:card.${problem}`) : code;
}

const Raw = z.unknown().optional();

/**
 * `POST /api/authorize/pay` (docs/api.md): order, card, date MM/YY, code, billing[…]; or our
 * `card_uuid` of a saved card with the code. Checked one field after another, as the form shows
 * them; the first problem is the answer.
 */
export const CardPayInput = formFields({
  order: OrderToPay,
  card_uuid: Raw,
  card: Raw,
  date: Raw,
  code: Raw,
  billing: Raw,
  ...(Object.fromEntries(BILLING_FIELDS.map((field) => [`billing[${field}]`, Raw])) as Record<
    `billing[${BillingField}]`,
    typeof Raw
  >),
}).transform(
  inOrder((v, stop) => {
    const orderNo = v.order;
    if (v.card_uuid !== undefined && v.card_uuid !== '') {
      const uuid = UuidParam.safeParse(v.card_uuid);
      if (!uuid.success) return stop('field', ['card_uuid']);
      return { kind: 'saved' as const, orderNo, cardUuid: uuid.data, code: securityCodeOf(v, stop) };
    }
    const number = textOf(v, 'card', stop);
    const numberProblem = cardNumberProblem(number);
    if (numberProblem) stop(`errors:card.${numberProblem}`);
    const date = textOf(v, 'date', stop);
    const dateProblem = expiryProblem(date);
    if (dateProblem) stop(`errors:card.${dateProblem}`);
    const code = securityCodeOf(v, stop);
    const { month, year } = parseExpiry(date) ?? { month: 0, year: 0 };
    const card = { number: cardNumberDigits(number), expMonth: month, expYear: year, code };
    return { kind: 'card' as const, orderNo, card, code, billing: billingOf(v, stop) };
  }),
);

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

/* Answers. */

/** `POST /api/authorize/pay` (docs/product.md §4): status 2 paid; status 1 with the reason to show. */
export const CardPaymentResult = z.union([
  z.object({ status: z.literal(2), order_no: z.string() }),
  z.object({
    status: z.literal(1),
    message: z.object({ message: z.array(z.object({ text: z.string() })) }),
  }),
]);
export type CardPaymentResult = z.infer<typeof CardPaymentResult>;

/** `POST /api/yuansfer/pay` (docs/product.md §7): the cashier page to open, or why there is none. */
export const WalletStartResult = z.union([z.object({ url: z.string() }), z.object({ ret_msg: z.string() })]);
export type WalletStartResult = z.infer<typeof WalletStartResult>;

/**
 * `GET /api/order/{orderNo}/payment`: the order's status after asking the gateway ("Paid Already");
 * while it is still pending, how its latest wallet attempt went, and why a failed one failed.
 */
export const PaymentStatusAnswer = z.object({
  status: z.number().int(),
  attempt: z
    .object({
      outcome: z.enum(['pending', 'paid', 'failed']),
      vendor: z.string(),
      message: z.string().optional(),
    })
    .optional(),
});
export type PaymentStatusAnswer = z.infer<typeof PaymentStatusAnswer>;
