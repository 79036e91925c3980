import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import { ByteLru } from './byte-lru';
import { type PrebuiltAnswer, type PrebuiltReply, prebuiltReply } from './prebuilt-answer';

/** The answer a URL stands for now, made as its route makes it; throws when the route would not answer 200. */
export type Resolve = () => PrebuiltAnswer;

/** What one remembered URL is charged beyond its text: the closure and what it holds of the parsed query. */
const RESOLVE_BYTES = 512;

export interface AnswerLaneOptions {
  /** The security headers of every API answer (plugins/security-headers.ts). */
  headers: Record<string, string>;
  maxAgeSeconds: number;
  /** Bytes the remembered URLs may hold, their text and their closures. */
  budget: number;
  /** Asked per request: while the shop logs at debug, every request goes to the router, which logs each one. */
  logsDebug: () => boolean;
}

/**
 * A lane in front of Fastify's router for the catalogue's prebuilt answers. A catalogue route
 * that has answered a URL through the router teaches the lane how to make that URL's answer again
 * (`learn`); the next GET or HEAD of the very same URL is answered here, with the same bytes and
 * headers, skipping the router, the hooks and the reply object, which cost a read of a few KB
 * more than the answer itself (bench/RESULTS.md, part reads). Anything the lane does not know —
 * another method, a URL never answered, a resolver that throws (a product gone) — goes on to the
 * router unchanged, which answers, logs and fails as it always does.
 */
export class AnswerLane {
  private readonly known: ByteLru<Resolve>;
  /** Header lines by the bytes they go with (headOf). */
  private readonly heads = new WeakMap<object, string[]>();
  private answered = 0;

  constructor(private readonly opts: AnswerLaneOptions) {
    this.known = new ByteLru(opts.budget);
  }

  /** How many requests the lane has answered: tests check that it did. */
  get served(): number {
    return this.answered;
  }

  /**
   * The answer `resolve` makes now, remembering how to make this request's URL's answer again;
   * a route calls it as it answers through the router.
   */
  learn(request: FastifyRequest, resolve: Resolve): PrebuiltAnswer {
    const answer = resolve();
    const url = request.raw.url;
    if (url !== undefined && this.known.get(url) === undefined) this.known.set(url, resolve, RESOLVE_BYTES);
    return answer;
  }

  /**
   * The header lines of `out` with the API's security headers, as Node takes them (name, value,
   * …), made once per bytes sent (a 304, which sends none, once per answer). Keyed by the bytes,
   * not the answer: an answer asked for again is compressed anew (prebuilt-answer.ts,
   * compressWell), and its old content-length would then cut the new bytes short. Spreading a
   * dozen headers into a new object per request cost more than all of Fastify's routing.
   */
  private headOf(answer: PrebuiltAnswer, out: PrebuiltReply): string[] {
    const sent: object = out.bytes ?? answer;
    let head = this.heads.get(sent);
    if (head === undefined) {
      const all = { ...this.opts.headers, ...out.headers };
      if (out.bytes) all['content-length'] = String(out.bytes.length);
      head = Object.entries(all).flat();
      this.heads.set(sent, head);
    }
    return head;
  }

  /** Answers `req` if it is a GET or HEAD of a learnt URL; false leaves it to the router. */
  serve(req: IncomingMessage, res: ServerResponse): boolean {
    const { method, url } = req;
    if ((method !== 'GET' && method !== 'HEAD') || url === undefined) return false;
    const resolve = this.known.get(url);
    if (resolve === undefined || this.opts.logsDebug()) return false;
    let answer: PrebuiltAnswer;
    try {
      answer = resolve();
    } catch {
      // The route would answer otherwise now (a product gone): it says how, and the lane forgets.
      this.known.take(url);
      return false;
    }
    const { headers } = req;
    const out = prebuiltReply(
      answer,
      headers['if-none-match'],
      headers['accept-encoding'],
      this.opts.maxAgeSeconds,
    );
    res.writeHead(out.status, this.headOf(answer, out));
    res.end(method === 'HEAD' ? undefined : out.bytes);
    this.answered++;
    return true;
  }
}

/**
 * Fastify's `serverFactory`: the HTTP server Fastify would make (its timeouts and limits), with
 * the lane asked first. `inject()` calls the router directly and never meets the lane.
 */
export function serverWithLane(lane: AnswerLane) {
  return (
    router: (req: IncomingMessage, res: ServerResponse) => void,
    options: FastifyServerOptions & { http?: object },
  ): Server => {
    const server = createServer(options.http ?? {}, (req, res) => {
      if (!lane.serve(req, res)) router(req, res);
    });
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    server.setTimeout(options.connectionTimeout ?? 0);
    return server;
  };
}
