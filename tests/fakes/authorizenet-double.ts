import type { IncomingMessage, ServerResponse } from 'node:http';
import { schemaOrderError } from '#server/gateways/authorizenet-schema';
import { cardBrandOf, passesLuhn } from '#server/gateways/card-rules';
import { LocalDouble } from './local-double';

/**
 * Authorize.Net's JSON API (`/xml/v1/request.api`) on 127.0.0.1, behaving as the real one does:
 * keys checked against the schema's order (E00003), a UTF-8 byte-order mark before every answer,
 * declines with resultCode "Ok" and responseCode "2", CIM profiles, refunds of settled charges
 * only (unsettled ones are voided), faults on demand. Every request is recorded, raw.
 */

/**
 * How the next request fails: `500`; `garbage`, a 200 that is not JSON; `timeout`, never answered
 * (and never carried out); `lost`, carried out (a charge is made) and then the connection drops,
 * so its answer never arrives.
 */
export type AuthorizeNetFault = '500' | 'timeout' | 'garbage' | 'lost';

export interface RecordedAnetRequest {
  requestName: string;
  raw: string;
  body: Record<string, unknown>;
}

export interface AnetDoubleTransaction {
  transId: string;
  amount: string;
  last4: string;
  brand: string;
  invoiceNumber: string | undefined;
  status:
    | 'authorizedPendingCapture'
    | 'capturedPendingSettlement'
    | 'settledSuccessfully'
    | 'voided'
    | 'declined';
  /** What an authOnlyTransaction held (the charged amount is `amount`, which a capture sets). */
  authAmount: string;
  refundedCents: number;
  submitTimeUTC: string;
}

interface StoredCard {
  cardNumber: string;
  expirationDate: string;
  zip: string | undefined;
}

interface CustomerProfile {
  merchantCustomerId: string;
  email: string | undefined;
  cards: Map<string, StoredCard>;
}

type Json = Record<string, unknown>;
type Account = { last4: string; brand: string } | undefined;

const DECLINED_CARD = '4000000000000002';
const DECLINED_ZIP = '46282';
const OK = { resultCode: 'Ok', message: [{ code: 'I00001', text: 'Successful.' }] };
const NOT_FOUND = 'The record cannot be found.';

const error = (code: string, text: string): Json => ({
  messages: { resultCode: 'Error', message: [{ code, text }] },
});
const obj = (value: unknown): Json => (typeof value === 'object' && value !== null ? (value as Json) : {});
const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const toCents = (amount: string): number => Math.round(Number(amount) * 100);

function transactionAnswer(
  code: string,
  transId: string,
  account: Account,
  errorCode?: string,
  text?: string,
) {
  const approved = code === '1';
  const transactionResponse: Json = {
    responseCode: code,
    authCode: approved ? 'DBL123' : '000000',
    avsResultCode: 'Y',
    cvvResultCode: approved ? 'M' : 'N',
    transId,
    refTransID: '',
    testRequest: '0',
    accountNumber: account ? `XXXX${account.last4}` : '',
    accountType: account?.brand ?? '',
    ...(approved
      ? { messages: [{ code: '1', description: 'This transaction has been approved.' }] }
      : { errors: [{ errorCode, errorText: text }] }),
  };
  // Declines (2) come with resultCode "Ok"; errors (3) with "Error".
  const messages = code === '3' ? error('E00027', 'The transaction was unsuccessful.').messages : OK;
  return { transactionResponse, messages };
}

export class AuthorizeNetDouble extends LocalDouble<AuthorizeNetFault> {
  readonly requests: RecordedAnetRequest[] = [];
  readonly transactions = new Map<string, AnetDoubleTransaction>();
  readonly profiles = new Map<string, CustomerProfile>();
  private nextId = 60_000_000_000;

  constructor(
    readonly loginId = 'double-login',
    readonly transactionKey = 'double-transaction-key',
  ) {
    super();
  }

