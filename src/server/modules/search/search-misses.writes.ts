import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client';
import { searchMissClients, searchMisses } from '#server/db/schema';

/** A counted miss waiting to be written, with the client that first searched it in this period. */
export interface PendingMiss {
  day: string;
  language: string;
  term: string;
  count: number;
  client: string;
}

/** The bounds of the misses list (SECURITY.md, Input). */
export interface MissBounds {
  /** New terms one client may add to the list in a clock hour. */
  newTermsPerClient: number;
  /** Rows the list keeps; beyond it the least searched, the oldest of those first, are dropped. */
  maxRows: number;
}

const HOUR_MS = 3_600_000;

/** Serialises the writes of every process, so a client's hourly count holds across them. */
async function lockMissWrites(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('search-misses', 0))`);
}

const keyOf = (m: { day: string; language: string; term: string }) => `${m.day}\n${m.language}\n${m.term}`;

/** Which of `misses` are on the list already: more searches of those always count. */
async function listedKeys(tx: Tx, misses: readonly PendingMiss[]): Promise<Set<string>> {
  const wanted = sql.join(
    misses.map((m) => sql`(${m.day}::date, ${m.language}, ${m.term})`),
    sql`, `,
  );
  const rows = await tx
    .select({ day: searchMisses.day, language: searchMisses.language, term: searchMisses.term })
    .from(searchMisses)
    .where(sql`(${searchMisses.day}, ${searchMisses.language}, ${searchMisses.term}) in (${wanted})`);
  return new Set(rows.map(keyOf));
}

/**
 * The new terms of `fresh` that their clients may still add this hour, in order; each client's
 * count is raised by what it added.
 */
async function withinClientBound(
  tx: Tx,
  fresh: readonly PendingMiss[],
  hour: Date,
  perClient: number,
): Promise<PendingMiss[]> {
  if (fresh.length === 0) return [];
  const clients = [...new Set(fresh.map((m) => m.client))];
  const counted = await tx
    .select({ client: searchMissClients.client, terms: searchMissClients.terms })
    .from(searchMissClients)
    .where(and(eq(searchMissClients.hour, hour), inArray(searchMissClients.client, clients)));
  const used = new Map(counted.map((c) => [c.client, c.terms]));
  const added = new Map<string, number>();
  const kept = fresh.filter((m) => {
    const before = (used.get(m.client) ?? 0) + (added.get(m.client) ?? 0);
    if (before >= perClient) return false;
    added.set(m.client, (added.get(m.client) ?? 0) + 1);
    return true;
  });
  if (added.size > 0) {
    await tx
      .insert(searchMissClients)
      .values([...added].map(([client, terms]) => ({ client, hour, terms })))
      .onConflictDoUpdate({
        target: [searchMissClients.client, searchMissClients.hour],
        set: { terms: sql`${searchMissClients.terms} + excluded.terms` },
      });
  }
  return kept;
}

/**
 * Adds one batch of counts to the list in a transaction: terms already listed always count; new
 * ones only within their client's hourly bound. Answers how many new terms were left out.
 */
export async function writeMissBatch(
  db: Db,
  batch: readonly PendingMiss[],
  now: Date,
  bounds: MissBounds,
): Promise<number> {
  const hour = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS);
  return db.transaction(async (tx) => {
    await lockMissWrites(tx);
    const listed = await listedKeys(tx, batch);
    const fresh = batch.filter((m) => !listed.has(keyOf(m)));
    const added = await withinClientBound(tx, fresh, hour, bounds.newTermsPerClient);
    const rows = [...batch.filter((m) => listed.has(keyOf(m))), ...added];
    if (rows.length > 0) {
      await tx
        .insert(searchMisses)
        .values(rows.map(({ day, language, term, count: n }) => ({ day, language, term, count: n })))
        .onConflictDoUpdate({
          target: [searchMisses.day, searchMisses.language, searchMisses.term],
          set: { count: sql`${searchMisses.count} + excluded.count` },
        });
    }
    return fresh.length - added.length;
  });
}

/**
 * Keeps the list within `maxRows`: the least searched rows go first, the oldest of those first,
 * so a flood of one-off terms cannot push out what shoppers keep looking for. Answers how many went.
 */
export async function trimMisses(db: Db, maxRows: number): Promise<number> {
  const [tally] = await db.select({ rows: count() }).from(searchMisses);
  const excess = (tally?.rows ?? 0) - maxRows;
  if (excess <= 0) return 0;
  const doomed = db
    .select({ ctid: sql`ctid` })
    .from(searchMisses)
    .orderBy(searchMisses.count, searchMisses.day)
    .limit(excess);
  const gone = await db
    .delete(searchMisses)
    .where(sql`ctid in (${doomed})`)
    .returning({ day: searchMisses.day });
  return gone.length;
}
