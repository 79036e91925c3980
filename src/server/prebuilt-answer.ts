import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * How an answer is compressed. `lasting` answers (the catalogue pages every shopper asks for) are
 * compressed once and served many times: brotli, for the smallest bytes. `fleeting` answers (a
 * search term few shoppers type alike) are compressed about as often as they are served: gzip,
 * which costs half of what brotli does on a page of results for 10% more bytes.
 */
export type Compression = 'lasting' | 'fleeting';

/**
 * A JSON answer serialised once, with its ETag and compressed forms made on first demand.
 * Serving these bytes instead of serialising per request is what keeps catalogue reads near
 * the ceiling of a bare node:http server (DESIGN.md §5, Hot paths).
 */
export class PrebuiltAnswer {
  readonly etag: string;
  private gzipped?: Buffer;
  private brotlied?: Buffer;

  constructor(
    readonly body: Buffer,
    private readonly compression: Compression = 'lasting',
  ) {
    this.etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
  }

  static of(value: unknown, compression: Compression = 'lasting'): PrebuiltAnswer {
    return new PrebuiltAnswer(Buffer.from(JSON.stringify(value)), compression);
  }

  /** The body in the encoding the client accepts that suits the answer; small bodies stay as they are. */
  encoded(acceptEncoding: string | undefined): { encoding?: 'br' | 'gzip'; bytes: Buffer } {
    if (!acceptEncoding || this.body.length < 1024) return { bytes: this.body };
    const br = /\bbr\b/.test(acceptEncoding);
    const gzip = /\bgzip\b/.test(acceptEncoding);
    if (br && (this.compression === 'lasting' || !gzip)) {
      this.brotlied ??= brotliCompressSync(this.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6 } });
      return { encoding: 'br', bytes: this.brotlied };
    }
    if (gzip) {
      this.gzipped ??= gzipSync(this.body, { level: 6 });
      return { encoding: 'gzip', bytes: this.gzipped };
    }
    return { bytes: this.body };
  }
}

/** A bounded map of answers; the oldest entry goes when it is full. Replaced whole when data changes. */
export class AnswerCache {
  private readonly entries = new Map<string, PrebuiltAnswer>();

  constructor(
    private readonly maxEntries = 2000,
    private readonly compression: Compression = 'lasting',
  ) {}

  get(key: string, build: () => unknown): PrebuiltAnswer {
    const hit = this.entries.get(key);
    if (hit) return hit;
    const answer = PrebuiltAnswer.of(build(), this.compression);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, answer);
    return answer;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Sends a prebuilt answer with ETag revalidation (304) and a short shared cache lifetime. */
export function sendPrebuilt(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PrebuiltAnswer,
  maxAgeSeconds: number,
): FastifyReply {
  reply.header('cache-control', `public, max-age=${maxAgeSeconds}`);
  reply.header('etag', answer.etag);
  reply.header('vary', 'Accept-Encoding');
  const match = request.headers['if-none-match'];
  if (match?.split(/\s*,\s*/).some((tag) => tag === answer.etag || tag === `W/${answer.etag}`)) {
    return reply.code(304).send();
  }
  const { encoding, bytes } = answer.encoded(request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  reply.header('content-type', 'application/json; charset=utf-8');
  return reply.send(bytes);
}