  /** The nightly batch: charges settle and become refundable (before, they can only be voided). */
  settleAll(): void {
    for (const t of this.transactions.values()) {
      if (t.status === 'capturedPendingSettlement') t.status = 'settledSuccessfully';
    }
  }

  requestsOf(requestName: string): RecordedAnetRequest[] {
    return this.requests.filter((r) => r.requestName === requestName);
  }

  protected async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let parsed: Json | undefined;
    try {
      parsed = obj(JSON.parse(raw));
    } catch {
      parsed = undefined;
    }
    const [requestName = '', ...others] = Object.keys(parsed ?? {});
    const body = obj(parsed?.[requestName]);
    this.requests.push({ requestName, raw, body });
    const fault = this.faults.shift();
    if (fault === 'timeout') return this.hold(req);
    if (fault === '500') return void res.writeHead(500, { 'content-type': 'text/html' }).end('<h1>500</h1>');
    if (fault === 'garbage') return void res.writeHead(200).end('\uFEFF<html>Service Unavailable');
    if (req.method !== 'POST' || req.url !== '/xml/v1/request.api') return void res.writeHead(404).end();
    const answer =
      !parsed || !requestName || others.length > 0
        ? error('E00003', 'Root element is missing.')
        : this.answer(requestName, body);
    if (fault === 'lost') return void req.socket.destroy(); // carried out; the answer never leaves
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
    res.end(`\uFEFF${JSON.stringify(answer)}`);
  }

  private answer(requestName: string, body: Json): Json {
    const orderError = schemaOrderError(requestName, body);
    if (orderError) return error('E00003', orderError);
    const auth = obj(body.merchantAuthentication);
    if (auth.name !== this.loginId || auth.transactionKey !== this.transactionKey) {
      return error('E00007', 'User authentication failed due to invalid authentication values.');
    }
    const answer = this.dispatch(requestName, body);
    return str(body.refId) ? { ...answer, refId: body.refId } : answer;
  }

  private dispatch(requestName: string, body: Json): Json {
    if (requestName === 'createCustomerProfileRequest') return this.createProfile(obj(body.profile));
    if (requestName === 'createCustomerPaymentProfileRequest') return this.createPaymentProfile(body);
    if (requestName === 'deleteCustomerPaymentProfileRequest') return this.deletePaymentProfile(body);
    if (requestName === 'getUnsettledTransactionListRequest') return this.unsettled(body);
    if (requestName === 'getTransactionDetailsRequest') return this.details(body);
    const request = obj(body.transactionRequest);
    if (request.transactionType === 'authCaptureTransaction') return this.charge(request);
    if (request.transactionType === 'authOnlyTransaction') return this.charge(request, true);
    if (request.transactionType === 'priorAuthCaptureTransaction') return this.capture(request);
    if (request.transactionType === 'refundTransaction') return this.refund(request);
    if (request.transactionType === 'voidTransaction') return this.void(request);
    return error('E00003', `Unsupported transactionType ${String(request.transactionType)}.`);
  }

  /** The card a charge names: inline, or a saved profile's. */
  private cardOf(request: Json): StoredCard | undefined {
    const card = obj(obj(request.payment).creditCard);
    const cardNumber = str(card.cardNumber);
    if (cardNumber) {
      return {
        cardNumber,
        expirationDate: str(card.expirationDate) ?? '',
        zip: str(obj(request.billTo).zip),
      };
    }
    const profile = obj(request.profile);
    const paymentProfileId = str(obj(profile.paymentProfile).paymentProfileId) ?? '';
    return this.profiles.get(str(profile.customerProfileId) ?? '')?.cards.get(paymentProfileId);
  }

  /** An authOnlyTransaction holds the amount: nothing is charged until a capture. */
  private charge(request: Json, authOnly = false): Json {
    const amount = str(request.amount) ?? '';
    const card = this.cardOf(request);
    if (!card) return error('E00040', 'Customer Profile ID or Customer Payment Profile ID not found.');
    const account = { last4: card.cardNumber.slice(-4), brand: cardBrandOf(card.cardNumber) };
    if (!/^\d+(\.\d{1,2})?$/.test(amount) || toCents(amount) <= 0) {
      return transactionAnswer('3', '0', account, '5', 'A valid amount is required.');
    }
    if (!passesLuhn(card.cardNumber)) {
      return transactionAnswer('3', '0', account, '6', 'The credit card number is invalid.');
    }
    if (!/^\d{4}-\d{2}$/.test(card.expirationDate)) {
      return transactionAnswer('3', '0', account, '7', 'Credit card expiration date is invalid.');
    }
    const transId = String(this.nextId++);
    const declines = card.cardNumber === DECLINED_CARD || card.zip === DECLINED_ZIP;
    const invoiceNumber = str(obj(request.order).invoiceNumber);
    const status = declines
      ? 'declined'
      : authOnly
        ? 'authorizedPendingCapture'
        : 'capturedPendingSettlement';
    const submitTimeUTC = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    this.transactions.set(transId, {
      transId,
      amount,
      authAmount: amount,
      ...account,
      invoiceNumber,
      status,
      refundedCents: 0,
      submitTimeUTC,
    });
    if (declines) return transactionAnswer('2', transId, account, '2', 'This transaction has been declined.');
    return transactionAnswer('1', transId, account);
  }

  /** The Transaction Details API's list of charges not settled yet, newest first, as JSON answers it. */
  private unsettled(body: Json): Json {
    const paging = obj(body.paging);
    const limit = Number(str(paging.limit) ?? 1000);
    const offset = Number(str(paging.offset) ?? 1);
    const list = [...this.transactions.values()]
      .filter((t) => t.status !== 'settledSuccessfully')
      .reverse()
      .slice((offset - 1) * limit, offset * limit)
      .map((t) => ({
        transId: t.transId,
        submitTimeUTC: t.submitTimeUTC,
        transactionStatus: t.status,
        ...(t.invoiceNumber ? { invoiceNumber: t.invoiceNumber } : {}),
        accountType: t.brand,
        accountNumber: `XXXX${t.last4}`,
        settleAmount: Number(t.amount),
        marketType: 'eCommerce',
        product: 'Card Not Present',
      }));
    if (list.length === 0)
      return { messages: { resultCode: 'Ok', message: [{ code: 'I00004', text: 'No records found.' }] } };
    return { transactions: list, totalNumInResultSet: list.length, messages: OK };
  }

  /**
   * priorAuthCaptureTransaction: once, for at most what was held (error 47 above it); a voided or
   * unknown hold is not found, one already captured answers 311.
   */
  private capture(request: Json): Json {
    const original = this.transactions.get(str(request.refTransId) ?? '');
    if (!original || original.status === 'voided' || original.status === 'declined') {
      return transactionAnswer('3', '0', undefined, '16', 'The transaction cannot be found.');
    }
    if (original.status !== 'authorizedPendingCapture') {
      return transactionAnswer('3', '0', original, '311', 'This transaction has already been captured.');
    }
    const amount = str(request.amount) ?? original.authAmount;
    if (!/^\d+(\.\d{1,2})?$/.test(amount) || toCents(amount) <= 0) {
      return transactionAnswer('3', '0', original, '5', 'A valid amount is required.');
    }
    if (toCents(amount) > toCents(original.authAmount)) {
      const text =
        'The amount requested for settlement cannot be greater than the original amount authorized.';
      return transactionAnswer('3', '0', original, '47', text);
    }
    original.amount = amount;
    original.status = 'capturedPendingSettlement';
    return transactionAnswer('1', original.transId, original);
  }

  /** The Transaction Details API's one transaction, as JSON answers it. */
  private details(body: Json): Json {
    const t = this.transactions.get(str(body.transId) ?? '');
    if (!t) return error('E00040', 'The record cannot be found.');
    const captured = t.status === 'capturedPendingSettlement' || t.status === 'settledSuccessfully';
    return {
      transaction: {
        transId: t.transId,
        submitTimeUTC: t.submitTimeUTC,
        transactionType: 'authOnlyTransaction',
        transactionStatus: t.status,
        ...(t.invoiceNumber ? { order: { invoiceNumber: t.invoiceNumber } } : {}),
        authAmount: Number(t.authAmount),
        settleAmount: captured ? Number(t.amount) : 0,
        payment: { creditCard: { cardNumber: `XXXX${t.last4}`, cardType: t.brand } },
      },
      messages: OK,
    };
  }

  private refund(request: Json): Json {
    const original = this.transactions.get(str(request.refTransId) ?? '');
    if (!original) return transactionAnswer('3', '0', undefined, '16', 'The transaction cannot be found.');
    const last4 = str(obj(obj(request.payment).creditCard).cardNumber);
    const cents = toCents(str(request.amount) ?? '0');
    if (original.status !== 'settledSuccessfully' || original.last4 !== last4) {
      const text = 'The referenced transaction does not meet the criteria for issuing a credit.';
      return transactionAnswer('3', '0', original, '54', text);
    }
    if (cents <= 0 || original.refundedCents + cents > toCents(original.amount)) {
      const text =
        'The sum of credits against the referenced transaction would exceed original debit amount.';
      return transactionAnswer('3', '0', original, '55', text);
    }
    original.refundedCents += cents;
    return transactionAnswer('1', String(this.nextId++), original);
  }

  private void(request: Json): Json {
    const original = this.transactions.get(str(request.refTransId) ?? '');
    if (!original) return transactionAnswer('3', '0', undefined, '16', 'The transaction cannot be found.');
    if (original.status !== 'capturedPendingSettlement' && original.status !== 'authorizedPendingCapture') {
      return transactionAnswer('3', '0', original, '54', 'The referenced transaction cannot be voided.');
    }
    original.status = 'voided';
    return transactionAnswer('1', original.transId, original);
  }

  private createProfile(profile: Json): Json {
    const merchantCustomerId = str(profile.merchantCustomerId) ?? '';
    for (const [id, existing] of this.profiles) {
      if (merchantCustomerId !== '' && existing.merchantCustomerId === merchantCustomerId) {
        return error('E00039', `A duplicate record with ID ${id} already exists.`);
      }
    }
    const id = String(this.nextId++);
    this.profiles.set(id, { merchantCustomerId, email: str(profile.email), cards: new Map() });
    return { customerProfileId: id, customerPaymentProfileIdList: [], messages: OK };
  }

  private createPaymentProfile(body: Json): Json {
    const customerProfileId = str(body.customerProfileId) ?? '';
    const profile = this.profiles.get(customerProfileId);
    if (!profile) return error('E00040', NOT_FOUND);
    const paymentProfile = obj(body.paymentProfile);
    const card = obj(obj(paymentProfile.payment).creditCard);
    const stored: StoredCard = {
      cardNumber: str(card.cardNumber) ?? '',
      expirationDate: str(card.expirationDate) ?? '',
      zip: str(obj(paymentProfile.billTo).zip),
    };
    if (!passesLuhn(stored.cardNumber)) return error('E00013', 'Card Number is invalid.');
    for (const [id, existing] of profile.cards) {
      if (existing.cardNumber === stored.cardNumber && existing.expirationDate === stored.expirationDate) {
        const duplicate = error('E00039', 'A duplicate customer payment profile already exists.');
        return { customerProfileId, customerPaymentProfileId: id, ...duplicate };
      }
    }
    const declines = stored.cardNumber === DECLINED_CARD || stored.zip === DECLINED_ZIP;
    if (body.validationMode === 'liveMode' && declines) {
      return error('E00027', 'This transaction has been declined.');
    }
    const id = String(this.nextId++);
    profile.cards.set(id, stored);
    return { customerProfileId, customerPaymentProfileId: id, messages: OK };
  }

  private deletePaymentProfile(body: Json): Json {
    const profile = this.profiles.get(str(body.customerProfileId) ?? '');
    if (!profile?.cards.delete(str(body.customerPaymentProfileId) ?? '')) return error('E00040', NOT_FOUND);
    return { messages: OK };
  }
}
