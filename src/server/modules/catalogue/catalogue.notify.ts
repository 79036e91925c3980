import { sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client';

/**
 * Catalogue changes told to every process at once (docs/decisions/014): the transaction that makes
 * a change sends NOTIFY on this channel, which PostgreSQL delivers to every listener when (and
 * only if) it commits. Each server process listens on a connection of its own; the version poll
 * stays, and catches whatever a listener missed (a lost connection, a reconnect).
 */
export const CATALOGUE_CHANNEL = 'catalogue_changed';

/**
 * A message names at most this many products; a change touching more is told as "everything".
 * (PostgreSQL refuses payloads of 8000 bytes or more; this keeps one well under.)
 */
export const MAX_NOTIFIED_PRODUCTS = 200;

/** What a process is told: a catalogue version and what it touched, or that stock figures moved. */
export type CatalogueMessage =
  | { kind: 'change'; version: number; products: number[] | 'all' }
  | { kind: 'stock' };

export function encodeMessage(message: CatalogueMessage): string {
  if (message.kind === 'stock') return JSON.stringify({ s: 1 });
  const products =
    message.products !== 'all' && message.products.length > MAX_NOTIFIED_PRODUCTS ? 'all' : message.products;
  return JSON.stringify({ v: message.version, p: products });
}

const isId = (x: unknown): x is number => Number.isSafeInteger(x) && (x as number) > 0;

/** The message of a payload; undefined for anything else (never throws). */
export function decodeMessage(payload: string | undefined): CatalogueMessage | undefined {
  try {
    const raw = JSON.parse(payload ?? '') as { v?: unknown; p?: unknown; s?: unknown };
    if (raw.s === 1) return { kind: 'stock' };
    if (!isId(raw.v)) return undefined;
    if (raw.p === 'all') return { kind: 'change', version: raw.v, products: 'all' };
    if (Array.isArray(raw.p) && raw.p.length > 0 && raw.p.every(isId))
      return { kind: 'change', version: raw.v, products: raw.p };
    return undefined;
  } catch {
    return undefined;
  }
}

/** Sends `message` when the transaction `tx` commits. */
export async function notifyOnCommit(tx: Pick<Tx, 'execute'>, message: CatalogueMessage): Promise<void> {
  await tx.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, ${encodeMessage(message)})`);
}
