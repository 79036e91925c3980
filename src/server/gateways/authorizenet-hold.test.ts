import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthorizeNetDouble } from '../../../tests/fakes/authorizenet-double';
import { ManualClock } from '../clock';
import { AuthorizeNetCardGateway } from './authorizenet';
import type { CardGateway, ChargeCardInput, GatewayLog } from './gateway';
import { SandboxCardGateway } from './sandbox';

const log: GatewayLog = { info: () => {}, warn: () => {}, error: () => {} };
const double = new AuthorizeNetDouble();
const clock = new ManualClock(new Date('2026-01-15T12:00:00Z'));
let live: AuthorizeNetCardGateway;
let invoice = 5000;

beforeAll(async () => {
  await double.start();
  const { loginId, transactionKey, baseUrl } = double;
  live = new AuthorizeNetCardGateway({
    baseUrl,
    loginId,
    transactionKey,
    clock,
    fetch,
    log,
    timeoutMs: 3000,
  });
});
afterAll(() => double.stop());

function hold(amountCents: number): ChargeCardInput {
  return {
    invoiceNumber: String(++invoice),
    amountCents,
    card: { number: '4111111111111111', expMonth: 12, expYear: 2028, code: '123' },
    billing: {
      firstName: 'Mei',
      lastName: 'Chen',
      address: '1 Main St',
      city: 'Seattle',
      state: 'WA',
      zip: '98101',
    },
  };
}

async function heldId(gateway: CardGateway, amountCents: number): Promise<string> {
  const result = await gateway.holdCard(hold(amountCents));
  if (result.status !== 'approved') throw new Error(`not held: ${JSON.stringify(result)}`);
  return result.transactionId;
}

describe('holding a card at Authorize.Net', () => {
  it('sends authOnlyTransaction, then priorAuthCaptureTransaction for less, in schema order', async () => {
    const id = await heldId(live, 1100);
    expect(double.transactions.get(id)?.status).toBe('authorizedPendingCapture');
    expect(await live.holdState(id)).toEqual({ status: 'held', amountCents: 1100 });
    expect(await live.captureHold({ transactionId: id, amountCents: 987 })).toEqual({ ok: true });
    expect(double.transactions.get(id)).toMatchObject({
      status: 'capturedPendingSettlement',
      amount: '9.87',
    });
    expect(await live.holdState(id)).toEqual({ status: 'captured', amountCents: 987 });
    const [capture] = double.requestsOf('createTransactionRequest').slice(-1);
    expect(capture?.body.transactionRequest).toEqual({
      transactionType: 'priorAuthCaptureTransaction',
      amount: '9.87',
      refTransId: id,
    });
    const details = double.requestsOf('getTransactionDetailsRequest').at(-1);
    expect(Object.keys(details?.body ?? {})).toEqual(['merchantAuthentication', 'transId']);
  });

  it('refuses a capture above the hold, a second capture and a capture after a void', async () => {
    const above = await heldId(live, 1000);
    const refused = await live.captureHold({ transactionId: above, amountCents: 1001 });
    expect(refused).toMatchObject({
      ok: false,
      message: expect.stringContaining('greater than the original'),
    });
    expect(await live.holdState(above)).toEqual({ status: 'held', amountCents: 1000 });

    expect(await live.captureHold({ transactionId: above, amountCents: 1000 })).toEqual({ ok: true });
    expect(await live.captureHold({ transactionId: above, amountCents: 1000 })).toMatchObject({ ok: false });
    expect(double.transactions.get(above)?.amount).toBe('10.00');

    const voided = await heldId(live, 500);
    expect(await live.voidHold(voided)).toEqual({ ok: true });
    expect(await live.voidHold(voided)).toMatchObject({ ok: false });
    expect(await live.captureHold({ transactionId: voided, amountCents: 100 })).toMatchObject({ ok: false });
    expect(await live.holdState(voided)).toEqual({ status: 'voided' });
  });

  it('says it cannot tell when the gateway does not answer or knows no such transaction', async () => {
    expect(await live.holdState('123')).toEqual({ status: 'unavailable' });
    double.failNext('500');
    expect(await live.holdState('123')).toEqual({ status: 'unavailable' });
  });

  it('finds a hold whose answer was lost, as a charge is found', async () => {
    const input = hold(2200);
    double.failNext('lost');
    expect((await live.holdCard(input)).status).toBe('unavailable');
    expect(await live.findCharge(input.invoiceNumber, 2200)).toMatchObject({ status: 'approved' });
  });
});

describe('holding a card in the sandbox', () => {
  const sandbox = new SandboxCardGateway(clock);

  it('captures once, at most what was held, and voids once', async () => {
    const id = await heldId(sandbox, 1100);
    expect(await sandbox.captureHold({ transactionId: id, amountCents: 1101 })).toMatchObject({ ok: false });
    expect(await sandbox.captureHold({ transactionId: id, amountCents: 1000 })).toEqual({ ok: true });
    expect(await sandbox.captureHold({ transactionId: id, amountCents: 1000 })).toMatchObject({ ok: false });
    expect(await sandbox.holdState(id)).toEqual({ status: 'captured', amountCents: 1000 });
    const other = await heldId(sandbox, 300);
    expect(await sandbox.voidHold(other)).toEqual({ ok: true });
    expect(await sandbox.voidHold(other)).toMatchObject({ ok: false });
    expect(await sandbox.captureHold({ transactionId: other, amountCents: 100 })).toMatchObject({
      ok: false,
    });
  });
});
