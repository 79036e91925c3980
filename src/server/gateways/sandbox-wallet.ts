import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { centsToDecimalString } from '#shared/money';
import type { Clock } from '../clock';
import { assertChargeableCents } from './card-rules';
import type {
  GatewayOutcome,
  SandboxPaymentDetails,
  SandboxWalletPages,
  StartWalletPaymentInput,
  StartWalletPaymentResult,
  WalletGateway,
  WalletNotification,
  WalletRefundInput,
  WalletTransaction,
  WalletVendor,
} from './gateway';
import { parseYuansferNotification, yuansferTime } from './yuansfer-notification';
import { signYuansferFields } from './yuansfer-sign';

export interface SandboxWalletOptions {
  /** The shop's own URL: the pay page is served at `${publicUrl}/sandbox/pay/<token>`. */
  publicUrl: string;
  /** Shared by every process of one shop, so a link made by one is good on all. */
  secret: string;
  clock: Clock;
}

const TOKEN_TTL_MS = 30 * 60_000;
const MAX_REMEMBERED = 10_000;
const VENDORS: readonly WalletVendor[] = ['wechatpay', 'alipay', 'creditcard'];

interface TokenPayload {
  r: string;
  a: number;
  v: WalletVendor;
  x: number;
}

function isTokenPayload(value: unknown): value is TokenPayload {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  return (
    typeof p.r === 'string' &&
    p.r !== '' &&
    Number.isSafeInteger(p.a) &&
    (p.a as number) > 0 &&
    VENDORS.includes(p.v as WalletVendor) &&
    Number.isSafeInteger(p.x)
  );
}

/**
 * The built-in wallet: instead of a cashier page elsewhere, a page of our own whose "Pay" and
 * "Fail" buttons produce the notification Yuansfer would send, signed the same way, so one
 * `verifyNotification` path serves both modes. Tokens are HMAC-signed and short enough for a
 * path parameter; they carry reference, amount, vendor and expiry, not the IPN or return URLs.
 *
 * `queryTransaction` knows only what this process started or notified (a bounded in-memory map);
 * for anything else it answers undefined, "cannot say". That is enough here because the sandbox
 * delivers its notification at once, while the shopper waits on the page.
 */
export class SandboxWalletGateway implements WalletGateway, SandboxWalletPages {
  private readonly secret: Buffer;
  /** Plays the part of the merchant's Yuansfer token in `verifySign`. */
  private readonly signingToken: string;
  private readonly known = new Map<string, WalletTransaction>();

  constructor(private readonly options: SandboxWalletOptions) {
    if (options.secret.length < 16)
      throw new Error('the sandbox wallet needs a secret of 16 characters or more');
    this.secret = createHash('sha256').update(`sandbox-wallet:${options.secret}`).digest();
    this.signingToken = createHmac('sha256', this.secret).update('yuansfer-token').digest('hex');
  }

  /** A signed link to the sandbox pay page; nothing leaves the process. */
  async startWalletPayment(input: StartWalletPaymentInput): Promise<StartWalletPaymentResult> {
    assertChargeableCents(input.amountCents);
    const expires = this.options.clock.now().getTime() + TOKEN_TTL_MS;
    const payload: TokenPayload = {
      r: input.reference,
      a: input.amountCents,
      v: input.vendor,
      x: Math.floor(expires / 1000),
    };
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    this.remember(input.reference, 'pending', input.amountCents);
    return { ok: true, url: `${this.options.publicUrl}/sandbox/pay/${body}.${this.mac(body)}` };
  }

  verifyNotification(form: Record<string, string>): WalletNotification | undefined {
    return parseYuansferNotification(form, this.signingToken);
  }

  async queryTransaction(reference: string): Promise<WalletTransaction | undefined> {
    return this.known.get(reference);
  }

  async refundWallet(input: WalletRefundInput): Promise<GatewayOutcome> {
    assertChargeableCents(input.amountCents);
    return { ok: true };
  }

  /** The payment behind a pay-page token; undefined when forged, altered or expired. */
  sandboxPaymentDetails(token: string): SandboxPaymentDetails | undefined {
    const [body, mac, extra] = token.split('.');
    if (!body || !mac || extra !== undefined) return undefined;
    const expected = Buffer.from(this.mac(body));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    let payload: unknown;
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return undefined;
    }
    if (!isTokenPayload(payload)) return undefined;
    const expiresAt = new Date(payload.x * 1000);
    if (expiresAt.getTime() <= this.options.clock.now().getTime()) return undefined;
    return { reference: payload.r, amountCents: payload.a, vendor: payload.v, expiresAt };
  }

  /**
   * The IPN form for the page's button: the fields Yuansfer posts, with its `verifySign`.
   * The same token always yields the same transactionNo, so a second press is a replay.
   */
  sandboxNotification(token: string, outcome: 'paid' | 'failed'): Record<string, string> | undefined {
    const details = this.sandboxPaymentDetails(token);
    if (!details) return undefined;
    const status = outcome === 'paid' ? 'success' : 'failed';
    this.remember(details.reference, outcome === 'paid' ? 'paid' : 'failed', details.amountCents);
    return signYuansferFields(
      {
        transactionNo: this.transactionNoOf(details.reference),
        status,
        amount: centsToDecimalString(details.amountCents),
        currency: 'USD',
        settleCurrency: 'USD',
        time: yuansferTime(this.options.clock.now()),
        reference: details.reference,
      },
      this.signingToken,
    );
  }

  private mac(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest().subarray(0, 16).toString('base64url');
  }

  /** 18 digits, like Yuansfer's, fixed per reference. */
  private transactionNoOf(reference: string): string {
    const digest = createHmac('sha256', this.secret).update(`txn:${reference}`).digest();
    return (digest.readBigUInt64BE(0) % 10n ** 18n).toString().padStart(18, '0');
  }

  private remember(reference: string, status: WalletTransaction['status'], amountCents: number): void {
    this.known.delete(reference);
    this.known.set(reference, {
      status,
      amountCents,
      currency: 'USD',
      transactionNo: this.transactionNoOf(reference),
    });
    if (this.known.size > MAX_REMEMBERED) {
      const oldest = this.known.keys().next().value;
      if (oldest !== undefined) this.known.delete(oldest);
    }
  }
}
