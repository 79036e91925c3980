import { setFlagsFromString } from 'node:v8';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

/**
 * PGlite's WebAssembly memory grows and never shrinks, and PostgreSQL's shared buffers are most of
 * it: the cluster's own postgresql.conf asks for 128 MB, which PGlite allocates and touches at
 * start, more than the whole demo database. The files stay in the operating system's page cache,
 * so a page missing from these buffers costs a copy from memory, not a disk read
 * (bench/memory.ts measures the shop's memory; README.md, Memory).
 */
export const PGLITE_SETTINGS: Record<string, string> = {
  shared_buffers: '16MB',
};

/**
 * The options every PGlite instance of the shop opens with, on the main thread or the worker.
 * Also keeps V8 from recompiling PostgreSQL's hot WebAssembly with its optimising tier (a flag of
 * the whole process, read as a module compiles): those background compilations leave 50–70 MB
 * with the process's allocator for good. The shop's own work barely gains from them: 60 s of the
 * load mix at 100 actions/s on one core took 3 % less server CPU with them, p50 the same.
 */
export function pgliteOptions(loadDataDir?: Blob): PGliteOptions {
  setFlagsFromString('--liftoff-only');
  const settings = Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
  return {
    startParams: [...PGlite.defaultStartParams, ...settings],
    ...(loadDataDir ? { loadDataDir } : {}),
  };
}
