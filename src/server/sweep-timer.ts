import type { FastifyInstance } from 'fastify';
import type { OnlyOne } from './db/session-locks';

/** A sweep's tick: its answer, or undefined when another process (or this one) was running it. */
export type SweepTick = () => Promise<unknown>;

/**
 * Runs `sweep` every `everyMs` (an unref'd timer) while the app runs, on one process of the shop at
 * a time (`onlyOne`, the database's lock named `name`): the sweeps are safe when run twice, but
 * several processes doing the same work each tick only load the database. A failure is logged and
 * the next tick tries again. `app.sweeps.get(name)` runs a tick now (tests, on their own clock).
 */
export function sweepEvery(
  app: FastifyInstance,
  onlyOne: OnlyOne,
  sweep: { name: string; everyMs: number; failed: string; run: () => Promise<unknown> },
): void {
  const tick = () => onlyOne(sweep.name, sweep.run);
  const timer = setInterval(() => {
    tick().catch((err) => app.log.warn({ err }, sweep.failed));
  }, sweep.everyMs);
  timer.unref();
  app.sweeps.set(sweep.name, tick);
  app.addHook('onClose', async () => clearInterval(timer));
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Each timer sweepEvery runs, by name: a tick now. */
    sweeps: Map<string, SweepTick>;
  }
}
