import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ByteLru } from './byte-lru';

/** Smaller answers go as they are: compressing them saves less than it costs. */
const COMPRESS_FROM_BYTES = 1024;
/**
 * How hard an answer is compressed. Brotli at quality 6 costs about 20–35 µs of main-thread time a
 * KB of JSON; quality 1 (and gzip 1) about 3–5 µs, for 10–25% more bytes (measured on product
 * pages, docs/decisions/006). An answer asked for once gets the cheap form; one asked for again is
 * compressed well, if it is no larger than COMPRESS_WELL_UP_TO_BYTES: above that a single
 * compression would stall every other request for tens of milliseconds.
 */
const EFFORT = { cheap: { brotli: 1, gzip: 1 }, well: { brotli: 6, gzip: 6 } } as const;
const COMPRESS_WELL_UP_TO_BYTES = 256 * 1024;
type Effort = keyof typeof EFFORT;

/**
 * The bytes in memory of their own. A small Buffer is a view into a shared 8 KB pool and zlib's
 * output a view into a 16 KB chunk: a kept view keeps all of it alive, which a byte budget counting
 * the view's length would not see.
 */
function ownBytes(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}

/**
 * A JSON answer serialised once, with its ETag and compressed forms made on first demand.
 * Serving these bytes instead of serialising per request is what keeps catalogue reads near
 * the ceiling of a bare node:http server (docs/decisions/001).
 */
export class PrebuiltAnswer {
  readonly etag: string;
  private effort: Effort = 'cheap';
  private brotlied?: Buffer;
  private gzipped?: Buffer;

  /** `resized` hears how many bytes each compressed form added (or dropping them freed). */
  constructor(
    readonly body: Buffer,
    private readonly resized?: (delta: number) => void,
  ) {
    this.etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
  }

  static of(value: unknown, resized?: (delta: number) => void): PrebuiltAnswer {
    return new PrebuiltAnswer(ownBytes(Buffer.from(JSON.stringify(value))), resized);
  }

  /** Bytes held: the body and every compressed form made so far. */
  get bytes(): number {
    return this.body.length + (this.brotlied?.length ?? 0) + (this.gzipped?.length ?? 0);
  }

  /** Asked for again: compressed well from now on, unless too large to compress well cheaply. */
  compressWell(): void {
    if (this.effort === 'well' || this.body.length > COMPRESS_WELL_UP_TO_BYTES) return;
    this.effort = 'well';
    const freed = this.bytes - this.body.length;
    this.brotlied = this.gzipped = undefined;
    if (freed > 0) this.resized?.(-freed);
  }

  /** The body in the best encoding the client accepts (brotli, then gzip); small bodies stay as they are. */
  encoded(acceptEncoding: string | undefined): { encoding?: 'br' | 'gzip'; bytes: Buffer } {
    if (!acceptEncoding || this.body.length < COMPRESS_FROM_BYTES) return { bytes: this.body };
    const effort = EFFORT[this.effort];
    if (/\bbr\b/.test(acceptEncoding)) {
      this.brotlied ??= this.hold(
        brotliCompressSync(this.body, {
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: effort.brotli,
            [zlib.BROTLI_PARAM_SIZE_HINT]: this.body.length,
          },
        }),
      );
      return { encoding: 'br', bytes: this.brotlied };
    }
    if (/\bgzip\b/.test(acceptEncoding)) {
      this.gzipped ??= this.hold(gzipSync(this.body, { level: effort.gzip }));
      return { encoding: 'gzip', bytes: this.gzipped };
    }
    return { bytes: this.body };
  }

  private hold(compressed: Buffer): Buffer {
    const own = ownBytes(compressed);
    this.resized?.(own.length);
    return own;
  }
}

/** How many of the answers kept in one cache are asked for well again in the next one. */
const CARRIED_KEYS = 200;

/**
 * What a kept answer was built from, and the basis it was last found good for: held weakly, a
 * kept answer must not keep a whole old snapshot alive.
 */
interface Made {
  basis: WeakRef<object>;
  parts: readonly unknown[] | undefined;
}

/**
 * The parts of an answer's basis, read once per ask. (No closures on this path: the server's build
 * keeps function names, which costs a call for every closure made.)
 */
interface PartsNow {
  parts: readonly unknown[] | undefined;
}

/** What recording an answer's basis costs beyond its parts: the record, a weak reference, the weak map's slot. */
const MADE_BYTES = 160;

