import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { staleParts } from '../../scripts/build-plan.js';
import { assertWholeProcessOn, type Child, runChild, startChild, stopChild } from './children';
import { freePort, waitFor200 } from './net';

/** The checkout the benchmark runs in (bench/lib/ → two levels up). */
export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/** The server under test, compiled as `npm start` runs it: `node dist/server/server.js`. */
export const SERVER_SCRIPT = 'dist/server/server.js';
export const READY_PATH = '/api/index_banners';

export interface Shop {
  url: string;
  child: Child;
  /** With `cpu`: how many threads the process had as it opened, every one checked to be on that core. */
  threads?: number;
  stop(): Promise<void>;
}

export interface ShopOptions {
  env: Record<string, string | undefined>;
  cpu?: number;
  script?: string;
  /** Extra node flags, e.g. --cpu-prof. */
  nodeArgs?: string[];
  timeoutMs?: number;
  /** Called with each chunk of the server's output (its log). */
  onOutput?: (chunk: string) => void;
}

/**
 * A benchmark's few shoppers stand for many real ones and order again and again without waiting to
 * pay, so the shop's hoarding limits (docs/decisions/011-order-limits.md) are lifted for them.
 */
const BENCH_ORDER_LIMITS = { ORDER_LINE_MAX: '99999', PENDING_ORDERS_MAX: '1000000' };

/** BENCH_CPU_PROF=DIR: every shop server started writes a V8 CPU profile into DIR when it stops. */
function profileArgs(): string[] {
  const dir = process.env.BENCH_CPU_PROF;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${resolve(dir)}`] : [];
}

/**
 * Builds what `npm start` would build first (scripts/build-plan.js: missing or older than its
 * sources), so the figures are of the current code; returns a note saying what was built, if anything.
 */
export async function ensureBuilt(): Promise<string | undefined> {
  const stale = staleParts();
  if (stale.length === 0) return undefined;
  console.log(`  building ${stale.join(', ')} first`);
  const started = performance.now();
  const res = await runChild('build', process.execPath, ['--import', 'tsx', 'scripts/build.ts', ...stale], {
    cwd: ROOT,
    timeoutMs: 900_000,
  });
  if (res.code !== 0) throw new Error(`scripts/build.ts failed (${res.code}):\n${res.output}`);
  return `${stale.join(', ')} out of date: built first (${Math.round(performance.now() - started)} ms).`;
}

/** Spawns the shop on a free port and waits for its first 200 from GET /api/index_banners. */
export async function startShop(opts: ShopOptions): Promise<Shop> {
  await ensureBuilt();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const args = [...(opts.nodeArgs ?? []), ...profileArgs(), opts.script ?? SERVER_SCRIPT];
  const child = startChild('shop server', process.execPath, args, {
    cwd: ROOT,
    cpu: opts.cpu,
    onOutput: opts.onOutput,
    env: { HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...BENCH_ORDER_LIMITS, ...opts.env },
  });
  try {
    await waitFor200(`${url}${READY_PATH}`, child, opts.timeoutMs ?? 180_000);
    const threads =
      opts.cpu === undefined || child.proc.pid === undefined
        ? undefined
        : assertWholeProcessOn(child.proc.pid, opts.cpu);
    return { url, child, threads, stop: () => stopChild(child, 10_000) };
  } catch (err) {
    await stopChild(child);
    throw err;
  }
}
