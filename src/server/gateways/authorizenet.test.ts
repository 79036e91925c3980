import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AuthorizeNetDouble } from '../../../tests/fakes/authorizenet-double';
import { ManualClock } from '../clock';
import { AuthorizeNetCardGateway } from './authorizenet';
import type { AuthorizeNetOptions } from './authorizenet-client';
import type { ChargeCardInput, GatewayLog, SaveCardInput } from './gateway';

const logged: object[] = [];
const log: GatewayLog = {
  info: (o) => void logged.push(o),
  warn: (o) => void logged.push(o),
  error: (o) => void logged.push(o),
};
const double = new AuthorizeNetDouble();
const clock = new ManualClock(new Date('2026-01-15T12:00:00Z'));
let gateway: AuthorizeNetCardGateway;
let invoice = 1000;

function gatewayWith(overrides: Partial<AuthorizeNetOptions> = {}): AuthorizeNetCardGateway {
  const { loginId, transactionKey, baseUrl } = double;
  return new AuthorizeNetCardGateway({
    baseUrl,
    loginId,
    transactionKey,
    clock,
    fetch,
    log,
    timeoutMs: 3000,
    ...overrides,
  });
}

const billing = {
  firstName: 'Mei',
  lastName: 'Chen',
  address: '1 Main St',
  city: 'Seattle',
  state: 'WA',
  zip: '98101',
};

function charge(number: string, overrides: Partial<ChargeCardInput> = {}): ChargeCardInput {
  return {
    invoiceNumber: String(++invoice),
    amountCents: 1250,
    card: { number, expMonth: 12, expYear: 2028, code: '123' },
    billing,
    ...overrides,
  };
}

function saveInput(
  number: string,
  code?: string,
  customerRef = '7d0c1a52-0000-4000-8000-000000000001',
): SaveCardInput {
  return {
    customerRef,
    email: 'mei@example.com',
    card: { number, expMonth: 3, expYear: 29, code },
    holderName: 'Mei Chen',
  };
}

beforeAll(async () => {
  await double.start();
  gateway = gatewayWith();
});
afterAll(() => double.stop());
beforeEach(() => {
  logged.length = 0;
});

