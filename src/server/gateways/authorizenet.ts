import { centsToDecimalString } from '#shared/money';
import { cardNumberDigits, SECURITY_CODE_PATTERN } from '#shared/schemas/card';
import { deleteCardProfile, parseProfileToken, saveCardProfile } from './authorizenet-cim';
import {
  type AnetAnswer,
  type AuthorizeNetOptions,
  billToOf,
  callAuthorizeNet,
  chargeResultOf,
  transactionFacts,
} from './authorizenet-client';
import {
  assertChargeableCents,
  CARD_MESSAGES,
  cardBrandOf,
  declined,
  expirationDateOf,
  lastFour,
  precheckCard,
} from './card-rules';
import {
  type BillingAddress,
  type CaptureInput,
  type CardBrand,
  type CardChargeResult,
  type CardGateway,
  type ChargeCardInput,
  type ChargeSavedCardInput,
  type FoundCharge,
  GATEWAY_UNAVAILABLE_MESSAGE,
  type GatewayOutcome,
  type HoldState,
  type RefundCardInput,
  type SaveCardInput,
  type SaveCardResult,
} from './gateway';
import { stringAt } from './gateway-http';

/** Refused because the charge has not settled yet: such a charge is voided instead. */
const NOT_SETTLED = '54';
/** Transaction statuses under which the card was charged (an authCapture not voided). */
const CHARGED = new Set(['capturedPendingSettlement', 'authorizedPendingCapture', 'settledSuccessfully']);
/** The most transactions one page of the unsettled list holds. */
const LIST_LIMIT = 1000;

/** Cards through Authorize.Net's JSON API (docs/architecture.md §6); saved cards are CIM payment profiles. */
export class AuthorizeNetCardGateway implements CardGateway {
  constructor(private readonly options: AuthorizeNetOptions) {}

  /** authCaptureTransaction with the card itself. */
  chargeCard(input: ChargeCardInput): Promise<CardChargeResult> {
    return this.cardTransaction(input, 'authCaptureTransaction');
  }

  /** authOnlyTransaction with the card itself: the amount is held, not charged. */
  holdCard(input: ChargeCardInput): Promise<CardChargeResult> {
    return this.cardTransaction(input, 'authOnlyTransaction');
  }

  /** authCaptureTransaction with a customer payment profile and the security code. */
  chargeSavedCard(input: ChargeSavedCardInput): Promise<CardChargeResult> {
    return this.savedCardTransaction(input, 'authCaptureTransaction');
  }

  /** authOnlyTransaction with a customer payment profile. */
  holdSavedCard(input: ChargeSavedCardInput): Promise<CardChargeResult> {
    return this.savedCardTransaction(input, 'authOnlyTransaction');
  }

  /** priorAuthCaptureTransaction: the gateway refuses more than was held, or a second capture. */
  async captureHold(input: CaptureInput): Promise<GatewayOutcome> {
    assertChargeableCents(input.amountCents);
    const answer = await this.transaction({
      transactionType: 'priorAuthCaptureTransaction',
      amount: centsToDecimalString(input.amountCents),
      refTransId: input.transactionId,
    });
    this.options.log.info(
      { transactionId: input.transactionId, amountCents: input.amountCents, ...transactionFacts(answer) },
      'card capture',
    );
    return outcomeOf(answer);
  }

  async voidHold(transactionId: string): Promise<GatewayOutcome> {
    const answer = await this.void(transactionId);
    this.options.log.info({ transactionId, ...transactionFacts(answer) }, 'card hold void');
    return outcomeOf(answer);
  }

