import type { Clock } from '../clock';
import { CARD_MESSAGES, declined } from './card-rules';
import {
  type BillingAddress,
  type CardBrand,
  type CardChargeResult,
  type DeclineReason,
  GATEWAY_UNAVAILABLE_MESSAGE,
} from './gateway';
import { describeFailure, type GatewayHttp, jsonObjectOf, postToGateway, stringAt } from './gateway-http';

export interface AuthorizeNetOptions extends GatewayHttp {
  baseUrl: string;
  loginId: string;
  transactionKey: string;
  clock: Clock;
}

/** An answer that parsed: `messages.resultCode` and the first message, plus the whole body. */
export interface AnetAnswer {
  resultCode: string;
  code: string | undefined;
  text: string | undefined;
  body: Record<string, unknown>;
}

/**
 * POSTs one API request as JSON. `payload` must already list its keys in the schema's order: the
 * gateway validates JSON against its XML schema, where order matters. merchantAuthentication
 * comes first, as the schema wants. Undefined (logged) when the gateway gave no readable answer.
 */
export async function callAuthorizeNet(
  options: AuthorizeNetOptions,
  requestName: string,
  payload: Record<string, unknown>,
): Promise<AnetAnswer | undefined> {
  const merchantAuthentication = { name: options.loginId, transactionKey: options.transactionKey };
  const body = JSON.stringify({ [requestName]: { merchantAuthentication, ...payload } });
  const url = `${options.baseUrl.replace(/\/$/, '')}/xml/v1/request.api`;
  const reply = await postToGateway(options, url, 'application/json', body);
  const answer = jsonObjectOf(reply);
  const resultCode = stringAt(answer, 'messages', 'resultCode');
  if (!answer || !resultCode) {
    options.log.error({ request: requestName, ...describeFailure(reply) }, 'authorize.net unavailable');
    return undefined;
  }
  return {
    resultCode,
    code: stringAt(answer, 'messages', 'message', 0, 'code'),
    text: stringAt(answer, 'messages', 'message', 0, 'text'),
    body: answer,
  };
}

/** customerAddressType, in schema order, cut to the schema's lengths so a long entry is no error. */
export function billToOf(billing: BillingAddress): Record<string, string> {
  const fields: [keyof BillingAddress, number][] = [
    ['firstName', 50],
    ['lastName', 50],
    ['address', 60],
    ['city', 40],
    ['state', 40],
    ['zip', 20],
  ];
  const billTo: Record<string, string> = {};
  for (const [name, max] of fields) {
    const value = billing[name].trim().slice(0, max);
    if (value !== '') billTo[name] = value;
  }
  return billTo;
}

/** Processor and configuration errors: nothing says the card is bad, so a retry may succeed. */
const RETRYABLE_ERRORS = new Set([
  '11', // duplicate within the window: the first attempt's outcome is unknown here
  '13',
  '19',
  '20',
  '21',
  '22',
  '23',
  '25',
  '26',
  '35',
  '57',
  '58',
  '59',
  '60',
  '61',
  '62',
  '63',
  '120',
  '121',
  '122',
]);

function reasonOf(errorCode: string | undefined): DeclineReason {
  if (errorCode === '6' || errorCode === '37') return 'invalid_number';
  if (errorCode === '7' || errorCode === '8') return 'expired';
  if (errorCode === '44' || errorCode === '45' || errorCode === '65' || errorCode === '78')
    return 'invalid_code';
  return 'declined';
}

const BRANDS: readonly CardBrand[] = [
  'Visa',
  'MasterCard',
  'AmericanExpress',
  'Discover',
  'JCB',
  'DinersClub',
];

function brandOf(accountType: string | undefined): CardBrand {
  return BRANDS.find((brand) => brand === accountType) ?? 'Unknown';
}

/** The facts of a transaction answer worth logging (never a card number: the gateway masks it). */
export function transactionFacts(answer: AnetAnswer | undefined): Record<string, string | undefined> {
  const response = answer?.body.transactionResponse;
  return {
    resultCode: answer?.resultCode,
    messageCode: answer?.code,
    responseCode: stringAt(response, 'responseCode'),
    errorCode: stringAt(response, 'errors', 0, 'errorCode'),
    transId: stringAt(response, 'transId'),
  };
}

/**
 * A createTransactionResponse read the only safe way: approved only when
 * `transactionResponse.responseCode` is "1" (a decline arrives with resultCode "Ok" too).
 */
export function chargeResultOf(
  answer: AnetAnswer | undefined,
  known?: { last4: string; brand: CardBrand },
): CardChargeResult {
  const unavailable: CardChargeResult = { status: 'unavailable', message: GATEWAY_UNAVAILABLE_MESSAGE };
  if (!answer) return unavailable;
  const response = answer.body.transactionResponse;
  // A saved card's profile that no longer exists: refused before any transaction is made.
  if (response === undefined && answer.code === 'E00040') return declined('not_found');
  const responseCode = stringAt(response, 'responseCode');
  const errorCode = stringAt(response, 'errors', 0, 'errorCode');
  if (responseCode === '1') {
    const transactionId = stringAt(response, 'transId');
    if (!transactionId) return unavailable;
    const last4 = known?.last4 ?? (stringAt(response, 'accountNumber') ?? '').slice(-4);
    const brand = known?.brand ?? brandOf(stringAt(response, 'accountType'));
    return { status: 'approved', transactionId, last4, brand };
  }
  if ((responseCode === '2' || responseCode === '3') && !(errorCode && RETRYABLE_ERRORS.has(errorCode))) {
    const text = stringAt(response, 'errors', 0, 'errorText') ?? answer.text ?? CARD_MESSAGES.declined;
    return declined(reasonOf(errorCode), text);
  }
  return unavailable;
}
