import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Every process the benchmark starts goes through here, so each one is stopped when its part is
 * done, and all of them on an error, Ctrl-C or exit. Children lead their own process group.
 */
export interface Child {
  readonly name: string;
  readonly proc: ChildProcess;
  /** Resolves with the exit code (or signal name) once the process has ended. */
  readonly exited: Promise<number | string | null>;
  /** The last few KB of its stdout and stderr, for error messages. */
  output(): string;
}

export interface StartOptions {
  env?: Record<string, string | undefined>;
  cwd?: string;
  /** Pin to this CPU core with `taskset -c`. */
  cpu?: number;
  /** Called with each chunk of the child's stdout and stderr as it arrives. */
  onOutput?: (chunk: string) => void;
}

const live = new Set<ChildProcess>();
const TAIL_CHARS = 6000;

export function startChild(name: string, command: string, args: string[], opts: StartOptions = {}): Child {
  const [cmd, argv] =
    opts.cpu === undefined ? [command, args] : ['taskset', ['-c', String(opts.cpu), command, ...args]];
  const proc = spawn(cmd, argv, {
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(proc);
  let tail = '';
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    tail = (tail + text).slice(-TAIL_CHARS);
    opts.onOutput?.(text);
  };
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  const exited = new Promise<number | string | null>((resolve) => {
    proc.once('exit', (code, signal) => {
      live.delete(proc);
      resolve(code ?? signal);
    });
    proc.once('error', (err) => {
      live.delete(proc);
      keep(Buffer.from(`\n${err.message}`));
      resolve(null);
    });
  });
  return { name, proc, exited, output: () => tail };
}

export function hasExited(child: Child): boolean {
  return child.proc.exitCode !== null || child.proc.signalCode !== null || !live.has(child.proc);
}

function signalGroup(proc: ChildProcess, signal: NodeJS.Signals): void {
  if (proc.pid === undefined) return;
  try {
    process.kill(-proc.pid, signal);
  } catch {
    // already gone
  }
}

/** SIGTERM to the child's group, SIGKILL after `graceMs`; resolves once it has exited. */
export async function stopChild(child: Child, graceMs = 5000): Promise<void> {
  if (hasExited(child)) return;
  signalGroup(child.proc, 'SIGTERM');
  const timer = setTimeout(() => signalGroup(child.proc, 'SIGKILL'), graceMs);
  await child.exited;
  clearTimeout(timer);
}

/** Runs a command to its end, killing it after `timeoutMs`. */
export async function runChild(
  name: string,
  command: string,
  args: string[],
  opts: StartOptions & { timeoutMs: number },
): Promise<{ code: number | string | null; output: string; timedOut: boolean }> {
  const child = startChild(name, command, args, opts);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    void stopChild(child, 2000);
  }, opts.timeoutMs);
  const code = await child.exited;
  clearTimeout(timer);
  return { code, output: child.output(), timedOut };
}

function killAll(): void {
  for (const proc of live) signalGroup(proc, 'SIGKILL');
}

let installed = false;

/** Kills every child still running when this process exits or is interrupted. */
export function installCleanup(): void {
  if (installed) return;
  installed = true;
  process.once('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      killAll();
      process.exit(130);
    });
  }
}

/**
 * Pins this process (all its threads) to `cpus` (taskset syntax, e.g. "1") and returns a function
 * that puts back the affinity it had. A client in this process then does not compete for the
 * server's core.
 */
export function pinSelf(cpus: string): () => void {
  const current = spawnSync('taskset', ['-p', '-c', String(process.pid)], { encoding: 'utf8' });
  const before = /:\s*([\d,-]+)\s*$/.exec(current.stdout ?? '')?.[1];
  const set = (list: string) =>
    spawnSync('taskset', ['-a', '-p', '-c', list, String(process.pid)], { stdio: 'ignore' });
  set(cpus);
  return () => {
    if (before) set(before);
  };
}

/**
 * Lets every thread of process `pid` but its main one run on `cpus` (taskset syntax, e.g. "0,1");
 * returns how many were moved. A server started pinned to one core keeps its event loop there,
 * while its helper threads (PGlite's worker, V8's and libuv's) may use the second core, as
 * PostgreSQL's own processes, never pinned, do. Threads started later inherit the main one's core.
 */
export function freeHelperThreads(pid: number, cpus: string): number {
  const tids = readdirSync(`/proc/${pid}/task`).filter((tid) => tid !== String(pid));
  for (const tid of tids) spawnSync('taskset', ['-p', '-c', cpus, tid], { stdio: 'ignore' });
  return tids.length;
}

/** Each thread of process `pid` with the cores it may run on (its Cpus_allowed_list). */
export function threadCores(pid: number): { tid: string; name: string; cpus: string }[] {
  return readdirSync(`/proc/${pid}/task`).map((tid) => {
    const status = readFileSync(`/proc/${pid}/task/${tid}/status`, 'utf8');
    const field = (name: string) => new RegExp(`^${name}:\\s*(.*)$`, 'm').exec(status)?.[1]?.trim() ?? '?';
    return { tid, name: field('Name'), cpus: field('Cpus_allowed_list') };
  });
}

/**
 * Throws unless every thread of `pid` may run on `cpu` alone: a one-core server is measured with
 * its garbage collector, PGlite's worker and libuv's pool on the same core as its event loop.
 * Returns how many threads it checked.
 */
export function assertWholeProcessOn(pid: number, cpu: number): number {
  const threads = threadCores(pid);
  const astray = threads.filter((t) => t.cpus !== String(cpu));
  if (astray.length > 0)
    throw new Error(
      `threads of ${pid} not on core ${cpu} alone: ${astray.map((t) => `${t.name} ${t.cpus}`).join(', ')}`,
    );
  return threads.length;
}
