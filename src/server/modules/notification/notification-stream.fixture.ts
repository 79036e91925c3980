import { get, type IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { type ShopperEvent, STREAM_EVENT } from '#shared/schemas/notification';

/** A live stream as a test reads it: the events it sent, and a wait for the next of a kind. */
export interface OpenStream {
  status: number;
  /** The refusal's envelope, when not 200. */
  refusal?: { code: number; message: string };
  /** Resolves with the next order event the stream sends (rejects if the stream ends first). */
  nextEvent(): Promise<ShopperEvent>;
  /** Resolves once the server said `ready`. */
  ready: Promise<void>;
  close(): void;
}

/** A ticket for `token`'s shopper, from the app. */
export async function ticketFor(app: FastifyInstance, token: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/notifications/ticket',
    headers: { authorization: token },
  });
  return res.json().data.ticket;
}

/**
 * Opens `/api/notifications/stream` over real HTTP on `origin` and parses what it sends. Waits on
 * the stream itself, never on a timer: a test that expects an event that never comes fails on
 * vitest's own timeout.
 */
export async function openStream(origin: string, ticket: string, language = 'en'): Promise<OpenStream> {
  // node:http with no agent: each stream its own socket, gone when it closes (a pooled client
  // would keep spare sockets that hold the server open at its close).
  const res = await new Promise<IncomingMessage>((resolve, reject) => {
    const req = get(
      `${origin}/api/notifications/stream?ticket=${encodeURIComponent(ticket)}`,
      { agent: false, headers: { 'accept-language': language } },
      resolve,
    );
    req.on('error', reject);
  });
  if (res.statusCode !== 200) {
    let body = '';
    for await (const chunk of res) body += chunk;
    return {
      status: res.statusCode ?? 0,
      refusal: JSON.parse(body),
      nextEvent: () => Promise.reject(new Error('refused')),
      ready: Promise.reject(new Error('refused')).catch(() => undefined) as Promise<void>,
      close: () => undefined,
    };
  }
  const queue: ShopperEvent[] = [];
  const waiting: { resolve: (e: ShopperEvent) => void; reject: (e: Error) => void }[] = [];
  let ended = false;
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const deliver = (block: string) => {
    const kind = /^event: (.*)$/m.exec(block)?.[1];
    const data = /^data: (.*)$/m.exec(block)?.[1];
    if (kind === 'ready') markReady();
    if (kind !== STREAM_EVENT || !data) return;
    const event = JSON.parse(data) as ShopperEvent;
    const waiter = waiting.shift();
    if (waiter) waiter.resolve(event);
    else queue.push(event);
  };
  let buffered = '';
  res.setEncoding('utf8');
  res.on('data', (chunk: string) => {
    buffered += chunk;
    let end = buffered.indexOf('\n\n');
    while (end >= 0) {
      deliver(buffered.slice(0, end));
      buffered = buffered.slice(end + 2);
      end = buffered.indexOf('\n\n');
    }
  });
  res.on('close', () => {
    ended = true;
    for (const w of waiting.splice(0)) w.reject(new Error('stream ended'));
  });
  return {
    status: 200,
    ready,
    nextEvent: () => {
      const first = queue.shift();
      if (first) return Promise.resolve(first);
      if (ended) return Promise.reject(new Error('stream ended'));
      return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
    },
    close: () => res.destroy(),
  };
}
