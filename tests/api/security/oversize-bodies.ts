import { request } from 'node:http';
import { AVATAR_MAX_BYTES } from '#server/modules/account/avatar.files';
import { AVATAR_BODY_MAX_BYTES } from '#server/modules/account/avatar.upload';
import { BODY_MAX_BYTES } from '#server/request-limits';

/**
 * A body no client of ours sends, too big in one way, and what the server must answer: a route
 * that takes no file, and the avatar upload of a signed-in shopper.
 */
export interface BodyShape {
  name: string;
  headers: Record<string, string>;
  /** The body a chunk at a time (the same buffers again and again: the sender holds nothing). */
  body(): Iterable<Buffer>;
  status: { form: number; upload: number };
}

/**
 * How big each shape gets: `past(limit)` bytes where `limit` is the limit it breaks, sent in
 * chunks of `chunk` bytes; `parts` and `partBytes` for the shapes made of many text fields.
 */
export interface ShapeScale {
  past(limit: number): number;
  chunk: number;
  parts: number;
  partBytes: number;
}

/** Just past each limit, a few KiB at a time: the trickle a slow client sends. */
export const TRICKLE: ShapeScale = {
  past: (limit) => limit + 16 * 1024,
  chunk: 4 * 1024,
  parts: 100,
  partBytes: 1000,
};

/** A gigabyte or a thousand megabyte fields: what an attacker sends. */
export const BOMB: ShapeScale = {
  past: () => 1024 ** 3,
  chunk: 1024 ** 2,
  parts: 1000,
  partBytes: 1_000_000,
};

const BOUNDARY = 'oversizeBoundary7MA4YWxk';
const MULTIPART = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
const CRLF = Buffer.from('\r\n');

const fieldHead = (name: string) =>
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`);
const fileHead = (name: string) =>
  Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
  );

/** `total` bytes of `x`, in chunks of at most `chunk` bytes. */
function* filler(total: number, chunk: number): Generator<Buffer> {
  const full = Buffer.alloc(chunk, 'x');
  for (let left = total; left > 0; left -= chunk) yield left >= chunk ? full : full.subarray(0, left);
}

function* parts(count: number, bytes: number, chunk: number): Generator<Buffer> {
  for (let i = 0; i < count; i++) {
    yield fieldHead(`f${i}`);
    yield* filler(bytes, chunk);
    yield CRLF;
  }
}

/** Every way a body can be too big, at one scale. */
export function oversizeShapes(scale: ShapeScale): BodyShape[] {
  const { past, chunk } = scale;
  const text = (head: string): BodyShape['body'] =>
    function* () {
      yield Buffer.from(head);
      yield* filler(past(BODY_MAX_BYTES), chunk);
    };
  const tooLarge = { form: 413, upload: 413 };
  const multipart = { form: 415, upload: 413 };
  return [
    {
      name: 'JSON',
      headers: { 'content-type': 'application/json' },
      body: text('{"email":"'),
      status: tooLarge,
    },
    {
      name: 'urlencoded',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: text('email='),
      status: tooLarge,
    },
    { name: 'plain text', headers: { 'content-type': 'text/plain' }, body: text(''), status: tooLarge },
    {
      name: 'JSON declaring a gigabyte',
      headers: { 'content-type': 'application/json', 'content-length': String(1024 ** 3) },
      body: () => [],
      status: tooLarge,
    },
    {
      name: 'multipart text fields',
      headers: MULTIPART,
      body: () => parts(scale.parts, scale.partBytes, chunk),
      status: multipart,
    },
    {
      name: 'multipart, one long text field',
      headers: MULTIPART,
      // The field ends (a field's length is known at its end), then the client holds.
      body: function* () {
        yield* parts(1, past(BODY_MAX_BYTES), chunk);
        yield fieldHead('next');
      },
      status: multipart,
    },
    {
      name: 'multipart file',
      headers: MULTIPART,
      body: function* () {
        yield fileHead('file');
        yield* filler(past(AVATAR_MAX_BYTES), chunk);
      },
      status: multipart,
    },
    {
      name: 'multipart, many empty parts',
      headers: MULTIPART,
      body: () => parts(scale.parts * 100, 0, chunk),
      status: multipart,
    },
    {
      name: 'multipart, endless preamble',
      headers: MULTIPART,
      body: () => filler(past(AVATAR_BODY_MAX_BYTES), chunk),
      status: multipart,
    },
    {
      name: 'multipart declaring a gigabyte',
      headers: { ...MULTIPART, 'content-length': String(1024 ** 3) },
      body: () => [],
      status: multipart,
    },
    {
      name: 'octet stream',
      headers: { 'content-type': 'application/octet-stream' },
      body: () => filler(past(BODY_MAX_BYTES), chunk),
      status: { form: 415, upload: 415 },
    },
  ];
}

export interface StreamedAnswer {
  status: number;
  /** The answer's content type. */
  type: string;
  body: { code?: number; message?: string; data?: unknown };
  /** Body bytes handed to the socket before the answer came. */
  sent: number;
}

export interface StreamedRequest {
  method: string;
  headers: Record<string, string>;
  body: Iterable<Buffer>;
  /** After the last chunk, wait for the answer without ending the body (a client that stalls). */
  hold?: boolean;
}

/**
 * Sends a body a chunk at a time, each once the one before reached the socket, and stops sending
 * as soon as the server answers. Rejects when the connection fails before an answer.
 */
export function streamRequest(url: string, req: StreamedRequest): Promise<StreamedAnswer> {
  const headers = { ...req.headers };
  // Without a length, say chunked: Node's client would otherwise send a GET's or DELETE's body unframed.
  if (headers['content-length'] === undefined) headers['transfer-encoding'] = 'chunked';
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const call = request(url, { method: req.method, headers, agent: false });
    call.on('error', (error) => {
      if (!answered) reject(new Error(`no answer after ${sent} bytes: ${error.message}`));
    });
    call.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        call.destroy();
        const text = Buffer.concat(chunks).toString();
        const type = res.headers['content-type'] ?? '';
        resolve({ status: res.statusCode ?? 0, type, body: parseBody(text), sent });
      });
    });
    const write = (chunk: Buffer) =>
      new Promise<void>((done, fail) => call.write(chunk, (error) => (error ? fail(error) : done())));
    (async () => {
      call.flushHeaders();
      for (const chunk of req.body) {
        if (answered || call.destroyed) return;
        await write(chunk);
        sent += chunk.length;
        // Let an answer that arrived be read before the next write: the server closes the
        // connection after refusing, and a write into a closed one fails before it is read.
        await new Promise((resume) => setImmediate(resume));
      }
      if (!req.hold && !answered) call.end();
    })().catch(() => {
      // A write cut off by the server surfaces as the request's own error or its answer.
    });
  });
}

function parseBody(text: string): StreamedAnswer['body'] {
  try {
    return JSON.parse(text);
  } catch {
    return { message: text.slice(0, 200) };
  }
}
