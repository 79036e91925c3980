import { cardNumberDigits } from '#shared/schemas/card';
import { type AnetAnswer, type AuthorizeNetOptions, billToOf, callAuthorizeNet } from './authorizenet-client';
import { cardBrandOf, expirationDateOf, lastFour, precheckCard } from './card-rules';
import {
  type BillingAddress,
  GATEWAY_UNAVAILABLE_MESSAGE,
  type GatewayOutcome,
  type SaveCardInput,
  type SaveCardResult,
} from './gateway';
import { stringAt } from './gateway-http';

/** Customer Information Manager: a saved card is a payment profile inside the shopper's customer profile. */

export interface ProfileIds {
  customerProfileId: string;
  paymentProfileId: string;
}

/** "profileId/paymentProfileId", the token the shop stores instead of a card number. */
export function parseProfileToken(token: string): ProfileIds | undefined {
  const match = /^(\d{1,20})\/(\d{1,20})$/.exec(token);
  return match ? { customerProfileId: match[1] as string, paymentProfileId: match[2] as string } : undefined;
}

const DUPLICATE = 'E00039';
const NOT_FOUND = 'E00040';

/** merchantCustomerId holds 20 characters: the first 20 hex digits of the user's uuid. */
function merchantCustomerIdOf(customerRef: string): string {
  return customerRef.replace(/-/g, '').slice(0, 20);
}

/** Billing for the profile: the one given, or the holder's name split at its last space. */
function billingOf(input: SaveCardInput): BillingAddress {
  if (input.billing) return input.billing;
  const name = input.holderName.trim().replace(/\s+/g, ' ');
  const cut = name.lastIndexOf(' ');
  const [firstName, lastName] = cut > 0 ? [name.slice(0, cut), name.slice(cut + 1)] : [name, ''];
  return { firstName, lastName, address: '', city: '', state: '', zip: '' };
}

function failure(answer: AnetAnswer | undefined): SaveCardResult {
  if (!answer) return { ok: false, message: GATEWAY_UNAVAILABLE_MESSAGE, unavailable: true };
  return { ok: false, message: answer.text ?? GATEWAY_UNAVAILABLE_MESSAGE };
}

/** The shopper's customer profile id, created on first use; a duplicate answer names the existing one. */
async function ensureCustomerProfile(
  options: AuthorizeNetOptions,
  input: SaveCardInput,
): Promise<{ id: string } | { failed: AnetAnswer | undefined }> {
  const answer = await callAuthorizeNet(options, 'createCustomerProfileRequest', {
    profile: { merchantCustomerId: merchantCustomerIdOf(input.customerRef), email: input.email },
  });
  const created = stringAt(answer?.body, 'customerProfileId');
  if (answer?.resultCode === 'Ok' && created) return { id: created };
  const existing = answer?.code === DUPLICATE ? /(\d+)/.exec(answer.text ?? '')?.[1] : undefined;
  return existing ? { id: existing } : { failed: answer };
}

async function createPaymentProfile(
  options: AuthorizeNetOptions,
  customerProfileId: string,
  input: SaveCardInput,
): Promise<{ id: string } | { failed: AnetAnswer | undefined }> {
  const { card } = input;
  const code = card.code ?? '';
  const answer = await callAuthorizeNet(options, 'createCustomerPaymentProfileRequest', {
    customerProfileId,
    paymentProfile: {
      customerType: 'individual',
      billTo: billToOf(billingOf(input)),
      payment: {
        creditCard: {
          cardNumber: cardNumberDigits(card.number),
          expirationDate: expirationDateOf(card.expMonth, card.expYear),
          ...(code ? { cardCode: code } : {}),
        },
      },
    },
    // With a security code the gateway checks the card with a small authorisation it voids.
    validationMode: code ? 'liveMode' : 'testMode',
  });
  const id = stringAt(answer?.body, 'customerPaymentProfileId');
  const usable = answer?.resultCode === 'Ok' || answer?.code === DUPLICATE;
  return usable && id ? { id } : { failed: answer };
}

/** Saves a card as a payment profile; the token is "customerProfileId/paymentProfileId". */
export async function saveCardProfile(
  options: AuthorizeNetOptions,
  input: SaveCardInput,
): Promise<SaveCardResult> {
  const refused = precheckCard(input.card, options.clock.now(), false);
  if (refused?.status === 'declined') return { ok: false, message: refused.message, reason: refused.reason };
  const last4 = lastFour(input.card.number);
  const customer = await ensureCustomerProfile(options, input);
  if ('failed' in customer) return failure(customer.failed);
  const payment = await createPaymentProfile(options, customer.id, input);
  if ('failed' in payment) {
    // The shopper reads one text for every refusal (the reason would help a card tester): it is here.
    const { failed } = payment;
    if (failed) {
      const reason = { messageCode: failed.code, reason: failed.text };
      options.log.info({ last4, ...reason }, 'authorize.net refused to save a card');
    }
    return failure(payment.failed);
  }
  options.log.info({ last4, customerProfileId: customer.id }, 'card saved at authorize.net');
  return { ok: true, token: `${customer.id}/${payment.id}`, brand: cardBrandOf(input.card.number), last4 };
}

/** Deletes a payment profile; one already gone counts as deleted. */
export async function deleteCardProfile(
  options: AuthorizeNetOptions,
  token: string,
): Promise<GatewayOutcome> {
  const ids = parseProfileToken(token);
  if (!ids) return { ok: true };
  const answer = await callAuthorizeNet(options, 'deleteCustomerPaymentProfileRequest', {
    customerProfileId: ids.customerProfileId,
    customerPaymentProfileId: ids.paymentProfileId,
  });
  if (!answer) return { ok: false, message: GATEWAY_UNAVAILABLE_MESSAGE, unavailable: true };
  if (answer.resultCode === 'Ok' || answer.code === NOT_FOUND) return { ok: true };
  return { ok: false, message: answer.text ?? GATEWAY_UNAVAILABLE_MESSAGE };
}
