import { describe, expect, it } from 'vitest';
import { ManualClock } from '../clock';
import type { ChargeCardInput, StartWalletPaymentInput } from './gateway';
import { SANDBOX_APPROVED_CARDS, SandboxCardGateway, SandboxWalletGateway } from './sandbox';

const billing = {
  firstName: 'Mei',
  lastName: 'Chen',
  address: '1 Main St',
  city: 'Seattle',
  state: 'WA',
  zip: '98101',
};

function charge(number: string, card: Partial<ChargeCardInput['card']> = {}, zip = '98101'): ChargeCardInput {
  const code = number.startsWith('3') ? '1234' : '123';
  return {
    invoiceNumber: '1',
    amountCents: 500,
    card: { number, expMonth: 6, expYear: 2027, code, ...card },
    billing: { ...billing, zip },
  };
}

describe('sandbox cards', () => {
  const clock = new ManualClock(new Date('2026-01-15T12:00:00Z'));
  const cards = new SandboxCardGateway(clock);
  const declined = { status: 'declined', message: 'This transaction has been declined.', reason: 'declined' };

  it('finds the charges it approved by invoice and amount, and no other', async () => {
    const gateway = new SandboxCardGateway(clock);
    const approved = await gateway.chargeCard({ ...charge('4111111111111111'), invoiceNumber: 'S-1' });
    if (approved.status !== 'approved') throw new Error('not approved');
    await gateway.chargeCard({ ...charge('4000000000000002'), invoiceNumber: 'S-2' });
    expect(await gateway.findCharge('S-1', 500)).toEqual({
      status: 'approved',
      transactionId: approved.transactionId,
      last4: '1111',
    });
    expect(await gateway.findCharge('S-1', 501)).toEqual({ status: 'none' });
    expect(await gateway.findCharge('S-2', 500)).toEqual({ status: 'none' });
  });

  it.each([
    ['4111111111111111', 'Visa'],
    ['4007000000027', 'Visa'],
    ['5424000000000015', 'MasterCard'],
    ['370000000000002', 'AmericanExpress'],
    ['6011000000000012', 'Discover'],
  ])('approves %s (%s)', async (number, brand) => {
    expect(SANDBOX_APPROVED_CARDS).toContain(number);
    const result = await cards.chargeCard(charge(number));
    expect(result).toEqual({
      status: 'approved',
      transactionId: expect.stringMatching(/^\d{12}$/),
      last4: number.slice(-4),
      brand,
    });
  });

  it('declines 4000000000000002 and billing zip 46282', async () => {
    expect(await cards.chargeCard(charge('4000000000000002'))).toEqual(declined);
    expect(await cards.chargeCard(charge('4111111111111111', {}, ' 46282 '))).toEqual(declined);
  });

  it('refuses a failed Luhn check, an expired date and a malformed code', async () => {
    expect(await cards.chargeCard(charge('4111111111111112'))).toEqual({
      status: 'declined',
      message: 'The credit card number is invalid.',
      reason: 'invalid_number',
    });
    expect(await cards.chargeCard(charge('4111111111111111', { expMonth: 12, expYear: 2025 }))).toMatchObject(
      {
        reason: 'expired',
        message: 'The credit card has expired.',
      },
    );
    expect(await cards.chargeCard(charge('4111111111111111', { expMonth: 1, expYear: 26 }))).toMatchObject({
      status: 'approved',
    });
    expect(await cards.chargeCard(charge('4111111111111111', { expMonth: 13 }))).toMatchObject({
      reason: 'expired',
    });
    expect(await cards.chargeCard(charge('4111111111111111', { code: '12' }))).toMatchObject({
      reason: 'invalid_code',
    });
    expect(await cards.chargeCard(charge('4111111111111111', { code: '1234' }))).toMatchObject({
      reason: 'invalid_code',
    });
  });

  it('saves a card as an opaque token that any process can charge', async () => {
    const input = { customerRef: 'u', email: 'm@example.com', holderName: 'Mei Chen' };
    const saved = await new SandboxCardGateway(clock).saveCard({
      ...input,
      card: { number: '5424000000000015', expMonth: 2, expYear: 2026 },
    });
    if (!saved.ok) throw new Error(saved.message);
    expect(saved).toMatchObject({ brand: 'MasterCard', last4: '0015' });
    expect(saved.token).not.toContain('5424000000000015');
    const charge = { invoiceNumber: '2', amountCents: 100, token: saved.token, code: '321' };
    expect(await cards.chargeSavedCard(charge)).toMatchObject({
      status: 'approved',
      last4: '0015',
      brand: 'MasterCard',
    });
    expect(await cards.chargeSavedCard({ ...charge, code: '' })).toMatchObject({ reason: 'invalid_code' });
    expect(await cards.chargeSavedCard({ ...charge, token: 'sandbox.nonsense' })).toMatchObject({
      reason: 'not_found',
    });

    const decliner = await cards.saveCard({
      ...input,
      card: { number: '4000000000000002', expMonth: 2, expYear: 2030 },
    });
    if (!decliner.ok) throw new Error(decliner.message);
    expect(await cards.chargeSavedCard({ ...charge, token: decliner.token })).toEqual(declined);

    const later = new SandboxCardGateway(new ManualClock(new Date('2026-03-01T00:00:00Z')));
    expect(await later.chargeSavedCard(charge)).toMatchObject({ reason: 'expired' });
    expect(
      await cards.saveCard({ ...input, card: { number: '4111111111111113', expMonth: 2, expYear: 2030 } }),
    ).toEqual({
      ok: false,
      message: 'The credit card number is invalid.',
      reason: 'invalid_number',
    });
  });
});

