import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { BILLING } from '../helpers/forms';

export { freePort } from '../helpers/free-port';

const ROOT = join(import.meta.dirname, '../..');

/** The settings that point a shop process's live gateways at the local doubles. */
export function liveGatewaySettings(
  anet: { baseUrl: string; loginId: string; transactionKey: string },
  yuansfer: { baseUrl: string; merchantNo: string; storeNo: string; token: string },
): Record<string, string> {
  return {
    PAYMENTS: 'live',
    AUTHORIZENET_BASE_URL: anet.baseUrl,
    AUTHORIZENET_LOGIN_ID: anet.loginId,
    AUTHORIZENET_TRANSACTION_KEY: anet.transactionKey,
    YUANSFER_BASE_URL: yuansfer.baseUrl,
    YUANSFER_MERCHANT_NO: yuansfer.merchantNo,
    YUANSFER_STORE_NO: yuansfer.storeNo,
    YUANSFER_TOKEN: yuansfer.token,
  };
}

/**
 * The shop's real server process, as `npm start` runs it: `node dist/server/server.js`, which the
 * API tests' global setup (tests/helpers/global-setup.ts) has rebuilt if its sources changed.
 * Compiled, a start spends about 3 s less of a core than under tsx, and these suites start ~14.
 */
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
  const child: ChildProcess = spawn(process.execPath, ['dist/server/server.js'], {
    cwd: ROOT,
    env: shopEnvironment({ HOST: '127.0.0.1', PORT: String(port), ...settings }),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-20_000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  // Generous: on a machine shared by many test runs a start has taken over 90 s.
  const deadline = Date.now() + 180_000;
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

/** Only the given settings, and none of this process's that the shop reads. */
function shopEnvironment(settings: Record<string, string>): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    SEED: 'none',
    LOG_LEVEL: 'warn',
    ...settings,
  };
}

/** What one run of the shop's command line printed, and its exit status. */
export interface CommandLineRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `npm run shop -- <args>` (its script, without npm) with the given settings and waits for it to end. */
export async function runShopCommandLine(
  settings: Record<string, string>,
  args: string[],
): Promise<CommandLineRun> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/shop.ts', ...args], {
    cwd: ROOT,
    env: shopEnvironment(settings),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.once('close', (c) => resolve(c)));
  return { code, stdout, stderr };
}

export interface Answer {
  status: number;
  body: { code?: number; message?: string; data?: unknown } | undefined;
}

/**
 * The server's settings behind a proxy on 127.0.0.1: a shopper's own address then comes from
 * X-Forwarded-For (see `send`), so a hundred shoppers are a hundred clients, as they would be
 * (the card-tries limit counts per client too).
 */
export const BEHIND_LOCAL_PROXY = { TRUST_PROXY: '127.0.0.1' };

/** A shopper's own client address, one per shopper (198.18.0.0/15 is set aside for tests). */
export function clientOf(s: { id: number }): string {
  return `198.18.${Math.floor(s.id / 256) % 256}.${s.id % 256}`;
}

/**
 * One HTTP call as a shopper's browser makes it: form-encoded, the token in `authorization`, from
 * `client` as the proxy reports it when one is given. Answers undefined when the connection failed
 * (refused, reset, cut mid-answer): the server is down, which the caller treats as "try again",
 * never as an answer.
 */
export async function send(
  url: string,
  token: string | undefined,
  method: 'GET' | 'POST',
  path: string,
  form?: Record<string, string | number>,
  client?: string,
): Promise<Answer | undefined> {
  const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', 'accept-language': 'en' };
  if (token) headers.authorization = token;
  if (client) headers['x-forwarded-for'] = client;
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

/** A call that must succeed: answers its `data`, and throws with what the server said otherwise. */
export async function dataOf<T>(
  url: string,
  token: string | undefined,
  method: 'GET' | 'POST',
  path: string,
  form?: Record<string, string | number>,
): Promise<T> {
  const answer = await send(url, token, method, path, form);
  if (answer?.status !== 200)
    throw new Error(`${method} ${path}: ${answer?.status} ${answer?.body?.message}`);
  return answer.body?.data as T;
}

/** Places an order for `units` of a shopper's cart line and pays it with the sandbox's approved card. */
export async function placePaidOrder(
  url: string,
  shopper: { token: string; addressUuid: string; lineId: number },
  units = 1,
): Promise<string> {
  const { token } = shopper;
  const form = {
    uuid: shopper.addressUuid,
    coupon: '',
    'items[0][id]': shopper.lineId,
    'items[0][num]': units,
  };
  const orderNo = await dataOf<string>(url, token, 'POST', '/api/order', form);
  const card = { order: orderNo, card: '4111111111111111', date: '12/30', code: '123', ...BILLING };
  const paid = await dataOf<{ status: number }>(url, token, 'POST', '/api/authorize/pay', card);
  if (paid.status !== 2) throw new Error(`order ${orderNo} was not paid: ${JSON.stringify(paid)}`);
  return orderNo;
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
