import { and, eq, exists, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import {
  cardTries,
  emailCodes,
  orders,
  payments,
  searchMissClients,
  searchMisses,
  sessions,
  signInClients,
  signInFailures,
} from '#server/db/schema';
import type { OnlyOne } from '#server/db/session-locks';
import { ORDER_STATUS } from '#shared/schemas/order';
import { CODE_TTL_MS } from '../account/account.codes';
import { ADDRESS_WINDOW_MS, FAILURE_WINDOW_MS, KNOWN_CLIENT_MS } from '../account/account.throttle';
import { CARD_TRIES_WINDOW_MS } from '../card/card.tries';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long rows are kept once nothing the shop does reads them any more (SECURITY.md lists these
 * as its retention table). Each is counted from the moment the row stopped mattering, with a
 * generous margin over the longest window that reads it.
 */
export const RETENTION_MS = {
  /** Sessions, from their expiry or revocation: the token works no more; a week answers "who was signed in". */
  sessions: 7 * DAY_MS,
  /** Mailed codes, from creation: past their validity and the hourly caps' window, plus a day. */
  emailCodes: Math.max(CODE_TTL_MS, HOUR_MS) + DAY_MS,
  /** Failed sign-ins, from the try: past the throttle's longest window (the address's), plus a day. */
  signInFailures: Math.max(FAILURE_WINDOW_MS, ADDRESS_WINDOW_MS) + DAY_MS,
  /** A client an address was signed in from, from its last sign-in: past the exemption, plus a day. */
  signInClients: KNOWN_CLIENT_MS + DAY_MS,
  /** Card tries, from the try: past the card-testing window, plus a day. */
  cardTries: CARD_TRIES_WINDOW_MS + DAY_MS,
  /**
   * Wallet attempts still `started` (no notification ever came) on orders no longer pending, from
   * their start. A notification arriving later finds no attempt and is refused, so the money would
   * not be given back automatically: a month is far beyond any gateway's notification retries.
   */
  abandonedWalletAttempts: 30 * DAY_MS,
  /** Searches that found nothing, from their day: the Searches page shows 30 days at most. */
  searchMisses: 90 * DAY_MS,
  /** A client's count of new search terms, from its hour: past the hourly bound, plus a day. */
  searchMissClients: HOUR_MS + DAY_MS,
} as const;

/** How often each process sweeps; the deletes are idempotent, so several processes may overlap. */
export const RETENTION_SWEEP_MS = HOUR_MS;
/** Rows per delete statement: PGlite runs one statement at a time, so each must be short. */
export const RETENTION_BATCH = 500;
/** Statements per table per sweep; what is left waits for the next sweep. */
const MAX_BATCHES = 20;

export interface RetentionReport {
  sessions: number;
  emailCodes: number;
  signInFailures: number;
  signInClients: number;
  cardTries: number;
  abandonedWalletAttempts: number;
  searchMisses: number;
  searchMissClients: number;
}

/** One batch: the ids of at most RETENTION_BATCH matching rows, then a delete of exactly those. */
async function deleteBatch(db: Db, table: PgTable, id: PgColumn, where: SQL | undefined): Promise<number> {
  const batch = db.select({ id }).from(table).where(where).limit(RETENTION_BATCH);
  const deleted = await db.delete(table).where(inArray(id, batch)).returning({ id });
  return deleted.length;
}

/** Batches until one comes back short, or MAX_BATCHES: queries of other requests run in between. */
async function deleteAll(db: Db, table: PgTable, id: PgColumn, where: SQL | undefined): Promise<number> {
  let total = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const n = await deleteBatch(db, table, id, where);
    total += n;
    if (n < RETENTION_BATCH) break;
  }
  return total;
}

const before = (now: Date, ms: number) => new Date(now.getTime() - ms);

/** As deleteAll, for a table keyed by several columns: its rows are named by their `ctid`. */
async function deleteAllByCtid(
  db: Db,
  table: PgTable,
  key: PgColumn,
  where: SQL | undefined,
): Promise<number> {
  let total = 0;
  for (let i = 0; i < MAX_BATCHES; i++) {
    const batch = db.select({ ctid: sql`ctid` }).from(table).where(where).limit(RETENTION_BATCH);
    const n = (await db.delete(table).where(sql`ctid in (${batch})`).returning({ key })).length;
    total += n;
    if (n < RETENTION_BATCH) break;
  }
  return total;
}

