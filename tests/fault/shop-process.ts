import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

export { freePort } from '../helpers/free-port';

const ROOT = join(import.meta.dirname, '../..');

/** The shop's real server process (`src/server/server.ts`), as `npm start` runs it. */
export interface ShopProcess {
  url: string;
  pid: number;
  /** What it wrote to stderr (its warnings and errors), for a failing test's message. */
  stderr(): string;
  /** SIGKILL: no shutdown hook runs, whatever was in flight is cut off. */
  kill(): Promise<void>;
  /** SIGTERM and wait: the graceful shutdown of server.ts. */
  stop(): Promise<void>;
}

/**
 * Starts the server on 127.0.0.1:`port` with only the given settings (nothing inherited that the
 * server reads), and waits until it answers. Fails when it exits or stays silent past the deadline.
 */
export async function startShopProcess(port: number, settings: Record<string, string>): Promise<ShopProcess> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    HOST: '127.0.0.1',
    PORT: String(port),
    SEED: 'none',
    LOG_LEVEL: 'warn',
    ...settings,
  };
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/server.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-20_000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited (${child.exitCode ?? child.signalCode}): ${errors}`);
    const up = await fetch(`${url}/api/index_banners`, { signal: AbortSignal.timeout(5000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not start: ${errors}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  return {
    url,
    pid: child.pid ?? 0,
    stderr: () => errors,
    kill: () => signal('SIGKILL'),
    stop: async () => {
      const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await signal('SIGTERM');
      clearTimeout(force);
    },
  };
}

export interface Answer {
  status: number;
  body: { code?: number; message?: string; data?: unknown } | undefined;
}

/**
 * One HTTP call as a shopper's browser makes it: form-encoded, the token in `authorization`.
 * Answers undefined when the connection failed (refused, reset, cut mid-answer): the server is
 * down, which the caller treats as "try again", never as an answer.
 */
export async function send(
  url: string,
  token: string | undefined,
  method: 'GET' | 'POST',
  path: string,
  form?: Record<string, string | number>,
): Promise<Answer | undefined> {
  const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', 'accept-language': 'en' };
  if (token) headers.authorization = token;
  let body: string | undefined;
  if (form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)])).toString();
  }
  try {
    const res = await fetch(`${url}${path}`, { method, headers, body, signal: AbortSignal.timeout(30_000) });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  } catch (error) {
    if (error instanceof SyntaxError) throw error;
    return undefined;
  }
}

/**
 * Presses a button on one of the server's own HTML pages (the sandbox wallet's pay page): posts the
 * form and answers the status without following a redirect; undefined when the connection failed.
 */
export async function submitPage(pageUrl: string, form: Record<string, string>): Promise<number | undefined> {
  try {
    const res = await fetch(pageUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form).toString(),
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return undefined;
  }
}
