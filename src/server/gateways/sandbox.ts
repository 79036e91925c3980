import { randomBytes, randomInt } from 'node:crypto';
import { cardNumberDigits } from '#shared/schemas/card';
import type { Clock } from '../clock';
import {
  assertChargeableCents,
  cardBrandOf,
  declined,
  expirationDateOf,
  isExpired,
  isValidCardCode,
  lastFour,
  precheckCard,
} from './card-rules';
import type {
  CaptureInput,
  CardBrand,
  CardChargeResult,
  CardGateway,
  ChargeCardInput,
  ChargeSavedCardInput,
  FoundCharge,
  GatewayOutcome,
  HoldState,
  RefundCardInput,
  SaveCardInput,
  SaveCardResult,
} from './gateway';

export { SandboxWalletGateway } from './sandbox-wallet';

/** Cards the sandbox declines as Authorize.Net's sandbox does: this number, or billing zip 46282. */
export const SANDBOX_DECLINED_CARD = '4000000000000002';
export const SANDBOX_DECLINED_ZIP = '46282';

/** Test cards that approve (any other number that passes Luhn approves too, as in Authorize.Net's sandbox). */
export const SANDBOX_APPROVED_CARDS = [
  '4111111111111111',
  '4007000000027',
  '5424000000000015',
  '370000000000002',
  '6011000000000012',
] as const;

/**
 * A saved card in the sandbox is an opaque token that carries what a charge needs to know, so any
 * process can read it without shared memory: sandbox.<random>.<last4>.<YYYY-MM>.<a|d>.<brand>.
 */
interface SandboxCardToken {
  last4: string;
  expiration: string;
  declines: boolean;
  brand: CardBrand;
}

function sandboxTokenOf(card: SaveCardInput['card'], billingZip: string | undefined): string {
  const number = cardNumberDigits(card.number);
  const declines = number === SANDBOX_DECLINED_CARD || billingZip?.trim() === SANDBOX_DECLINED_ZIP;
  const expiration = expirationDateOf(card.expMonth, card.expYear);
  const parts = [randomBytes(12).toString('hex'), lastFour(number), expiration, declines ? 'd' : 'a'];
  return `sandbox.${parts.join('.')}.${cardBrandOf(number)}`;
}

function parseSandboxToken(token: string): SandboxCardToken | undefined {
  const match = /^sandbox\.[0-9a-f]{24}\.(\d{4})\.(\d{4}-\d{2})\.([ad])\.([A-Za-z]+)$/.exec(token);
  if (!match) return undefined;
  const [, last4, expiration, flag, brand] = match as unknown as [string, string, string, string, CardBrand];
  return { last4, expiration, declines: flag === 'd', brand };
}

/** Authorize.Net-like transaction ids: 12 digits. */
function sandboxTransactionId(): string {
  return String(randomInt(100_000_000_000, 999_999_999_999));
}

interface SandboxHold {
  heldCents: number;
  state: 'held' | 'captured' | 'voided';
  capturedCents: number;
}

/** How many approved charges the sandbox remembers for findCharge. */
const REMEMBERED_CHARGES = 10_000;
/** A charge as findCharge looks it up: the invoice as Authorize.Net keeps it (20 characters), and the amount. */
const chargeKey = (invoiceNumber: string, amountCents: number) =>
  `${invoiceNumber.slice(0, 20)} ${amountCents}`;

/** The built-in card gateway: no network, Authorize.Net's sandbox rules (docs/architecture.md §6). */
export class SandboxCardGateway implements CardGateway {
  /** Approved charges by invoice and amount, newest last. In this process's memory only, like the money. */
  private readonly charges = new Map<string, { transactionId: string; last4: string }>();
  /** Holds by transaction id, as Authorize.Net keeps them: held, captured (once) or voided (once). */
  private readonly holds = new Map<string, SandboxHold>();

  constructor(private readonly clock: Clock) {}

  async holdCard(input: ChargeCardInput): Promise<CardChargeResult> {
    return this.held(input.amountCents, await this.chargeCard(input));
  }

  async holdSavedCard(input: ChargeSavedCardInput): Promise<CardChargeResult> {
    return this.held(input.amountCents, await this.chargeSavedCard(input));
  }

  private held(amountCents: number, result: CardChargeResult): CardChargeResult {
    if (result.status === 'approved') {
      this.holds.set(result.transactionId, { heldCents: amountCents, state: 'held', capturedCents: 0 });
      if (this.holds.size > REMEMBERED_CHARGES) this.holds.delete(this.holds.keys().next().value as string);
    }
    return result;
  }

