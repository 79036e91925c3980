import { request } from 'node:http';
import { type Child, hasExited } from './children';

export { freePort } from '../../tests/helpers/free-port';

export interface Fetched {
  status: number;
  contentType: string;
  /** Every header as sent, but those node:http sets by itself (date, connection, keep-alive, length). */
  headers: Record<string, string>;
  body: Buffer;
}

const NODE_OWN_HEADERS = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** GET with no Accept-Encoding (as wrk sends), returning the exact bytes. */
export function getBytes(url: string, timeoutMs = 5000): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'GET', timeout: timeoutMs, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          contentType: String(res.headers['content-type'] ?? ''),
          headers: Object.fromEntries(
            Object.entries(res.headers)
              .filter(([name]) => !NODE_OWN_HEADERS.has(name))
              .map(([name, value]) => [name, String(value)]),
          ),
          body: Buffer.concat(chunks),
        }),
      );
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`GET ${url} timed out`)));
    req.on('error', reject);
    req.end();
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `url` until it answers 200. Fails when `timeoutMs` passes or the child serving it exits;
 * either way the error carries the end of the child's output.
 */
export async function waitFor200(url: string, child: Child, timeoutMs: number, everyMs = 20): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  let last = '';
  while (performance.now() < deadline) {
    if (hasExited(child)) throw new Error(`${child.name} exited before answering:\n${child.output()}`);
    try {
      const res = await getBytes(url, 2000);
      if (res.status === 200) return;
      last = `status ${res.status}`;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    await sleep(everyMs);
  }
  throw new Error(`${child.name}: no 200 from ${url} within ${timeoutMs} ms (${last}):\n${child.output()}`);
}
