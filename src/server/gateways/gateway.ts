import type { Clock } from '../clock';

/**
 * What the shop asks of a payment gateway, and what it answers: types only, so the gateways and
 * their callers import them without importing each other. `create-gateways.ts` picks the
 * implementations.
 */

/** The three wallets the pay page offers (spec: vendors creditcard, wechatpay, alipay). */
export type WalletVendor = 'wechatpay' | 'alipay' | 'creditcard';

export interface StartWalletPaymentInput {
  /** The order number, plus an attempt suffix when a payment is retried. */
  reference: string;
  amountCents: number;
  vendor: WalletVendor;
  /** Our notification endpoint; the gateway posts the signed result there. */
  ipnUrl: string;
  /** Where the shopper's browser returns; it never changes an order by itself. */
  callbackUrl: string;
  goods: { name: string; quantity: number }[];
  /** ONLINE for desktop browsers, WAP for phones; ONLINE by default. */
  terminal?: 'ONLINE' | 'WAP';
  /** How long the cashier page stays payable, in minutes; 10 by default, as orders expire then. */
  timeoutMinutes?: number;
}

/** `unavailable` is set when the gateway did not answer (timeout, 5xx, garbage): retrying is safe. */
export type StartWalletPaymentResult =
  | { ok: true; url: string }
  | { ok: false; message: string; unavailable?: true };

/** Yuansfer's statuses folded into what the shop acts on. */
export type WalletNotificationStatus = 'success' | 'pending' | 'failed' | 'closed' | 'other';

/** A notification whose signature checked out. Amount and currency still have to match the order. */
export interface WalletNotification {
  reference: string;
  transactionNo: string;
  status: WalletNotificationStatus;
  /** The status exactly as the gateway sent it, for the log. */
  rawStatus: string;
  amountCents: number;
  currency: string;
}

export interface WalletTransaction {
  status: 'paid' | 'pending' | 'failed';
  amountCents: number;
  currency: string;
  transactionNo: string;
}

export type WalletRefundInput =
  | { reference: string; transactionNo?: undefined; amountCents: number }
  | { transactionNo: string; reference?: undefined; amountCents: number };

export type GatewayOutcome = { ok: true } | { ok: false; message: string; unavailable?: true };

export interface WalletGateway {
  /** Asks for a cashier page for one payment; answers its URL or the gateway's message. */
  startWalletPayment(input: StartWalletPaymentInput): Promise<StartWalletPaymentResult>;
  /** The notification when its signature is right (constant-time check); undefined when forged, tampered or malformed. */
  verifyNotification(form: Record<string, string>): WalletNotification | undefined;
  /** What the gateway says about a payment now; undefined when it cannot say (unknown, unreachable). */
  queryTransaction(reference: string): Promise<WalletTransaction | undefined>;
  /** Gives `amountCents` of a wallet payment back. */
  refundWallet(input: WalletRefundInput): Promise<GatewayOutcome>;
}

/** Card brands as Authorize.Net names them in `accountType`. */
export type CardBrand =
  | 'Visa'
  | 'MasterCard'
  | 'AmericanExpress'
  | 'Discover'
  | 'JCB'
  | 'DinersClub'
  | 'Unknown';

export interface CardDetails {
  /** Digits; spaces and dashes are ignored. Never logged, never returned. */
  number: string;
  expMonth: number;
  /** Four digits (two are read as 20YY). */
  expYear: number;
  /** The security code. Never logged, never stored. */
  code: string;
}

export interface BillingAddress {
  firstName: string;
  lastName: string;
  address: string;
  city: string;
  state: string;
  zip: string;
}

export interface ChargeCardInput {
  /** The order number (Authorize.Net keeps up to 20 characters). */
  invoiceNumber: string;
  amountCents: number;
  card: CardDetails;
  billing: BillingAddress;
}

export interface ChargeSavedCardInput {
  invoiceNumber: string;
  amountCents: number;
  /** The token `saveCard` answered. */
  token: string;
  /** The security code, asked again at each payment. */
  code: string;
}

/** Why a card was refused, so the caller can word it in the shopper's language. */
export type DeclineReason = 'declined' | 'invalid_number' | 'expired' | 'invalid_code' | 'not_found';

/**
 * `unavailable`: the gateway timed out, failed or answered something unreadable. Nothing is known to
 * be charged; the order stays pending and trying again is safe (Authorize.Net's duplicate window
 * refuses a second identical charge within 120 s).
 */
export type CardChargeResult =
  | { status: 'approved'; transactionId: string; last4: string; brand: CardBrand }
  | { status: 'declined'; message: string; reason: DeclineReason }
  | { status: 'unavailable'; message: string };

/**
 * What the gateway says about charges for one invoice: `approved` when it took the money (the
 * latest such charge), `none` when it made no charge, `unavailable` when it could not say.
 */
export type FoundCharge =
  | { status: 'approved'; transactionId: string; last4: string }
  | { status: 'none' }
  | { status: 'unavailable' };