describe('sandbox wallet', () => {
  const clock = new ManualClock(new Date('2026-01-15T12:00:00Z'));
  const options = { publicUrl: 'http://127.0.0.1:3000', secret: 'a secret the shop shares', clock };
  const wallet = new SandboxWalletGateway(options);
  const payment: StartWalletPaymentInput = {
    reference: '20260115123456789',
    amountCents: 1250,
    vendor: 'wechatpay',
    ipnUrl: 'http://127.0.0.1:3000/api/yuansfer/ipn',
    callbackUrl: 'http://127.0.0.1:3000/pay/done',
    goods: [{ name: 'Apples', quantity: 1 }],
  };

  async function tokenOf(gateway = wallet, input = payment): Promise<string> {
    const result = await gateway.startWalletPayment(input);
    if (!result.ok) throw new Error(result.message);
    expect(result.url.startsWith(`${options.publicUrl}/sandbox/pay/`)).toBe(true);
    return result.url.slice(`${options.publicUrl}/sandbox/pay/`.length);
  }

  it('links to our own pay page with a short signed token', async () => {
    const token = await tokenOf();
    expect(token.length).toBeLessThan(200);
    expect(wallet.sandboxPaymentDetails(token)).toEqual({
      reference: payment.reference,
      amountCents: 1250,
      vendor: 'wechatpay',
      expiresAt: new Date('2026-01-15T12:30:00Z'),
    });
  });

  it('refuses altered, foreign and expired tokens', async () => {
    const token = await tokenOf();
    const [body, mac] = token.split('.') as [string, string];
    const altered = Buffer.from(Buffer.from(body, 'base64url').toString().replace('1250', '1')).toString(
      'base64url',
    );
    expect(wallet.sandboxPaymentDetails(`${altered}.${mac}`)).toBeUndefined();
    expect(wallet.sandboxPaymentDetails(`${body}.${mac.slice(1)}x`)).toBeUndefined();
    expect(wallet.sandboxPaymentDetails('garbage')).toBeUndefined();
    expect(
      new SandboxWalletGateway({ ...options, secret: 'another shop entirely' }).sandboxPaymentDetails(token),
    ).toBeUndefined();
    const later = new SandboxWalletGateway({
      ...options,
      clock: new ManualClock(new Date('2026-01-15T12:31:00Z')),
    });
    expect(later.sandboxPaymentDetails(token)).toBeUndefined();
  });

  it('produces notifications the Yuansfer path verifies, in any process sharing the secret', async () => {
    const token = await tokenOf();
    const form = wallet.sandboxNotification(token, 'paid');
    expect(form).toMatchObject({
      reference: payment.reference,
      amount: '12.50',
      currency: 'USD',
      status: 'success',
    });
    const otherProcess = new SandboxWalletGateway(options);
    const notification = otherProcess.verifyNotification(form as Record<string, string>);
    expect(notification).toMatchObject({
      reference: payment.reference,
      status: 'success',
      amountCents: 1250,
    });
    expect(wallet.sandboxNotification(token, 'paid')?.transactionNo).toBe(notification?.transactionNo);
    expect(
      wallet.verifyNotification({ ...(form as Record<string, string>), amount: '0.01' }),
    ).toBeUndefined();
    const failed = wallet.sandboxNotification(token, 'failed') as Record<string, string>;
    expect(wallet.verifyNotification(failed)?.status).toBe('failed');
    expect(
      new SandboxWalletGateway({ ...options, secret: 'another shop entirely' }).verifyNotification(failed),
    ).toBeUndefined();
  });

  it('answers queries for what this process has seen, and cannot say otherwise', async () => {
    const gateway = new SandboxWalletGateway(options);
    const token = await tokenOf(gateway, { ...payment, reference: 'R-1' });
    expect(await gateway.queryTransaction('R-1')).toMatchObject({ status: 'pending', amountCents: 1250 });
    gateway.sandboxNotification(token, 'paid');
    expect(await gateway.queryTransaction('R-1')).toMatchObject({ status: 'paid', currency: 'USD' });
    expect(await gateway.queryTransaction('unknown')).toBeUndefined();
    expect(await gateway.refundWallet({ reference: 'R-1', amountCents: 1250 })).toEqual({ ok: true });
  });
});
