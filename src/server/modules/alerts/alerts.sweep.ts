import type { FastifyInstance } from 'fastify';
import { type LowStockDeps, sweepLowStock } from './alerts.raise';

/**
 * How often each process looks for products low on stock: the digest's window (products going low
 * within it come in one mail). Several processes may sweep at once; each product is reported once.
 */
export const LOW_STOCK_SWEEP_MS = 5 * 60_000;

/** Sweeps while the app runs; `app.lowStockSweep()` runs one now (tests, on their own clock). */
export function startLowStockSweep(
  app: FastifyInstance,
  deps: LowStockDeps,
  everyMs = LOW_STOCK_SWEEP_MS,
): void {
  const sweep = () => sweepLowStock(deps);
  const timer = setInterval(() => {
    sweep().catch((err) => app.log.warn({ err }, 'low-stock sweep failed'));
  }, everyMs);
  timer.unref();
  app.decorate('lowStockSweep', sweep);
  app.addHook('onClose', async () => clearInterval(timer));
}

declare module 'fastify' {
  interface FastifyInstance {
    lowStockSweep: () => Promise<number>;
  }
}
