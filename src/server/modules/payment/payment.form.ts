import { z } from 'zod';
import {
  BILLING_FIELD_MAX,
  BILLING_FIELDS,
  cardNumberDigits,
  cardNumberProblem,
  expiryProblem,
  parseExpiry,
  WALLET_VENDORS,
  type WalletVendorName,
} from '../../../shared/schemas/card';
import { UuidParam } from '../../../shared/schemas/common';
import { BadInput, badField } from '../../errors';
import type { BillingAddress, CardDetails } from '../../gateways/gateway';
import { parseInput } from '../../http';

/** The pay form's fields, checked; the card number and code never leave this value but to the gateway. */
export type CardPaymentRequest = { orderNo: string; code: string } & (
  | { kind: 'card'; card: CardDetails; billing: BillingAddress }
  | { kind: 'saved'; cardUuid: string }
);

export interface WalletPaymentRequest {
  orderNo: string;
  vendor: WalletVendorName;
  terminal: 'ONLINE' | 'WAP';
}

const ORDER_NO = /^\d{6,32}$/;
const SavedCardParams = z.object({ card_uuid: UuidParam });
const TEXT_MAX = 100;

function textOf(params: Record<string, unknown>, name: string): string {
  const value = params[name] ?? '';
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string' || value.length > TEXT_MAX) throw badField(name);
  return value.trim();
}

function orderNoOf(params: Record<string, unknown>, name: string): string {
  const orderNo = textOf(params, name);
  if (orderNo === '') throw new BadInput('errors:payment.orderRequired');
  if (!ORDER_NO.test(orderNo)) throw badField(name);
  return orderNo;
}

/** `billing[firstName]` … as flat form keys, or a nested `billing` object from a JSON body. */
function billingOf(params: Record<string, unknown>): BillingAddress {
  const nested = params.billing;
  const source =
    nested && typeof nested === 'object' && !Array.isArray(nested) ? (nested as Record<string, unknown>) : {};
  const billing = {} as BillingAddress;
  for (const field of BILLING_FIELDS) {
    const name = `billing[${field}]`;
    const value = textOf(field in source ? { [name]: source[field] } : params, name);
    if (value === '') throw new BadInput(`errors:payment.billingRequired.${field}`);
    if (value.length > BILLING_FIELD_MAX) throw new BadInput('errors:payment.billingTooLong');
    billing[field] = value;
  }
  return billing;
}

function securityCodeOf(params: Record<string, unknown>): string {
  const code = textOf(params, 'code');
  if (code === '') throw new BadInput('errors:card.codeRequired');
  if (!/^\d{1,8}$/.test(code)) throw new BadInput('errors:card.codeInvalid');
  return code;
}

/**
 * `POST /api/authorize/pay` (spec §7): order, card, date MM/YY, code, billing[…]; or our
 * `card_uuid` of a saved card with the code. The first problem is a 400 that names the field.
 */
export function cardPaymentRequestOf(params: Record<string, unknown>): CardPaymentRequest {
  const orderNo = orderNoOf(params, 'order');
  if (params.card_uuid !== undefined && params.card_uuid !== '') {
    const { card_uuid: cardUuid } = parseInput(SavedCardParams, params);
    return { kind: 'saved', orderNo, cardUuid, code: securityCodeOf(params) };
  }
  const number = textOf(params, 'card');
  const numberProblem = cardNumberProblem(number);
  if (numberProblem) throw new BadInput(`errors:card.${numberProblem}`);
  const date = textOf(params, 'date');
  const dateProblem = expiryProblem(date);
  if (dateProblem) throw new BadInput(`errors:card.${dateProblem}`);
  const code = securityCodeOf(params);
  const { month, year } = parseExpiry(date) ?? { month: 0, year: 0 };
  const card: CardDetails = { number: cardNumberDigits(number), expMonth: month, expYear: year, code };
  return { kind: 'card', orderNo, card, code, billing: billingOf(params) };
}

/** `POST /api/yuansfer/pay` (spec §7): vendor, reference (the order number), terminal. */
export function walletPaymentRequestOf(params: Record<string, unknown>): WalletPaymentRequest {
  const orderNo = orderNoOf(params, 'reference');
  const vendor = textOf(params, 'vendor');
  if (!(WALLET_VENDORS as readonly string[]).includes(vendor))
    throw new BadInput('errors:payment.vendorInvalid');
  const terminal = textOf(params, 'terminal').toUpperCase() || 'ONLINE';
  if (terminal !== 'ONLINE' && terminal !== 'WAP') throw new BadInput('errors:payment.terminalInvalid');
  return { orderNo, vendor: vendor as WalletVendorName, terminal };
}