describe('charging a card', () => {
  it('approves a test card; keys go in schema order, the answer comes after a BOM', async () => {
    const result = await gateway.chargeCard(charge('4111 1111 1111 1111'));
    expect(result).toEqual({
      status: 'approved',
      transactionId: expect.stringMatching(/^\d+$/),
      last4: '1111',
      brand: 'Visa',
    });
    const sent = double.requestsOf('createTransactionRequest').at(-1);
    expect(Object.keys(sent?.body.transactionRequest as object)).toEqual([
      'transactionType',
      'amount',
      'payment',
      'order',
      'billTo',
      'transactionSettings',
    ]);
    expect(sent?.body.transactionRequest).toMatchObject({
      transactionType: 'authCaptureTransaction',
      amount: '12.50',
      payment: { creditCard: { cardNumber: '4111111111111111', expirationDate: '2028-12', cardCode: '123' } },
      order: { invoiceNumber: String(invoice) },
      transactionSettings: { setting: [{ settingName: 'duplicateWindow', settingValue: '120' }] },
    });
  });

  it('really is answered with a byte-order mark', async () => {
    const response = await fetch(`${double.baseUrl}/xml/v1/request.api`, { method: 'POST', body: '{}' });
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('refuses keys out of schema order, as the real API does', async () => {
    const body = { createTransactionRequest: { transactionRequest: {}, merchantAuthentication: {} } };
    const response = await fetch(`${double.baseUrl}/xml/v1/request.api`, {
      method: 'POST',
      body: JSON.stringify(body),
    });
    const answer = JSON.parse((await response.text()).replace(/^\uFEFF/, ''));
    expect(answer.messages).toMatchObject({ resultCode: 'Error', message: [{ code: 'E00003' }] });
  });

  it('reads a decline that comes with resultCode "Ok" and responseCode "2"', async () => {
    const declined = {
      status: 'declined',
      message: 'This transaction has been declined.',
      reason: 'declined',
    };
    expect(await gateway.chargeCard(charge('4000000000000002'))).toEqual(declined);
    expect(
      await gateway.chargeCard(charge('5424000000000015', { billing: { ...billing, zip: '46282' } })),
    ).toEqual(declined);
  });

  it('refuses a bad number or an expired card without calling the gateway', async () => {
    const before = double.requests.length;
    expect(await gateway.chargeCard(charge('4111111111111112'))).toMatchObject({ reason: 'invalid_number' });
    const expired = charge('4111111111111111', {
      card: { number: '4111111111111111', expMonth: 12, expYear: 2025, code: '1' },
    });
    expect(await gateway.chargeCard(expired)).toMatchObject({ reason: 'expired' });
    expect(double.requests.length).toBe(before);
  });

  it.each([
    ['500', 500],
    ['garbage', 200],
  ] as const)('is unavailable on %s', async (fault, status) => {
    double.failNext(fault);
    expect((await gateway.chargeCard(charge('4111111111111111'))).status).toBe('unavailable');
    expect(logged).toContainEqual(expect.objectContaining({ failure: 'bad answer', status }));
  });

  it('is unavailable when the gateway never answers, ended by its own timeout', async () => {
    // The double holds a `timeout` call forever: only the adapter's 300 ms timer can end it.
    double.failNext('timeout');
    const result = await gatewayWith({ timeoutMs: 300 }).chargeCard(charge('4111111111111111'));
    expect(result.status).toBe('unavailable');
    expect(logged).toContainEqual(expect.objectContaining({ failure: 'timeout' }));
  });

  it('is unavailable, not declined, when our credentials are wrong', async () => {
    const result = await gatewayWith({ transactionKey: 'wrong' }).chargeCard(charge('4111111111111111'));
    expect(result.status).toBe('unavailable');
    expect(logged).toContainEqual(expect.objectContaining({ messageCode: 'E00007' }));
  });

  it('never logs the card number or the security code', async () => {
    await gateway.chargeCard(
      charge('6011000000000012', {
        card: { number: '6011000000000012', expMonth: 1, expYear: 2030, code: '987' },
      }),
    );
    const text = JSON.stringify(logged);
    expect(text).toContain('0012');
    expect(text).not.toContain('6011000000000012');
    expect(text).not.toContain('987');
  });
});

describe('saved cards', () => {
  it('saves, charges, replaces and deletes through CIM profiles', async () => {
    const saved = await gateway.saveCard(saveInput('5424000000000015', '900'));
    expect(saved).toEqual({
      ok: true,
      token: expect.stringMatching(/^\d+\/\d+$/),
      brand: 'MasterCard',
      last4: '0015',
    });
    if (!saved.ok) return;
    const paymentProfile = double.requestsOf('createCustomerPaymentProfileRequest').at(-1)?.body;
    expect(paymentProfile).toMatchObject({
      validationMode: 'liveMode',
      paymentProfile: { billTo: { firstName: 'Mei', lastName: 'Chen' } },
    });
    const charged = await gateway.chargeSavedCard({
      invoiceNumber: 'S1',
      amountCents: 700,
      token: saved.token,
      code: '900',
    });
    expect(charged).toMatchObject({ status: 'approved', last4: '0015', brand: 'MasterCard' });
    expect(double.requestsOf('createTransactionRequest').at(-1)?.raw).not.toContain('5424000000000015');

    const replaced = await gateway.replaceCard(saved.token, saveInput('4007000000027'));
    expect(replaced).toMatchObject({ ok: true, last4: '0027', brand: 'Visa' });
    if (!replaced.ok) return;
    expect(replaced.token.split('/')[0]).toBe(saved.token.split('/')[0]);
    const gone = await gateway.chargeSavedCard({
      invoiceNumber: 'S2',
      amountCents: 700,
      token: saved.token,
      code: '900',
    });
    expect(gone).toMatchObject({ status: 'declined', reason: 'not_found' });

    expect(await gateway.deleteCard(replaced.token)).toEqual({ ok: true });
    expect(await gateway.deleteCard(replaced.token)).toEqual({ ok: true });
  });

  it('refuses a card the gateway declines when checked with its code; without a code, the charge declines', async () => {
    const ref = '7d0c1a52-0000-4000-8000-000000000002';
    const checked = await gateway.saveCard(saveInput('4000000000000002', '123', ref));
    expect(checked).toEqual({ ok: false, message: 'This transaction has been declined.' });
    const unchecked = await gateway.saveCard(saveInput('4000000000000002', undefined, ref));
    if (!unchecked.ok) throw new Error('should save');
    const charged = await gateway.chargeSavedCard({
      invoiceNumber: 'S3',
      amountCents: 100,
      token: unchecked.token,
      code: '123',
    });
    expect(charged).toMatchObject({ status: 'declined', message: 'This transaction has been declined.' });
  });

  it('refuses a bad number locally and is unavailable when the gateway is', async () => {
    expect(await gateway.saveCard(saveInput('1234567812345678'))).toEqual({
      ok: false,
      message: 'The credit card number is invalid.',
      reason: 'invalid_number',
    });
    double.failNext('500');
    expect(await gateway.saveCard(saveInput('4111111111111111'))).toMatchObject({
      ok: false,
      unavailable: true,
    });
  });
});

describe('refunds', () => {
  async function approved(amountCents: number) {
    const result = await gateway.chargeCard(
      charge('370000000000002', {
        amountCents,
        card: { number: '370000000000002', expMonth: 5, expYear: 2030, code: '1234' },
      }),
    );
    if (result.status !== 'approved') throw new Error(result.message);
    return result;
  }

  it('voids a charge that has not settled when all of it is given back', async () => {
    const { transactionId, last4 } = await approved(3000);
    expect(await gateway.refundCard({ transactionId, amountCents: 1000, last4 })).toMatchObject({
      ok: false,
    });
    expect(await gateway.refundCard({ transactionId, amountCents: 3000, last4, wholeCharge: true })).toEqual({
      ok: true,
    });
    expect(double.transactions.get(transactionId)?.status).toBe('voided');
  });

  it('refunds a settled charge in parts, with the last four digits only, never beyond the charge', async () => {
    const { transactionId, last4 } = await approved(3000);
    double.settleAll();
    expect(await gateway.refundCard({ transactionId, amountCents: 1000, last4 })).toEqual({ ok: true });
    const sent = double.requestsOf('createTransactionRequest').at(-1);
    expect(sent?.body.transactionRequest).toMatchObject({
      transactionType: 'refundTransaction',
      amount: '10.00',
      payment: { creditCard: { cardNumber: '0002', expirationDate: 'XXXX' } },
      refTransId: transactionId,
    });
    expect(await gateway.refundCard({ transactionId, amountCents: 2000, last4 })).toEqual({ ok: true });
    expect(await gateway.refundCard({ transactionId, amountCents: 1, last4 })).toEqual({
      ok: false,
      message: 'The sum of credits against the referenced transaction would exceed original debit amount.',
    });
  });

  it('is unavailable when the gateway is', async () => {
    double.failNext('garbage');
    expect(await gateway.refundCard({ transactionId: '1', amountCents: 1, last4: '1111' })).toMatchObject({
      unavailable: true,
    });
  });
});

describe('finding a charge by invoice (getUnsettledTransactionListRequest)', () => {
  it('finds the approved charge of that invoice and amount, and nothing else', async () => {
    const approved = await gateway.chargeCard(charge('4111111111111111', { amountCents: 4321 }));
    if (approved.status !== 'approved') throw new Error(approved.message);
    const invoiceNumber = String(invoice);
    // Same invoice: one declined, one for another amount, one voided.
    await gateway.chargeCard(charge('4000000000000002', { invoiceNumber, amountCents: 4321 }));
    await gateway.chargeCard(charge('4111111111111111', { invoiceNumber, amountCents: 999 }));
    const voided = await gateway.chargeCard(charge('5424000000000015', { invoiceNumber, amountCents: 4321 }));
    if (voided.status !== 'approved') throw new Error(voided.message);
    await gateway.refundCard({ ...voided, amountCents: 4321, wholeCharge: true });

    expect(await gateway.findCharge(invoiceNumber, 4321)).toEqual({
      status: 'approved',
      transactionId: approved.transactionId,
      last4: '1111',
    });
    expect(await gateway.findCharge(invoiceNumber, 4320)).toEqual({ status: 'none' });
    expect(await gateway.findCharge('no-such-invoice', 4321)).toEqual({ status: 'none' });
    // The request keeps the schema's order (the double refuses it otherwise).
    expect(double.requestsOf('getUnsettledTransactionListRequest').at(-1)?.body).toMatchObject({
      sorting: { orderBy: 'submitTimeUTC', orderDescending: 'true' },
    });
  });

  it('says "none" when the gateway has no unsettled charge at all, and "unavailable" when it cannot say', async () => {
    double.settleAll();
    expect(await gateway.findCharge(String(invoice), 1250)).toEqual({ status: 'none' });
    double.failNext('500');
    expect(await gateway.findCharge(String(invoice), 1250)).toEqual({ status: 'unavailable' });
    expect(await gatewayWith({ transactionKey: 'wrong' }).findCharge(String(invoice), 1250)).toEqual({
      status: 'unavailable',
    });
  });
});
