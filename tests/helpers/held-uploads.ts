import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { multipartUpload } from './uploads';

export interface HeldAnswer {
  status: number;
  retryAfter: string | undefined;
  body: { code?: number; message?: string; data?: unknown };
  /** Body bytes the client had sent when the answer came. */
  sent: number;
  /** The whole body's length. */
  total: number;
}

/** An upload whose body stops after its first bytes until the test lets it finish. */
export interface HeldUpload {
  answer: Promise<HeldAnswer>;
  /** Whether the server answered already. */
  answered(): boolean;
  /** Sends the rest of the body. */
  finish(): void;
  /** Drops the connection mid-body, as a client that goes away. */
  abort(): void;
}

/** Bytes of the body sent before holding: the part headers and a little of the file. */
const HELD_BYTES = 16 * 1024;

/** The port the app listens on, listening first when it does not yet. */
export async function listening(app: FastifyInstance): Promise<number> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

/**
 * Starts an upload of `bytes` to `path` and sends only its first HELD_BYTES: the server has the
 * request (its headers) and waits for the rest, as it would for a slow or a hostile client.
 */
export function heldUpload(
  port: number,
  path: string,
  token: string,
  bytes: Buffer,
  lang = 'en',
): HeldUpload {
  const { contentType, body } = multipartUpload(bytes);
  let sent = 0;
  let answered = false;
  let dropped = false;
  const call = request({
    host: '127.0.0.1',
    port,
    path,
    method: 'POST',
    agent: false,
    headers: {
      authorization: token,
      'accept-language': lang,
      'content-type': contentType,
      'content-length': String(body.length),
    },
  });
  const answer = new Promise<HeldAnswer>((resolve, reject) => {
    call.on('error', (error) => {
      if (!answered && !dropped) reject(error);
    });
    call.on('response', (res) => {
      answered = true;
      const at = sent;
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        call.destroy();
        const retryAfter = res.headers['retry-after'];
        const text = Buffer.concat(chunks).toString();
        resolve({
          status: res.statusCode ?? 0,
          retryAfter,
          body: JSON.parse(text),
          sent: at,
          total: body.length,
        });
      });
    });
  });
  call.write(body.subarray(0, HELD_BYTES));
  sent = HELD_BYTES;
  return {
    answer,
    answered: () => answered,
    finish: () => {
      if (answered) return;
      call.end(body.subarray(HELD_BYTES));
      sent = body.length;
    },
    abort: () => {
      dropped = true;
      call.destroy();
    },
  };
}

/** The first `n` answers of `uploads`, in the order they came. */
export function firstAnswers(uploads: HeldUpload[], n: number): Promise<HeldAnswer[]> {
  return new Promise((resolve) => {
    const got: HeldAnswer[] = [];
    for (const upload of uploads)
      void upload.answer.then((answer) => {
        got.push(answer);
        if (got.length === n) resolve(got);
      });
  });
}
