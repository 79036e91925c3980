import type { IncomingMessage, Server } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '#shared/constants';
import { requestLanguage } from '../http';
import { translate } from '../i18n';
import { apiSecurityHeadersFor } from './security-headers';

/** What Node's HTTP parser reports outside any route, and how it is answered. */
const ANSWERS: Record<string, { status: number; reason: string; key: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, reason: 'Request Timeout', key: 'errors:requestTimeout' },
  HPE_HEADER_OVERFLOW: { status: 431, reason: 'Request Header Fields Too Large', key: 'errors:bodyTooLarge' },
};
const UNREADABLE = { status: 400, reason: 'Bad Request', key: 'errors:badBody' };

type Hook = (request: FastifyRequest, reply: FastifyReply, done: () => void) => void;

/**
 * Answers what goes wrong on a connection before a route can — a request that took longer than
 * the request timeout to arrive, headers too large, bytes that are not HTTP — with the envelope,
 * then closes the connection. The message is in the language of the request under way when its
 * headers had arrived on a route that reads a body (`track`), English otherwise.
 */
export class ConnectionErrors {
  /** Per connection: its request's language, or `answered` once that request has its answer. */
  private readonly state = new WeakMap<Socket, Language | 'answered'>();
  private readonly headers: string;

  constructor(publicUrl: string) {
    this.headers = Object.entries(apiSecurityHeadersFor(publicUrl))
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
  }

  /** onRequest hook: remembers the language of the request the connection now carries. */
  readonly track: Hook = (request, _reply, done) => {
    this.state.set(request.raw.socket, requestLanguage(request));
    done();
  };

  /** onResponse hook: a request refused while its body still arrives needs no second answer. */
  readonly settle: Hook = (request, _reply, done) => {
    if (request.raw.complete === false) this.state.set(request.raw.socket, 'answered');
    else this.state.delete(request.raw.socket);
    done();
  };

  /** Fastify's `clientErrorHandler`. */
  readonly answer = (error: Error & { code?: string }, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const state = this.state.get(socket);
    if (state === 'answered' || !socket.writable) {
      socket.destroy();
      return;
    }
    const { status, reason, key } = ANSWERS[error.code ?? ''] ?? UNREADABLE;
    const body = JSON.stringify({ code: status, message: translate(state ?? 'en', key) });
    const head =
      `HTTP/1.1 ${status} ${reason}\r\n${this.headers}cache-control: no-store\r\n` +
      `content-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
      'connection: close\r\n\r\n';
    socket.end(head + body, () => socket.destroy());
  };
}

/** What is still read of a request's body after its answer, at most. */
const LINGER_MAX_BYTES = 16 * 1024 * 1024;

/**
 * Closes the connection of a request answered before its body arrived (refused, or a read that
 * ignores its body) without losing the answer. Node closes such a connection once the answer is
 * written; closing a socket while body bytes still arrive makes the kernel reset the connection,
 * and a client still sending then often gets the reset instead of the answer. So the answer is
 * followed by a half-close, and what still arrives is read and dropped — at most 16 MiB, within
 * the request timeout — until the client closes its side too (nginx calls this lingering close).
 */
export function lingerBeforeClosing(server: Server): void {
  server.prependListener('request', (request: IncomingMessage) => {
    const headers = request.headers;
    if (headers['content-length'] === undefined && headers['transfer-encoding'] === undefined) return;
    const socket = request.socket;
    // Node calls destroySoon once an answer that says `connection: close` is written.
    socket.destroySoon = () => {
      if (request.complete) return Socket.prototype.destroySoon.call(socket);
      socket.end();
      let dropped = 0;
      request.on('data', (chunk: Buffer) => {
        dropped += chunk.length;
        if (dropped > LINGER_MAX_BYTES) socket.destroy();
      });
      request.resume();
    };
  });
}
