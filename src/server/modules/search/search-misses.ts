import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '#server/clock';
import type { Db } from '#server/db/client';
import { searchMisses } from '#server/db/schema';
import { shopDate } from '#server/shop-time';
import type { Language } from '#shared/constants';
import { MISS_TERM_MAX } from '#shared/schemas/search-admin.rules';
import { capCodePoints, normaliseQuery } from './search.normalise';

export interface SearchMissOptions {
  /** How often the counts are added to the database. */
  flushMs: number;
  /** Distinct (day, language, term) counted in memory at most; later new terms wait for a flush. */
  maxTerms: number;
}

export const SEARCH_MISS_DEFAULTS: SearchMissOptions = { flushMs: 60_000, maxTerms: 5_000 };
const FLUSH_BATCH = 500;

/**
 * Storefront searches that found nothing (docs/architecture.md, Search): the normalised term and
 * the language, counted per shop day. Nothing about who searched is kept. Counted in memory and
 * added to `search_misses` in batches every `flushMs` (and when the app closes), never a write per
 * search; the map is bounded, so a flood of random terms costs at most `maxTerms` entries.
 */
export class SearchMisses {
  private counts = new Map<string, number>();
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

  /** Counts one search for `query` in `language` that found nothing. */
  note(query: string, language: Language): void {
    const term = capCodePoints(normaliseQuery(query), MISS_TERM_MAX).trim();
    if (term === '') return;
    const key = `${shopDate(this.deps.clock.now(), this.deps.timeZone)}\n${language}\n${term}`;
    const seen = this.counts.get(key);
    if (seen === undefined && this.counts.size >= this.options.maxTerms) {
      this.dropped++;
      return;
    }
    this.counts.set(key, (seen ?? 0) + 1);
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
    const rows = [...taken].map(([key, count]) => {
      const [day = '', language = '', term = ''] = key.split('\n');
      return { day, language, term, count };
    });
    try {
      for (let i = 0; i < rows.length; i += FLUSH_BATCH) {
        await this.deps.db
          .insert(searchMisses)
          .values(rows.slice(i, i + FLUSH_BATCH))
          .onConflictDoUpdate({
            target: [searchMisses.day, searchMisses.language, searchMisses.term],
            set: { count: sql`${searchMisses.count} + excluded.count` },
          });
      }
    } catch (error) {
      // Counted again next time, within the bound.
      for (const [key, count] of taken) {
        if (this.counts.size < this.options.maxTerms || this.counts.has(key))
          this.counts.set(key, (this.counts.get(key) ?? 0) + count);
      }
      throw error;
    }
  }
}
