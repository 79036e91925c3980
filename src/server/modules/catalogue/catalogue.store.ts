import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { AnswerCache } from '../../prebuilt-answer';
import { type CatalogueSnapshot, loadCatalogueSnapshot, readCatalogueVersion } from './catalogue.snapshot';

interface Loaded {
  snapshot: CatalogueSnapshot;
  answers: AnswerCache;
}

/**
 * The live catalogue of one process: the current snapshot and its prebuilt answers. It polls the
 * catalogue version so a change made by any process (or a promotion starting) is picked up within
 * one poll interval; a change made here is picked up at once through `changed()`.
 */
export class CatalogueStore {
  private loaded: Loaded | undefined;
  private reloading: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  async start(pollMs: number): Promise<void> {
    await this.reload();
    this.timer = setInterval(() => {
      this.refreshIfStale().catch((err) => this.log.warn({ err }, 'catalogue refresh failed'));
    }, pollMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  get snapshot(): CatalogueSnapshot {
    return this.current().snapshot;
  }

  get answers(): AnswerCache {
    return this.current().answers;
  }

  /** Call after this process changed the catalogue (and bumped its version). */
  changed(): Promise<void> {
    return this.reload();
  }

  /** Reloads when another process bumped the version or a promotion boundary has passed. */
  async refreshIfStale(): Promise<void> {
    const loaded = this.current();
    const due =
      loaded.snapshot.nextChangeAt !== null && this.clock.now().getTime() >= loaded.snapshot.nextChangeAt;
    if (due || (await readCatalogueVersion(this.db)) !== loaded.snapshot.version) await this.reload();
  }

  private current(): Loaded {
    if (!this.loaded) throw new Error('catalogue not loaded yet');
    return this.loaded;
  }

  private reload(): Promise<void> {
    // Reloads run one after another, so the last one to finish has read the newest version.
    const run = (this.reloading ?? Promise.resolve())
      .catch(() => undefined)
      .then(async () => {
        const snapshot = await loadCatalogueSnapshot(this.db, this.clock.now());
        this.loaded = { snapshot, answers: new AnswerCache() };
        this.log.debug({ version: snapshot.version, products: snapshot.products.length }, 'catalogue loaded');
      });
    this.reloading = run;
    return run;
  }
}
