import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { shopDate } from '#server/shop-time';
import type { Language } from '#shared/constants';
import { MISS_TERM_MAX } from '#shared/schemas/search-admin.rules';
import { capCodePoints, normaliseQuery } from './search.normalise';
import { type MissBounds, type PendingMiss, trimMisses, writeMissBatch } from './search-misses.writes';

export interface SearchMissOptions extends MissBounds {
  /** How often the counts are added to the database. */
  flushMs: number;
  /** Distinct (day, language, term) counted in memory at most; later new terms wait for a flush. */
  maxTerms: number;
}

export const SEARCH_MISS_DEFAULTS: SearchMissOptions = {
  flushMs: 60_000,
  maxTerms: 5_000,
  newTermsPerClient: 50,
  maxRows: 20_000,
};
const FLUSH_BATCH = 500;

/**
 * Storefront searches that found nothing (docs/architecture.md, Search): the normalised term and
 * the language, counted per shop day. Nothing about who searched is kept. Counted in memory and
 * added to `search_misses` in batches every `flushMs` (and when the app closes), never a write per
 * search; the map is bounded, so a flood of random terms costs at most `maxTerms` entries. The
 * list is bounded too: a client adds at most `newTermsPerClient` new terms an hour (counted in the
 * database, across processes, as throttles are: docs/decisions/010-throttles-in-the-database.md),
 * and it keeps at most `maxRows` rows.
 */
export class SearchMisses {
  private counts = new Map<string, { count: number; client: string }>();
  /** New terms each client brought since the last flush, so one client cannot fill the map. */
  private newByClient = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  /** Terms left out because the map was full, since the start (for the logs). */
  dropped = 0;

  constructor(
    private readonly deps: { db: Db; clock: Clock; timeZone: string; log: FastifyBaseLogger },
    private readonly options: SearchMissOptions = SEARCH_MISS_DEFAULTS,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      this.flush().catch((err) => this.deps.log.warn({ err }, 'search misses flush failed'));
    }, this.options.flushMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  /**
   * Counts one search for `query`, from `client` (`clientKey`), that found nothing: under the
   * language it is written in (missLanguage), the shopper's `language` when the term cannot tell.
   */
  note(query: string, language: Language, client: string): void {
    const term = capCodePoints(normaliseQuery(query), MISS_TERM_MAX).trim();
    if (term === '') return;
    language = missLanguage(term, language);
    const key = `${shopDate(this.deps.clock.now(), this.deps.timeZone)}\n${language}\n${term}`;
    const seen = this.counts.get(key);
    if (seen) {
      seen.count++;
      return;
    }
    const brought = this.newByClient.get(client) ?? 0;
    if (this.counts.size >= this.options.maxTerms || brought >= this.options.newTermsPerClient) {
      this.dropped++;
      return;
    }
    this.newByClient.set(client, brought + 1);
    this.counts.set(key, { count: 1, client });
  }

  /** Adds the counts so far to the database; one flush at a time. */
  flush(): Promise<void> {
    this.flushing = this.flushing.catch(() => undefined).then(() => this.write());
    return this.flushing;
  }

  private async write(): Promise<void> {
    if (this.counts.size === 0) return;
    const taken = this.counts;
    this.counts = new Map();
    this.newByClient = new Map();
    const misses: PendingMiss[] = [...taken].map(([key, { count, client }]) => {
      const [day = '', language = '', term = ''] = key.split('\n');
      return { day, language, term, count, client };
    });
    const now = this.deps.clock.now();
    for (let i = 0; i < misses.length; i += FLUSH_BATCH) {
      try {
        this.dropped += await writeMissBatch(
          this.deps.db,
          misses.slice(i, i + FLUSH_BATCH),
          now,
          this.options,
        );
      } catch (error) {
        this.requeue(misses.slice(i));
        throw error;
      }
    }
    await trimMisses(this.deps.db, this.options.maxRows);
  }

  /** Counts that could not be written are counted again next time, within the bound. */
  private requeue(misses: readonly PendingMiss[]): void {
    for (const { day, language, term, count, client } of misses) {
      const key = `${day}\n${language}\n${term}`;
      const seen = this.counts.get(key);
      if (seen) seen.count += count;
      else if (this.counts.size < this.options.maxTerms) this.counts.set(key, { count, client });
    }
  }
}

/** Han characters (CJK ideographs and their extensions, and CJK punctuation). */
const HAN = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]|[\u{20000}-\u{2fa1f}]/u;

/**
 * The language a missed term is filed under: Chinese when it has Han characters, whatever language
 * the shopper browsed in; else the shopper's (Latin letters in the Chinese shop are often pinyin).
 */
export function missLanguage(term: string, browsing: Language): Language {
  return HAN.test(term) ? 'zh' : browsing;
}
