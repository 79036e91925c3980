import type { FastifyInstance } from 'fastify';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import type { OnlyOne } from '#server/db/session-locks';
import { sweepEvery } from '#server/sweep-timer';
import { type StockListener, withStockChanges } from '../catalogue/catalogue.changes';
import { expireOrders } from './order.machine';

export { PAYMENT_SLOT_MS } from './order.machine';

/** What expiring orders needs: the database, the time, and the catalogue to tell of returned stock. */
export interface ExpiryDeps {
  db: Db;
  clock: Clock;
  catalogue: StockListener;
}

/**
 * Expires pending orders whose ten minutes are up: status 5 and their stock back, through the
 * order state machine (expireOrders: each order by exactly one process, an attempt under way
 * waited for). Without `userId` every shopper's; the catalogue is told when stock came back.
 * Returns how many it expired.
 */
export async function expireOverdueOrders(deps: ExpiryDeps, userId?: number): Promise<number> {
  const now = deps.clock.now();
  return withStockChanges(deps.db, deps.catalogue, (tx, stock) => expireOrders(tx, stock, { now, userId }));
}

/** How often the shop sweeps for overdue orders (orders are also expired whenever they are read). */
export const EXPIRY_SWEEP_MS = 30_000;

/** Sweeps periodically while the app runs, on one process at a time (safe on several anyway: expireOverdueOrders). */
export function startExpirySweep(app: FastifyInstance, deps: ExpiryDeps, onlyOne: OnlyOne): void {
  sweepEvery(app, onlyOne, {
    name: 'order-expiry',
    everyMs: EXPIRY_SWEEP_MS,
    failed: 'order expiry sweep failed',
    run: () => expireOverdueOrders(deps),
  });
}
