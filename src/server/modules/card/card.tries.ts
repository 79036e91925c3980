import { and, eq, gt, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client';
import { cardTries, creditCards } from '#server/db/schema';
import { Conflict, TooManyRequests } from '#server/errors';

/**
 * The card-testing limit. Every call that shows a card to the gateway — saving one, replacing one,
 * paying with a typed-in or a saved card — reserves a try here first, atomically, and the gateway
 * is asked only when the reservation succeeds. Refused tries, and tries still waiting for their
 * answer (or left behind by a crash), count for CARD_TRIES_WINDOW_MS; approved and unavailable
 * ones stop counting at once.
 */

/** Card tries a shopper may have counting at once. */
export const CARD_TRIES_PER_SHOPPER = 10;
/** Card tries one client (an IPv4 address or an IPv6 /64) may have counting at once, whoever signs in. */
export const CARD_TRIES_PER_CLIENT = 30;
/** How long a refused (or unfinished) try counts. */
export const CARD_TRIES_WINDOW_MS = 15 * 60_000;
/** Saved cards a shopper may keep. */
export const SAVED_CARDS_MAX = 10;

/** `add` saves a new card (and so also counts against SAVED_CARDS_MAX while it runs). */
export type CardTryKind = 'add' | 'replace' | 'pay';
/** How a try ended at the gateway. */
export type CardTryOutcome = 'approved' | 'refused' | 'unavailable';

/** Who tries a card: the signed-in shopper, and the client the request came from (see clientKey). */
export interface CardTrier {
  userId: number;
  clientKey: string;
}

/** A reserved try, to settle with settleCardTry once the gateway answered. */
export interface CardTry {
  id: number;
  /** Set by settleCardTry: nothing is left for releaseCardTry to do. */
  settled?: boolean;
}

/** Serialises the reservations of one key across transactions and processes (PGlite and PostgreSQL). */
async function lockKey(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/** What counts now, read in one statement so every figure is read at the same moment. */
function countsOf(tx: Tx, who: CardTrier, since: Date) {
  const mine = sql`${cardTries.userId} = ${who.userId}`;
  const client = sql`${cardTries.clientKey} = ${who.clientKey}`;
  return tx
    .select({
      shopper: sql<number>`count(*) filter (where ${mine})`.mapWith(Number),
      shopperOldest: sql<Date | null>`min(${cardTries.createdAt}) filter (where ${mine})`.mapWith(
        cardTries.createdAt,
      ),
      client: sql<number>`count(*) filter (where ${client})`.mapWith(Number),
      clientOldest: sql<Date | null>`min(${cardTries.createdAt}) filter (where ${client})`.mapWith(
        cardTries.createdAt,
      ),
      adding: sql<number>`count(*) filter (where ${mine} and ${cardTries.kind} = 'add'
        and ${cardTries.outcome} = 'pending')`.mapWith(Number),
      cards: sql<number>`(select count(*) from ${creditCards}
        where ${creditCards.userId} = ${who.userId})`.mapWith(Number),
    })
    .from(cardTries)
    .where(
      and(
        gt(cardTries.createdAt, since),
        or(eq(cardTries.userId, who.userId), eq(cardTries.clientKey, who.clientKey)),
      ),
    );
}

/** The 429 when `count` tries reach `limit`: wait until the oldest of them leaves the window. */
function assertUnder(count: number, limit: number, oldest: Date | null, now: Date): void {
  if (count < limit) return;
  const leaves = (oldest ?? now).getTime() + CARD_TRIES_WINDOW_MS;
  throw new TooManyRequests(Math.max(1, Math.ceil((leaves - now.getTime()) / 1000)));
}

function cardsFull(): Conflict {
  return new Conflict('errors:card.tooMany', { max: SAVED_CARDS_MAX });
}

/**
 * Reserves one card try before the gateway is asked, or refuses: 409 when an `add` would pass
 * SAVED_CARDS_MAX (counting the adds still running), 429 (Retry-After) when the shopper or the
 * client has reached its limit. The shopper's lock is always taken before the client's, so two
 * reservations never wait for each other in a circle; the counts use card_tries' two indexes and
 * never grow with a shopper's history. The key's tries that left the window are pruned meanwhile.
 */
export async function reserveCardTry(db: Db, who: CardTrier, kind: CardTryKind, now: Date): Promise<CardTry> {
  const since = new Date(now.getTime() - CARD_TRIES_WINDOW_MS);
  return db.transaction(async (tx) => {
    await lockKey(tx, `card-tries:user:${who.userId}`);
    await lockKey(tx, `card-tries:client:${who.clientKey}`);
    const [counts] = await countsOf(tx, who, since);
    if (!counts) throw new Error('card tries not counted');
    if (kind === 'add' && counts.cards >= SAVED_CARDS_MAX) throw cardsFull();
    assertUnder(counts.shopper, CARD_TRIES_PER_SHOPPER, counts.shopperOldest, now);
    assertUnder(counts.client, CARD_TRIES_PER_CLIENT, counts.clientOldest, now);
    if (kind === 'add' && counts.cards + counts.adding >= SAVED_CARDS_MAX) throw cardsFull();
    await tx
      .delete(cardTries)
      .where(
        and(
          lte(cardTries.createdAt, since),
          or(eq(cardTries.userId, who.userId), eq(cardTries.clientKey, who.clientKey)),
        ),
      );
    const [row] = await tx
      .insert(cardTries)
      .values({ userId: who.userId, clientKey: who.clientKey, kind, outcome: 'pending', createdAt: now })
      .returning({ id: cardTries.id });
    if (!row) throw new Error('card try not recorded');
    return row;
  });
}

/**
 * Records how a try ended: a refused one keeps counting until the window passes; an approved or
 * unavailable one is forgotten. An approved `add` is settled in the transaction that stores the
 * card, so a reservation counting against the cap always sees the card or its pending try.
 */
export async function settleCardTry(db: Db | Tx, tried: CardTry, outcome: CardTryOutcome): Promise<void> {
  const mine = and(eq(cardTries.id, tried.id), eq(cardTries.outcome, 'pending'));
  if (outcome === 'refused') await db.update(cardTries).set({ outcome: 'refused' }).where(mine);
  else await db.delete(cardTries).where(mine);
  tried.settled = true;
}

/** Forgets a try that never reached the gateway (the order was busy, or paid meanwhile); a settled one stays. */
export async function releaseCardTry(db: Db, tried: CardTry): Promise<void> {
  if (tried.settled) return;
  await db.delete(cardTries).where(and(eq(cardTries.id, tried.id), eq(cardTries.outcome, 'pending')));
}