function sameParts(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The prebuilt answers of one catalogue snapshot, bounded in bytes: each answer's body and every
 * compressed form it holds. A segmented LRU: a new answer waits in the `tried` quarter of the
 * budget, compressed cheaply; asked for again, it moves to the `kept` three quarters and is
 * compressed well. A stream of one-off queries (odd page sizes, searches typed once) so churns
 * only `tried` and never pushes out the pages every shopper asks for. An answer larger than an
 * eighth of the budget is served without being kept. Replaced whole when the data changes in a
 * way answers cannot tell (a reload, stock figures); the answers most recently kept in the cache it
 * replaces go straight to `kept` in the new one. Across a patched snapshot it stays, and each
 * answer asked for with a basis and its parts is checked against the new one (docs/decisions/014).
 */
export class AnswerCache {
  private readonly tried: ByteLru<PrebuiltAnswer>;
  private readonly kept: ByteLru<PrebuiltAnswer>;
  private readonly largest: number;
  private readonly wasKept: ReadonlySet<string>;
  private readonly made = new WeakMap<PrebuiltAnswer, Made>();
  private builds = 0;

  constructor(
    readonly budget: number,
    previous?: AnswerCache,
  ) {
    this.tried = new ByteLru(Math.floor(budget / 4));
    this.kept = new ByteLru(budget - this.tried.budget);
    this.largest = Math.floor(budget / 8);
    this.wasKept = new Set(previous?.kept.recentKeys(CARRIED_KEYS));
  }

  /**
   * The answer under `key`; built from `build()` when missing, and kept if it fits.
   *
   * `basis`: the data it is answered from now (e.g. a catalogue snapshot); `parts`: what of that
   * data the answer is made of. An answer kept from an earlier basis is served again only when
   * `parts()` gives the very same objects, one by one, as when it was built: data that is never
   * changed in place (a patched snapshot shares what it did not change) then makes the same
   * answer. Without `parts`, an answer serves its own basis only; without `basis`, any ask.
   */
  get(key: string, build: () => unknown, basis?: object, parts?: () => readonly unknown[]): PrebuiltAnswer {
    const now: PartsNow = { parts: undefined };
    const kept = this.kept.get(key);
    if (kept && this.good(kept, basis, parts, now)) return kept;
    const again = this.tried.take(key);
    if (again && this.good(again, basis, parts, now)) return this.keep(key, again);
    // Asked for before (still kept, or tried) but made from other parts: made again, and kept.
    const wanted = kept !== undefined || again !== undefined;
    if (kept) this.kept.take(key);
    // The parts are read before the answer is built, from the same basis.
    if (parts) now.parts ??= parts();
    const answer = PrebuiltAnswer.of(build(), (delta) => this.charge(key, answer, delta));
    this.builds++;
    if (basis) this.made.set(answer, { basis: new WeakRef(basis), parts: now.parts });
    if (wanted || this.wasKept.has(key)) return this.keep(key, answer);
    if (answer.body.length <= this.largest) this.tried.set(key, answer, this.held(answer));
    return answer;
  }

  /** Whether `answer` may be served for `basis` (read at most once per ask, into `now`). */
  private good(
    answer: PrebuiltAnswer,
    basis: object | undefined,
    parts: (() => readonly unknown[]) | undefined,
    now: PartsNow,
  ): boolean {
    if (!basis) return true;
    const made = this.made.get(answer);
    if (!made) return false;
    if (made.basis.deref() === basis) return true;
    if (!made.parts || !parts) return false;
    now.parts ??= parts();
    if (!sameParts(made.parts, now.parts)) return false;
    made.basis = new WeakRef(basis);
    return true;
  }

  /** Bytes held by the answers kept now; never above `budget`. */
  get bytes(): number {
    return this.tried.bytes + this.kept.bytes;
  }

  get size(): number {
    return this.tried.size + this.kept.size;
  }

  /** How many answers it has built (kept or not). */
  get built(): number {
    return this.builds;
  }

  private keep(key: string, answer: PrebuiltAnswer): PrebuiltAnswer {
    answer.compressWell();
    if (answer.body.length <= this.largest) this.kept.set(key, answer, this.held(answer));
    return answer;
  }

  /** Bytes an answer holds, with what it records of its parts (a reference each, and the record). */
  private held(answer: PrebuiltAnswer): number {
    const made = this.made.get(answer);
    return answer.bytes + (made ? MADE_BYTES + 8 * (made.parts?.length ?? 0) : 0);
  }

  private charge(key: string, answer: PrebuiltAnswer, delta: number): void {
    if (!this.tried.charge(key, answer, delta)) this.kept.charge(key, answer, delta);
  }
}

/** What a prebuilt answer is sent as: its status, its headers, and its bytes (none for a 304). */
export interface PrebuiltReply {
  status: 200 | 304;
  headers: Record<string, string>;
  bytes?: Buffer;
}

/**
 * A prebuilt answer as the client asked for it: 304 when its If-None-Match names the ETag, else
 * the body in the best encoding it accepts. One function for both ways an answer leaves: through
 * Fastify's reply (sendPrebuilt) and through the lane in front of the router (answer-lane.ts).
 */
export function prebuiltReply(
  answer: PrebuiltAnswer,
  ifNoneMatch: string | undefined,
  acceptEncoding: string | undefined,
  maxAgeSeconds: number,
): PrebuiltReply {
  const headers: Record<string, string> = {
    'cache-control': `public, max-age=${maxAgeSeconds}`,
    etag: answer.etag,
    vary: 'Accept-Encoding',
  };
  if (ifNoneMatch?.split(/\s*,\s*/).some((tag) => tag === answer.etag || tag === `W/${answer.etag}`)) {
    return { status: 304, headers };
  }
  const { encoding, bytes } = answer.encoded(acceptEncoding);
  if (encoding) headers['content-encoding'] = encoding;
  headers['content-type'] = 'application/json; charset=utf-8';
  return { status: 200, headers, bytes };
}

/** Sends a prebuilt answer with ETag revalidation (304) and a short shared cache lifetime. */
export function sendPrebuilt(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: PrebuiltAnswer,
  maxAgeSeconds: number,
): FastifyReply {
  const { headers } = request;
  const out = prebuiltReply(answer, headers['if-none-match'], headers['accept-encoding'], maxAgeSeconds);
  reply.headers(out.headers);
  return out.bytes ? reply.send(out.bytes) : reply.code(304).send();
}