  /** getTransactionDetailsRequest, read for the hold's status and amounts. */
  async holdState(transactionId: string): Promise<HoldState> {
    const answer = await callAuthorizeNet(this.options, 'getTransactionDetailsRequest', {
      transId: transactionId,
    });
    if (answer?.resultCode !== 'Ok') return { status: 'unavailable' };
    const transaction = answer.body.transaction;
    const status = stringAt(transaction, 'transactionStatus');
    const cents = (key: string) => Math.round(Number(stringAt(transaction, key) ?? 'NaN') * 100);
    if (status === 'authorizedPendingCapture') return { status: 'held', amountCents: cents('authAmount') };
    if (status === 'capturedPendingSettlement' || status === 'settledSuccessfully') {
      return { status: 'captured', amountCents: cents('settleAmount') };
    }
    if (status === 'voided' || status === 'expired') return { status: 'voided' };
    return { status: 'unavailable' };
  }

  private async cardTransaction(input: ChargeCardInput, transactionType: string): Promise<CardChargeResult> {
    assertChargeableCents(input.amountCents);
    const refused = precheckCard(input.card, this.options.clock.now(), true);
    if (refused) return refused;
    const number = cardNumberDigits(input.card.number);
    const creditCard = {
      cardNumber: number,
      expirationDate: expirationDateOf(input.card.expMonth, input.card.expYear),
      cardCode: input.card.code,
    };
    const known = { last4: lastFour(number), brand: cardBrandOf(number) };
    return this.charge(
      transactionType,
      { invoiceNumber: input.invoiceNumber, amountCents: input.amountCents },
      { payment: { creditCard } },
      input.billing,
      known,
    );
  }

  private async savedCardTransaction(
    input: ChargeSavedCardInput,
    transactionType: string,
  ): Promise<CardChargeResult> {
    assertChargeableCents(input.amountCents);
    const ids = parseProfileToken(input.token);
    if (!ids) return declined('not_found');
    if (!SECURITY_CODE_PATTERN.test(input.code)) return declined('invalid_code');
    const profile = {
      customerProfileId: ids.customerProfileId,
      paymentProfile: { paymentProfileId: ids.paymentProfileId, cardCode: input.code },
    };
    const invoice = { invoiceNumber: input.invoiceNumber, amountCents: input.amountCents };
    return this.charge(transactionType, invoice, { profile }, undefined, undefined);
  }

  saveCard(input: SaveCardInput): Promise<SaveCardResult> {
    return saveCardProfile(this.options, input);
  }

  /** Saves the new card first, so a refusal leaves the old one in place; then deletes the old one. */
  async replaceCard(token: string, input: SaveCardInput): Promise<SaveCardResult> {
    const saved = await saveCardProfile(this.options, input);
    if (!saved.ok) return saved;
    const deleted = await deleteCardProfile(this.options, token);
    if (!deleted.ok)
      this.options.log.warn({ last4: saved.last4 }, 'old payment profile left at authorize.net');
    return saved;
  }

  deleteCard(token: string): Promise<GatewayOutcome> {
    return deleteCardProfile(this.options, token);
  }

  /**
   * refundTransaction (needs the card's last four digits). Authorize.Net refunds only settled
   * charges; an unsettled one is voided instead when the whole charge is being given back.
   */
  async refundCard(input: RefundCardInput): Promise<GatewayOutcome> {
    assertChargeableCents(input.amountCents);
    if (!/^\d{4}$/.test(input.last4)) throw new RangeError('refundCard needs the last four digits');
    const refund = await this.transaction({
      transactionType: 'refundTransaction',
      amount: centsToDecimalString(input.amountCents),
      payment: { creditCard: { cardNumber: input.last4, expirationDate: 'XXXX' } },
      refTransId: input.transactionId,
    });
    const errorCode = stringAt(refund?.body.transactionResponse, 'errors', 0, 'errorCode');
    const voidable = errorCode === NOT_SETTLED && input.wholeCharge === true;
    const outcome = voidable ? await this.void(input.transactionId) : refund;
    this.options.log.info(
      { transactionId: input.transactionId, last4: input.last4, ...transactionFacts(outcome) },
      'card refund',
    );
    return outcomeOf(outcome);
  }

