/**
 * The load mix's HTTP client: form-encoded calls as the web client makes them, over a bounded pool
 * of keep-alive sockets, with a failure named by what the shopper was doing.
 */
import { Agent, request } from 'node:http';
import type { Socket } from 'node:net';

export interface Answer {
  status: number;
  text: string;
}

/** Above any server's keep-alive timeout: the agent then goes by the server's own (see below). */
const IDLE_SOCKET_MS = 300_000;

/** Form-encoded calls as the web client makes them, over a bounded pool of keep-alive sockets. */
export class ShopClient {
  private readonly agent: Agent;
  /** Requests sent so far. */
  sent = 0;

  constructor(
    readonly base: string,
    sockets = 64,
    private readonly timeoutMs = 30_000,
  ) {
    // Node's agent keeps an idle socket until the server's `Keep-Alive: timeout=` less a second
    // only when it has a timeout of its own above that; without one it keeps it for ever, and
    // reuses it as the server closes it (a reset, counted as the shop's error). Browsers retry
    // such a request; this client, as the browsers' idle limits, lets the socket go first.
    this.agent = new Agent({ keepAlive: true, maxSockets: sockets, timeout: IDLE_SOCKET_MS });
    this.agent.on('free', (socket: Socket) => this.freedAt.set(socket, performance.now()));
  }

  /** When each kept-alive socket was last handed back, to say how long one that failed had idled. */
  private readonly freedAt = new WeakMap<Socket, number>();

  call(
    method: string,
    path: string,
    form?: Record<string, string | number>,
    token?: string,
  ): Promise<Answer> {
    const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest' };
    const body = form && new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)])).toString();
    if (body !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers['content-length'] = String(Buffer.byteLength(body));
    }
    if (token) headers.authorization = token;
    this.sent++;
    return new Promise((resolve, reject) => {
      const req = request(`${this.base}${path}`, { method, headers, agent: this.agent }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, text });
        });
        res.on('error', reject);
      });
      // Counted from the call, so a request waiting for a free socket times out too.
      const timer = setTimeout(
        () => req.destroy(new Error(`no answer within ${this.timeoutMs} ms`)),
        this.timeoutMs,
      );
      let idleMs: number | undefined;
      req.on('socket', (socket: Socket) => {
        const freed = this.freedAt.get(socket);
        idleMs = freed === undefined ? undefined : performance.now() - freed;
      });
      req.on('error', (err) => {
        clearTimeout(timer);
        // A reset on a socket kept alive: how long it had idled tells a race with the server's
        // keep-alive timeout from anything else.
        if (idleMs !== undefined)
          err.message += ` (a kept-alive socket, idle ${(idleMs / 1000).toFixed(0)} s)`;
        reject(err);
      });
      req.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** A call that did not answer 200, named by what the shopper was doing. */
export class CallFailed extends Error {
  constructor(
    readonly key: string,
    readonly status: number,
  ) {
    super(key);
  }
}

/** The envelope's message of an answer, or the start of a body that is not the envelope. */
export function messageOf(text: string): string {
  try {
    return String((JSON.parse(text) as { message?: unknown }).message ?? '');
  } catch {
    return text.slice(0, 80);
  }
}

/** The envelope's `data` of a 200; anything else throws CallFailed. */
export function dataOf<T>(answer: Answer, what: string): T {
  if (answer.status !== 200)
    throw new CallFailed(`${what}: ${answer.status} ${messageOf(answer.text)}`, answer.status);
  return (JSON.parse(answer.text) as { data: T }).data;
}

export function expectOk(answer: Answer, what: string): void {
  if (answer.status !== 200)
    throw new CallFailed(`${what}: ${answer.status} ${messageOf(answer.text)}`, answer.status);
}
