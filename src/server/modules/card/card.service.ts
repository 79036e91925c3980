import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { creditCards } from '#server/db/schema';
import { AppError, BadInput, NotFound } from '#server/errors';
import { precheckCard } from '#server/gateways/card-rules';
import type { CardGateway, SaveCardInput, SaveCardResult } from '#server/gateways/gateway';
import { formatExpiry, maskedCardNumber, type SavedCard } from '#shared/schemas/card';
import { type CardTrier, type CardTry, reserveCardTry, settleCardTry } from './card.tries';

export type CardRow = typeof creditCards.$inferSelect;

/** A card as the form sent it; the number and code go to the gateway and nowhere else. */
export interface CardInput {
  number: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  holderName: string;
  code?: string;
}

/** The shopper a card is saved for: the gateway keeps one customer per shopper. */
export interface CardOwner {
  id: number;
  uuid: string;
  email: string;
}

export interface CardServiceDeps {
  db: Db;
  clock: Clock;
  card: CardGateway;
  /** Which gateway holds the tokens (`sandbox` or `live`). */
  gateway: string;
}

/** One of the shopper's saved cards; someone else's answers 404 as if it did not exist. */
export async function ownCard(db: Db, userId: number, uuid: string): Promise<CardRow> {
  const [row] = await db
    .select()
    .from(creditCards)
    .where(and(eq(creditCards.uuid, uuid), eq(creditCards.userId, userId)));
  if (!row) throw new NotFound('errors:card.notFound');
  return row;
}

function savedCardOf(row: CardRow): SavedCard {
  return {
    uuid: row.uuid,
    brand: row.brand,
    last4: row.last4,
    card_no: maskedCardNumber(row.last4),
    expiration_time: formatExpiry(row.expMonth, row.expYear),
    name: row.holderName,
  };
}

/**
 * The refusals the shop words itself, before any gateway is asked: a number that fails Luhn, an
 * expiry already past, a malformed security code. They tell a card tester nothing new.
 */
function assertCardPlausible(input: CardInput, now: Date): void {
  const refused = precheckCard(input, now, false);
  if (refused?.status === 'declined') {
    throw new BadInput('errors:card.refused', {
      message: { key: `errors:payment.decline.${refused.reason}` },
    });
  }
}

/**
 * The gateway's refusal as the shopper sees it: one text whatever the gateway said (its reasons
 * would help a card tester; the adapter logs them), or 503 when it could not be asked.
 */
function refusal(result: Extract<SaveCardResult, { ok: false }>): AppError {
  if (result.unavailable) return new AppError(503, 'errors:payment.unavailable');
  return new BadInput('errors:card.notSaved');
}

/**
 * Saved cards (docs/architecture.md §6): the gateway keeps the card and answers a token; the shop keeps the
 * token with what a shopper recognises (brand, last four digits, expiry, holder), never the number.
 */
export class CardService {
  constructor(private readonly deps: CardServiceDeps) {}

  /** The shopper's cards, newest first. */
  async list(userId: number): Promise<SavedCard[]> {
    const rows = await this.deps.db
      .select()
      .from(creditCards)
      .where(eq(creditCards.userId, userId))
      .orderBy(desc(creditCards.createdAt), desc(creditCards.id));
    return rows.map(savedCardOf);
  }

  /**
   * Saves a card at the gateway and keeps its token. The try is reserved first (see
   * reserveCardTry): 409 when the shopper already keeps SAVED_CARDS_MAX cards, 429 past the limit.
   */
  async add(owner: CardOwner, input: CardInput, clientKey: string): Promise<SavedCard> {
    const { db, clock } = this.deps;
    assertCardPlausible(input, clock.now());
    const tried = await reserveCardTry(db, { userId: owner.id, clientKey }, 'add', clock.now());
    const saved = await this.deps.card.saveCard(this.saveInput(owner, input));
    if (!saved.ok) throw await this.refused(tried, saved);
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(creditCards)
        .values({
          uuid: randomUUID(),
          userId: owner.id,
          gateway: this.deps.gateway,
          ...this.cardFields(input, saved),
          createdAt: clock.now(),
        })
        .returning();
      await settleCardTry(tx, tried, 'approved');
      return inserted;
    });
    if (!row) throw new Error('saved card row missing');
    return savedCardOf(row);
  }

  /** Editing replaces the card: the gateway saves the new one and forgets the old token. */
  async replace(owner: CardOwner, uuid: string, input: CardInput, clientKey: string): Promise<SavedCard> {
    const { db, clock } = this.deps;
    const current = await ownCard(db, owner.id, uuid);
    assertCardPlausible(input, clock.now());
    const trier: CardTrier = { userId: owner.id, clientKey };
    const tried = await reserveCardTry(db, trier, 'replace', clock.now());
    const saved = await this.deps.card.replaceCard(current.token, this.saveInput(owner, input));
    if (!saved.ok) throw await this.refused(tried, saved);
    await settleCardTry(db, tried, 'approved');
    const [row] = await db
      .update(creditCards)
      .set({ gateway: this.deps.gateway, ...this.cardFields(input, saved) })
      .where(and(eq(creditCards.id, current.id), eq(creditCards.userId, owner.id)))
      .returning();
    if (!row) throw new NotFound('errors:card.notFound');
    return savedCardOf(row);
  }

  /** Forgets the card at the gateway, then here; when the gateway cannot be reached, it stays. */
  async remove(userId: number, uuid: string): Promise<void> {
    const current = await ownCard(this.deps.db, userId, uuid);
    const deleted = await this.deps.card.deleteCard(current.token);
    if (!deleted.ok && deleted.unavailable) throw new AppError(503, 'errors:payment.unavailable');
    await this.deps.db
      .delete(creditCards)
      .where(and(eq(creditCards.id, current.id), eq(creditCards.userId, userId)));
  }

  /** Settles a refused try (an unavailable gateway does not count) and answers the error to throw. */
  private async refused(tried: CardTry, result: Extract<SaveCardResult, { ok: false }>): Promise<AppError> {
    await settleCardTry(this.deps.db, tried, result.unavailable ? 'unavailable' : 'refused');
    return refusal(result);
  }

  private cardFields(input: CardInput, saved: Extract<SaveCardResult, { ok: true }>) {
    return {
      token: saved.token,
      brand: saved.brand,
      last4: saved.last4,
      expMonth: input.expMonth,
      expYear: input.expYear,
      holderName: input.holderName,
    };
  }

  private saveInput(owner: CardOwner, input: CardInput): SaveCardInput {
    return {
      customerRef: owner.uuid,
      email: owner.email,
      card: {
        number: input.number,
        expMonth: input.expMonth,
        expYear: input.expYear,
        ...(input.code ? { code: input.code } : {}),
      },
      holderName: input.holderName,
    };
  }
}
