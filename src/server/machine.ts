import { availableParallelism, totalmem } from 'node:os';

/** What the shop runs on: the cores it may use and the memory it may take. */
export interface Machine {
  /** Cores this process may run on (its CPU affinity: `taskset` and container limits count). */
  cores: number;
  /** Memory: the machine's, or the container's limit when lower. */
  memoryBytes: number;
}

/** Sizes that follow the machine unless a setting names them (docs/architecture.md §3). */
export interface MachineSizes {
  /** Where PGlite runs: on one core a worker thread only adds hand-offs (docs/decisions/017). */
  pgliteThread: 'worker' | 'main';
  /** PostgreSQL connections per process. */
  poolMax: number;
  /** Password hashes computed at once (each takes 128 MiB at the default cost, password.ts). */
  hashesAtOnce: number;
}

const GiB = 1024 ** 3;

export function thisMachine(): Machine {
  // Node 20 and 22 mark it experimental; 0 or undefined means no limit is known.
  const limit = process.constrainedMemory?.() ?? 0;
  const memoryBytes = limit > 0 ? Math.min(limit, totalmem()) : totalmem();
  return { cores: Math.max(1, availableParallelism()), memoryBytes };
}

/**
 * The smallest machine a shop rents (one core, 1 GiB) gets the main-thread database, one hash at a
 * time and a small pool; each grows with the cores up to what larger machines have shown to need.
 * The catalogue's answer caches are 40 MiB on every machine (docs/decisions/012), within 1 GiB.
 */
export function sizesFor(machine: Machine): MachineSizes {
  const cores = Math.max(1, Math.floor(machine.cores));
  return {
    pgliteThread: cores === 1 ? 'main' : 'worker',
    poolMax: clamp(2 + 2 * cores, 4, 10),
    // Two hashes at once hold 256 MiB: not on a machine of less than 2 GiB.
    hashesAtOnce: machine.memoryBytes < 2 * GiB || cores === 1 ? 1 : 2,
  };
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}