export interface SaveCardInput {
  /** The shopper's user uuid: one gateway customer per shopper. */
  customerRef: string;
  email: string;
  card: Omit<CardDetails, 'code'> & { code?: string };
  holderName: string;
  billing?: BillingAddress;
}

export type SaveCardResult =
  | { ok: true; token: string; brand: CardBrand; last4: string }
  /** `reason` when the card itself was refused for a reason we can name in the shopper's language. */
  | { ok: false; message: string; unavailable?: true; reason?: DeclineReason };

export interface RefundCardInput {
  transactionId: string;
  amountCents: number;
  /** Authorize.Net wants the card's last four digits with a refund. */
  last4: string;
  /** True when `amountCents` is all of the charge: a charge not settled yet is then voided instead. */
  wholeCharge?: boolean;
}

/**
 * A weighed order's card is held, then charged once for the weighed amount (docs/architecture.md §6,
 * Weighed goods). `holdCard`/`holdSavedCard` answer like a charge: `transactionId` names the hold.
 */
export interface CaptureInput {
  transactionId: string;
  /** At most what was held; the gateway refuses more. */
  amountCents: number;
}

/**
 * What the gateway says a hold came to: still `held`, `captured` (for how much), `voided`, or
 * `unavailable` when it could not say (unknown id, unreachable).
 */
export type HoldState =
  | { status: 'held'; amountCents: number }
  | { status: 'captured'; amountCents: number }
  | { status: 'voided' }
  | { status: 'unavailable' };

export interface CardGateway {
  /** Holds `amountCents` on a card without charging it (authorize only). */
  holdCard(input: ChargeCardInput): Promise<CardChargeResult>;
  /** Holds an amount on a saved card. */
  holdSavedCard(input: ChargeSavedCardInput): Promise<CardChargeResult>;
  /** Charges a prior hold once, for at most what was held. */
  captureHold(input: CaptureInput): Promise<GatewayOutcome>;
  /** Releases a hold that was never captured. */
  voidHold(transactionId: string): Promise<GatewayOutcome>;
  /** What became of a hold, for settling an intent whose answer was lost (a crash, a timeout). */
  holdState(transactionId: string): Promise<HoldState>;
  /** Charges a card once (authorise and capture). */
  chargeCard(input: ChargeCardInput): Promise<CardChargeResult>;
  /** Charges a saved card by its token. */
  chargeSavedCard(input: ChargeSavedCardInput): Promise<CardChargeResult>;
  /** Keeps a card at the gateway; answers the token to store instead of the number. */
  saveCard(input: SaveCardInput): Promise<SaveCardResult>;
  /** Editing a card saves the new one and forgets the old: the answer carries a new token. */
  replaceCard(token: string, input: SaveCardInput): Promise<SaveCardResult>;
  /** Forgets a saved card; a card already gone counts as deleted. */
  deleteCard(token: string): Promise<GatewayOutcome>;
  /** Gives money back on a charge (one not settled yet is voided instead, when `wholeCharge`). */
  refundCard(input: RefundCardInput): Promise<GatewayOutcome>;
  /**
   * An approved charge of `amountCents` for this invoice (order number) made lately, if any: how
   * an attempt whose answer never reached the order (a crash, a timeout) is settled afterwards.
   */
  findCharge(invoiceNumber: string, amountCents: number): Promise<FoundCharge>;
}

/** What the sandbox's own pay page needs (see sandbox-wallet.ts). */
export interface SandboxWalletPages {
  /** The payment a `/sandbox/pay/<token>` URL stands for; undefined when forged or expired. */
  sandboxPaymentDetails(token: string): SandboxPaymentDetails | undefined;
  /** The form Yuansfer would post to the IPN URL for this outcome, signed the same way. */
  sandboxNotification(token: string, outcome: 'paid' | 'failed'): Record<string, string> | undefined;
}

export interface SandboxPaymentDetails {
  reference: string;
  amountCents: number;
  vendor: WalletVendor;
  expiresAt: Date;
}

/** The logger methods the gateways use (a pino or Fastify logger fits). */
export interface GatewayLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface GatewayDeps {
  clock: Clock;
  log: GatewayLog;
  /** Defaults to the global fetch. */
  fetch?: typeof fetch;
  /** How long to wait for a gateway; 15 s by default. */
  timeoutMs?: number;
  /**
   * Signs the sandbox's pay-page tokens and notifications: `sandboxWalletSecret(loadShopSecret(config))`,
   * so every process of one shop (and its command line) signs alike and a link made by one is good
   * on all of them.
   */
  sandboxSecret: string;
}

export interface Gateways {
  kind: 'sandbox' | 'live';
  wallet: WalletGateway;
  card: CardGateway;
  /** Present in sandbox mode only. */
  sandbox: SandboxWalletPages | undefined;
}

export const DEFAULT_GATEWAY_TIMEOUT_MS = 15_000;
export const GATEWAY_UNAVAILABLE_MESSAGE = 'The payment service is unavailable, please try again later.';
