import { spawnSync } from 'node:child_process';
import { runChild } from './children';

/** Where wrk runs: core 1, with the server under test pinned to core 0 (docs/architecture.md §9). */
export const WRK_CPU = 1;
/** The one-core server's core: every thread of the shop, and of its PostgreSQL when the bench starts one. */
export const SERVER_CPU = 0;

function onPath(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/**
 * Makes sure `wrk` is installed: as root on Debian it installs the package with apt; otherwise it
 * returns a message saying what to install.
 */
export async function ensureWrk(): Promise<{ ok: true } | { ok: false; why: string }> {
  if (onPath('wrk')) return { ok: true };
  const hint = 'wrk is not installed: `apt-get install -y wrk` (Debian package `wrk`)';
  if (process.getuid?.() !== 0 || !onPath('apt-get')) return { ok: false, why: hint };
  console.log('installing wrk with apt-get …');
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  let res = await runChild('apt-get', 'apt-get', ['install', '-y', 'wrk'], { env, timeoutMs: 300_000 });
  if (res.code !== 0) {
    await runChild('apt-get', 'apt-get', ['update'], { env, timeoutMs: 300_000 });
    res = await runChild('apt-get', 'apt-get', ['install', '-y', 'wrk'], { env, timeoutMs: 300_000 });
  }
  return onPath('wrk') ? { ok: true } : { ok: false, why: `${hint}; apt-get failed:\n${res.output}` };
}

export interface WrkRun {
  rps: number;
  non2xx: number;
  socketErrors: string;
}

export interface WrkOptions {
  connections?: number;
  threads?: number;
}

/** One `taskset -c 1 wrk -t1 -c50 -dNs URL` run. */
export async function runWrk(url: string, seconds: number, opts: WrkOptions = {}): Promise<WrkRun> {
  const args = [`-t${opts.threads ?? 1}`, `-c${opts.connections ?? 50}`, `-d${seconds}s`, url];
  const res = await runChild('wrk', 'wrk', args, { cpu: WRK_CPU, timeoutMs: (seconds + 15) * 1000 });
  const rps = /Requests\/sec:\s+([\d.]+)/.exec(res.output)?.[1];
  if (res.code !== 0 || rps === undefined) {
    throw new Error(
      `wrk ${args.join(' ')} failed (${res.timedOut ? 'timed out' : res.code}):\n${res.output}`,
    );
  }
  return {
    rps: Number(rps),
    non2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(res.output)?.[1] ?? 0),
    socketErrors: /Socket errors:(.*)/.exec(res.output)?.[1]?.trim() ?? '',
  };
}

/** A warm-up run, then one measured run. */
export async function warmAndRun(url: string, seconds = 5, warmupSeconds = 2): Promise<WrkRun> {
  await runWrk(url, warmupSeconds);
  return runWrk(url, seconds);
}

/** What went wrong in a run, if anything: non-2xx answers or socket errors. */
export function problemsOf(run: WrkRun): string[] {
  return [
    ...(run.non2xx > 0 ? [`${run.non2xx} non-2xx answers`] : []),
    ...(run.socketErrors ? [`socket errors: ${run.socketErrors}`] : []),
  ];
}