function abandonedWalletAttempts(db: Db, now: Date): SQL | undefined {
  const orderClosed = db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, payments.orderId), ne(orders.status, ORDER_STATUS.pending)));
  // Never an attempt with a transaction, or one that succeeded, failed or was refunded: those are
  // the record of money moved, and of money given back.
  return and(
    eq(payments.kind, 'wallet'),
    eq(payments.status, 'started'),
    isNull(payments.transactionId),
    lt(payments.createdAt, before(now, RETENTION_MS.abandonedWalletAttempts)),
    exists(orderClosed),
  );
}

/**
 * Deletes what is past its retention (RETENTION_MS) as of `now`, in short batches. Safe to run in
 * several processes at once: each delete names rows by id and deleting a row twice is nothing.
 */
export async function sweepExpiredRows(db: Db, now: Date): Promise<RetentionReport> {
  const sessionCutoff = before(now, RETENTION_MS.sessions);
  return {
    sessions: await deleteAll(
      db,
      sessions,
      sessions.id,
      or(lt(sessions.expiresAt, sessionCutoff), lt(sessions.revokedAt, sessionCutoff)),
    ),
    emailCodes: await deleteAll(
      db,
      emailCodes,
      emailCodes.id,
      lt(emailCodes.createdAt, before(now, RETENTION_MS.emailCodes)),
    ),
    signInFailures: await deleteAll(
      db,
      signInFailures,
      signInFailures.id,
      lt(signInFailures.at, before(now, RETENTION_MS.signInFailures)),
    ),
    signInClients: await deleteAll(
      db,
      signInClients,
      signInClients.id,
      lt(signInClients.at, before(now, RETENTION_MS.signInClients)),
    ),
    cardTries: await deleteAll(
      db,
      cardTries,
      cardTries.id,
      lt(cardTries.createdAt, before(now, RETENTION_MS.cardTries)),
    ),
    abandonedWalletAttempts: await deleteAll(db, payments, payments.id, abandonedWalletAttempts(db, now)),
    searchMisses: await deleteAllByCtid(
      db,
      searchMisses,
      searchMisses.day,
      // Days are the shop's; a UTC day is near enough for a 90-day margin.
      lt(searchMisses.day, before(now, RETENTION_MS.searchMisses).toISOString().slice(0, 10)),
    ),
    searchMissClients: await deleteAllByCtid(
      db,
      searchMissClients,
      searchMissClients.hour,
      lt(searchMissClients.hour, before(now, RETENTION_MS.searchMissClients)),
    ),
  };
}

/** A sweep of stored files run after the rows' (unused uploads); answers the files removed, by kind. */
export type FileSweep = (now: Date) => Promise<Record<string, number>>;

interface SweepLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
}

/** Runs the sweep with nobody else running it (Database.onlyOne); by default, simply runs it. */
const RUN_HERE: OnlyOne = (_name, fn) => fn();

/**
 * Sweeps every `everyMs` (an unref'd timer) until `stop`, which also waits for a sweep under way,
 * so the database is never closed beneath one. A sweep never overlaps the previous one; the rows'
 * sweep runs on one process at a time (`onlyOne`). The files' sweep, when given, runs after it on
 * every process: each machine sweeps its own disk.
 */
export function startRetentionSweep(
  db: Db,
  clock: Clock,
  log: SweepLog,
  everyMs = RETENTION_SWEEP_MS,
  sweepFiles?: FileSweep,
  onlyOne: OnlyOne = RUN_HERE,
): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    const now = clock.now();
    running = onlyOne('retention', () => sweepExpiredRows(db, now))
      .then(async (rows) => ({ ...rows, ...(await sweepFiles?.(now)) }))
      .then((report) => {
        if (Object.values(report).some((n) => n > 0)) log.info(report, 'expired rows deleted');
      })
      .catch((err) => log.warn({ err }, 'retention sweep failed'))
      .finally(() => {
        running = undefined;
      });
  }, everyMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
