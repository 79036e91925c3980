import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { formatExpiry, maskedCardNumber, type SavedCard } from '../../../shared/schemas/card';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { creditCards } from '../../db/schema';
import { AppError, BadInput, NotFound } from '../../errors';
import type { CardGateway, SaveCardInput, SaveCardResult } from '../payment/gateways/gateway';

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

/** The gateway's refusal as an error the shopper can read. */
function refusal(result: Extract<SaveCardResult, { ok: false }>): AppError {
  if (result.unavailable) return new AppError(503, 'errors:payment.unavailable');
  if (result.reason)
    return new BadInput('errors:card.refused', {
      message: { key: `errors:payment.decline.${result.reason}` },
    });
  return new BadInput('errors:card.refused', { message: result.message });
}

/**
 * Saved cards (DESIGN.md §6): the gateway keeps the card and answers a token; the shop keeps the
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

  /** Saves a card at the gateway and keeps its token. */
  async add(owner: CardOwner, input: CardInput): Promise<SavedCard> {
    const saved = await this.deps.card.saveCard(this.saveInput(owner, input));
    if (!saved.ok) throw refusal(saved);
    const [row] = await this.deps.db
      .insert(creditCards)
      .values({
        uuid: randomUUID(),
        userId: owner.id,
        gateway: this.deps.gateway,
        token: saved.token,
        brand: saved.brand,
        last4: saved.last4,
        expMonth: input.expMonth,
        expYear: input.expYear,
        holderName: input.holderName,
        createdAt: this.deps.clock.now(),
      })
      .returning();
    if (!row) throw new Error('saved card row missing');
    return savedCardOf(row);
  }

  /** Editing replaces the card: the gateway saves the new one and forgets the old token. */
  async replace(owner: CardOwner, uuid: string, input: CardInput): Promise<SavedCard> {
    const current = await ownCard(this.deps.db, owner.id, uuid);
    const saved = await this.deps.card.replaceCard(current.token, this.saveInput(owner, input));
    if (!saved.ok) throw refusal(saved);
    const [row] = await this.deps.db
      .update(creditCards)
      .set({
        gateway: this.deps.gateway,
        token: saved.token,
        brand: saved.brand,
        last4: saved.last4,
        expMonth: input.expMonth,
        expYear: input.expYear,
        holderName: input.holderName,
      })
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
