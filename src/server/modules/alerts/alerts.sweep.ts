import type { FastifyInstance } from 'fastify';
import type { OnlyOne } from '#server/db/session-locks';
import { sweepEvery } from '#server/sweep-timer';
import { type LowStockDeps, sweepLowStock } from './alerts.raise';

/**
 * How often the shop looks for products low on stock: the digest's window (products going low
 * within it come in one mail). One process sweeps at a time; were two to, each product is still
 * reported once.
 */
export const LOW_STOCK_SWEEP_MS = 5 * 60_000;

/** Sweeps while the app runs; `app.lowStockSweep()` runs one now (tests, on their own clock). */
export function startLowStockSweep(
  app: FastifyInstance,
  deps: LowStockDeps,
  onlyOne: OnlyOne,
  everyMs = LOW_STOCK_SWEEP_MS,
): void {
  const sweep = () => sweepLowStock(deps);
  sweepEvery(app, onlyOne, { name: 'low-stock', everyMs, failed: 'low-stock sweep failed', run: sweep });
  app.decorate('lowStockSweep', sweep);
}

declare module 'fastify' {
  interface FastifyInstance {
    lowStockSweep: () => Promise<number>;
  }
}