  /**
   * getUnsettledTransactionListRequest, newest first, searched for the invoice and amount. The
   * attempts looked for are minutes old and charges settle nightly, so the newest page of the
   * unsettled list holds them (unless the shop took over 1,000 card payments since).
   */
  async findCharge(invoiceNumber: string, amountCents: number): Promise<FoundCharge> {
    const invoice = invoiceNumber.slice(0, 20);
    const answer = await callAuthorizeNet(this.options, 'getUnsettledTransactionListRequest', {
      sorting: { orderBy: 'submitTimeUTC', orderDescending: 'true' },
      paging: { limit: String(LIST_LIMIT), offset: '1' },
    });
    if (!answer) return { status: 'unavailable' };
    if (answer.resultCode !== 'Ok') {
      // E00011 "Access denied": the merchant account has the Transaction Details API off (README).
      this.options.log.error(
        { code: answer.code, text: answer.text },
        'authorize.net refused the transaction list',
      );
      return { status: 'unavailable' };
    }
    const found = transactionsOf(answer.body).find(
      (t) =>
        stringAt(t, 'invoiceNumber') === invoice &&
        CHARGED.has(stringAt(t, 'transactionStatus') ?? '') &&
        Math.round(Number(stringAt(t, 'settleAmount')) * 100) === amountCents,
    );
    const transactionId = stringAt(found, 'transId');
    this.options.log.info({ invoiceNumber: invoice, found: transactionId ?? null }, 'card charge lookup');
    if (!transactionId) return { status: 'none' };
    return { status: 'approved', transactionId, last4: (stringAt(found, 'accountNumber') ?? '').slice(-4) };
  }

  private void(transactionId: string): Promise<AnetAnswer | undefined> {
    return this.transaction({ transactionType: 'voidTransaction', refTransId: transactionId });
  }

  private async charge(
    transactionType: string,
    { invoiceNumber, amountCents }: { invoiceNumber: string; amountCents: number },
    paymentOrProfile: Record<string, unknown>,
    billing: BillingAddress | undefined,
    known: { last4: string; brand: CardBrand } | undefined,
  ): Promise<CardChargeResult> {
    const invoice = invoiceNumber.slice(0, 20);
    const answer = await this.transaction(
      {
        transactionType,
        amount: centsToDecimalString(amountCents),
        ...paymentOrProfile,
        order: { invoiceNumber: invoice },
        ...(billing ? { billTo: billToOf(billing) } : {}),
        transactionSettings: { setting: [{ settingName: 'duplicateWindow', settingValue: '120' }] },
      },
      invoice,
    );
    const result = chargeResultOf(answer, known);
    const last4 = result.status === 'approved' ? result.last4 : known?.last4;
    this.options.log.info(
      { invoiceNumber: invoice, last4, status: result.status, transactionType, ...transactionFacts(answer) },
      'card charge',
    );
    return result;
  }

  /** createTransactionRequest; `transactionRequest` must list its keys in schema order. */
  private transaction(
    transactionRequest: Record<string, unknown>,
    refId?: string,
  ): Promise<AnetAnswer | undefined> {
    return callAuthorizeNet(this.options, 'createTransactionRequest', {
      ...(refId ? { refId } : {}),
      transactionRequest,
    });
  }
}

/** The list's transactions: an array in JSON, or wrapped as `{ transaction: [...] }` as in the XML. */
function transactionsOf(body: Record<string, unknown>): unknown[] {
  const list = body.transactions;
  if (Array.isArray(list)) return list;
  const wrapped = (list as { transaction?: unknown } | undefined)?.transaction;
  if (Array.isArray(wrapped)) return wrapped;
  return wrapped === undefined ? [] : [wrapped];
}

function outcomeOf(answer: AnetAnswer | undefined): GatewayOutcome {
  if (!answer) return { ok: false, message: GATEWAY_UNAVAILABLE_MESSAGE, unavailable: true };
  const response = answer.body.transactionResponse;
  if (stringAt(response, 'responseCode') === '1') return { ok: true };
  const text = stringAt(response, 'errors', 0, 'errorText') ?? answer.text ?? CARD_MESSAGES.declined;
  return { ok: false, message: text };
}
