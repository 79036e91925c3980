/** What every polling worker is told; a subclass adds its own (lease, back-off, batch…). */
export interface PollingOptions {
  /** How often to look for due rows. */
  pollMs: number;
}

/** A worker that holds what it claims for a lease and tries again after a back-off. */
export interface LeasedPollingOptions extends PollingOptions {
  /** Longer than the work can take (a gateway call: 15 s by default), so it is never done twice. */
  leaseMs: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Tries before the row is given up. */
  maxAttempts: number;
  /** Rows claimed at once. */
  batch: number;
}

/**
 * For a worker whose work is a payment gateway's call (packing refunds, holds): a 5-minute lease
 * (the call times out in 15 s), tries after 1 minute doubling to hourly, about two days of them —
 * long enough for a card charge to settle before it can be partly refunded.
 */
export const GATEWAY_WORKER_DEFAULTS: LeasedPollingOptions = {
  pollMs: 5_000,
  leaseMs: 5 * 60_000,
  baseDelayMs: 60_000,
  maxDelayMs: 60 * 60_000,
  maxAttempts: 60,
  batch: 10,
};

/**
 * The timer a worker runs on (docs/architecture.md §1, Words: worker): a run at once, then one
 * `pollMs` after each run ends, never two runs at a time, and a stop that waits for the run under
 * way. A run claims the due rows (`claim`) and does each in turn (`handle`), both the subclass's.
 */
export abstract class PollingWorker<Row, Options extends PollingOptions> {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private stopped = false;

  /** `onRunFailed` logs a run that threw; the next one still comes `pollMs` later. */
  constructor(
    protected readonly options: Options,
    private readonly onRunFailed: (err: unknown) => void,
  ) {}

  /** Runs at once (what a crashed process left is done on start), then every `pollMs`, until stop. */
  start(): void {
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      void this.runOnce()
        .catch(this.onRunFailed)
        .finally(() => {
          if (!this.stopped) {
            this.timer = setTimeout(tick, this.options.pollMs);
            this.timer.unref();
          }
        });
    };
    tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running?.catch(() => 0);
  }

  /** One run (or the one under way). Answers how many rows it tried. */
  runOnce(): Promise<number> {
    this.running ??= this.run().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /** Claims the due rows (several processes never take the same one) and holds them for a lease. */
  protected abstract claim(): Promise<Row[]>;

  /** Does one claimed row: its work, then its `sent`, back-off or `failed` mark. */
  protected abstract handle(row: Row): Promise<void>;

  private async run(): Promise<number> {
    const claimed = await this.claim();
    for (const row of claimed) await this.handle(row);
    return claimed.length;
  }
}

/** The wait before try `attempts + 1` after `attempts` failed ones: base, twice it, four times … capped. */
export function retryDelay(attempts: number, options: { baseDelayMs: number; maxDelayMs: number }): number {
  return Math.min(options.baseDelayMs * 2 ** Math.max(0, attempts - 1), options.maxDelayMs);
}