  /**
   * Once, for at most what was held. A hold this process never made (one from before a restart:
   * the sandbox's money lives in memory) is taken as held for any amount, so a demo shop restarted
   * between payment and packing can still finish the order.
   */
  async captureHold(input: CaptureInput): Promise<GatewayOutcome> {
    assertChargeableCents(input.amountCents);
    const hold = this.holds.get(input.transactionId) ?? {
      heldCents: input.amountCents,
      state: 'held' as const,
      capturedCents: 0,
    };
    if (hold.state !== 'held') return { ok: false, message: 'The transaction cannot be found.' };
    if (input.amountCents > hold.heldCents) {
      return {
        ok: false,
        message: 'The amount requested for settlement cannot be greater than the original amount authorized.',
      };
    }
    this.holds.set(input.transactionId, { ...hold, state: 'captured', capturedCents: input.amountCents });
    return { ok: true };
  }

  async voidHold(transactionId: string): Promise<GatewayOutcome> {
    const hold = this.holds.get(transactionId);
    if (hold && hold.state !== 'held') {
      return { ok: false, message: 'The referenced transaction cannot be voided.' };
    }
    this.holds.set(transactionId, { heldCents: hold?.heldCents ?? 0, state: 'voided', capturedCents: 0 });
    return { ok: true };
  }

  async holdState(transactionId: string): Promise<HoldState> {
    const hold = this.holds.get(transactionId);
    if (!hold) return { status: 'unavailable' };
    if (hold.state === 'held') return { status: 'held', amountCents: hold.heldCents };
    if (hold.state === 'captured') return { status: 'captured', amountCents: hold.capturedCents };
    return { status: 'voided' };
  }

  private approved(invoiceNumber: string, amountCents: number, last4: string, brand: CardBrand) {
    const transactionId = sandboxTransactionId();
    const key = chargeKey(invoiceNumber, amountCents);
    this.charges.delete(key);
    this.charges.set(key, { transactionId, last4 });
    if (this.charges.size > REMEMBERED_CHARGES)
      this.charges.delete(this.charges.keys().next().value as string);
    return { status: 'approved' as const, transactionId, last4, brand };
  }

  /** Charges this process approved; a sandbox charge made before a restart is gone with it. */
  async findCharge(invoiceNumber: string, amountCents: number): Promise<FoundCharge> {
    const charge = this.charges.get(chargeKey(invoiceNumber, amountCents));
    return charge ? { status: 'approved', ...charge } : { status: 'none' };
  }

  /** Luhn, expiry and code checked; the decline card or zip 46282 declines; the rest approves. */
  async chargeCard(input: ChargeCardInput): Promise<CardChargeResult> {
    assertChargeableCents(input.amountCents);
    const refused = precheckCard(input.card, this.clock.now(), true);
    if (refused) return refused;
    const number = cardNumberDigits(input.card.number);
    if (number === SANDBOX_DECLINED_CARD || input.billing.zip.trim() === SANDBOX_DECLINED_ZIP) {
      return declined('declined');
    }
    return this.approved(input.invoiceNumber, input.amountCents, lastFour(number), cardBrandOf(number));
  }

  /** A saved decline card (or one saved with zip 46282) declines here, as it would at the gateway. */
  async chargeSavedCard(input: ChargeSavedCardInput): Promise<CardChargeResult> {
    assertChargeableCents(input.amountCents);
    const saved = parseSandboxToken(input.token);
    if (!saved) return declined('not_found');
    const [year, month] = saved.expiration.split('-').map(Number) as [number, number];
    if (isExpired(month, year, this.clock.now())) return declined('expired');
    const probe = saved.brand === 'AmericanExpress' ? '34' : '4';
    if (!isValidCardCode(input.code, probe)) return declined('invalid_code');
    if (saved.declines) return declined('declined');
    return this.approved(input.invoiceNumber, input.amountCents, saved.last4, saved.brand);
  }

  /** Any card that passes Luhn and is not expired is saved; the decline card declines when charged. */
  async saveCard(input: SaveCardInput): Promise<SaveCardResult> {
    const refused = precheckCard(input.card, this.clock.now(), false);
    if (refused?.status === 'declined')
      return { ok: false, message: refused.message, reason: refused.reason };
    const number = cardNumberDigits(input.card.number);
    const token = sandboxTokenOf(input.card, input.billing?.zip);
    return { ok: true, token, brand: cardBrandOf(number), last4: lastFour(number) };
  }

  replaceCard(_token: string, input: SaveCardInput): Promise<SaveCardResult> {
    return this.saveCard(input);
  }

  async deleteCard(_token: string): Promise<GatewayOutcome> {
    return { ok: true };
  }

  async refundCard(input: RefundCardInput): Promise<GatewayOutcome> {
    assertChargeableCents(input.amountCents);
    if (!/^\d{4}$/.test(input.last4)) throw new RangeError('refundCard needs the last four digits');
    return { ok: true };
  }
}
