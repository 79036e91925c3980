/** What a worker waits with: the real timers by default, a test's hand-fired ones instead. */
export interface PollTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Unref'd, so a waiting worker never keeps the process alive. */
const REAL_TIMERS: PollTimers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** What every polling worker is told; a subclass adds its own (lease, back-off, batch…). */
export interface PollingOptions {
  /** How often to look for due rows. */
  pollMs: number;
  /**
   * Set: a run claims again while its claims come back full (`batch` rows), at most this many
   * times, and a run that stopped there is followed by the next as soon as the event loop has had
   * its turn, not a poll later. Unset: one claim a run.
   */
  claimsPerRun?: number;
  /** The timers the poll waits on (tests pass their own, so a poll fires only when they say). */
  timers?: PollTimers;
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
 * `wake` runs it sooner: now, or right after the run under way when new rows came meanwhile.
 */
export abstract class PollingWorker<Row, Options extends PollingOptions & { batch?: number }> {
  private timer: unknown;
  private running: Promise<number> | undefined;
  private stopped = true;
  /** Woken while a run was under way: one more run follows it. */
  private again = false;
  /** The last run stopped at `claimsPerRun` full claims: rows may be left. */
  private backlog = false;
  private readonly timers: PollTimers;

  /** `onRunFailed` logs a run that threw; the next one still comes `pollMs` later. */
  constructor(
    protected readonly options: Options,
    private readonly onRunFailed: (err: unknown) => void,
  ) {
    this.timers = options.timers ?? REAL_TIMERS;
  }

  /** Runs at once (what a crashed process left is done on start), then every `pollMs`, until stop. */
  start(): void {
    this.stopped = false;
    this.tick();
  }

  /**
   * Rows were queued: runs now, or once the run under way ends (it may have claimed before they
   * were there). Many wakes during one run make one more run, never a pile.
   */
  wake(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.timers.clearTimeout(this.timer);
    await this.running?.catch(() => 0);
  }

  /** Resolves once no run is under way (tests: the rows it sent are marked). */
  async settled(): Promise<void> {
    while (this.running) await this.running.catch(() => 0);
  }

  /** One run (or the one under way). Answers how many rows it tried. */
  runOnce(): Promise<number> {
    this.running ??= this.run().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        setImmediate(() => this.wake());
      }
    });
    return this.running;
  }

  /** Claims the due rows (several processes never take the same one) and holds them for a lease. */
  protected abstract claim(): Promise<Row[]>;

  /** Does one claimed row: its work, then its `sent`, back-off or `failed` mark. */
  protected abstract handle(row: Row): Promise<void>;

  /** Told after each run how many rows it tried (a subclass may tell its watchers). */
  protected ran(_tried: number): void {}

  private tick(): void {
    this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    if (this.stopped) return;
    void this.runOnce()
      .catch(this.onRunFailed)
      .finally(() => this.next());
  }

  /** After a run: the next at once when rows were left, else a poll later (a wake may come first). */
  private next(): void {
    if (this.stopped) return;
    this.timers.clearTimeout(this.timer);
    if (this.backlog) {
      this.timer = undefined;
      setImmediate(() => this.wake());
    } else this.timer = this.timers.setTimeout(() => this.tick(), this.options.pollMs);
  }

  private async run(): Promise<number> {
    this.backlog = false;
    const most = this.options.claimsPerRun ?? 1;
    let tried = 0;
    for (let claims = 1; ; claims++) {
      const claimed = await this.claim();
      for (const row of claimed) await this.handle(row);
      tried += claimed.length;
      const full = this.options.batch !== undefined && claimed.length >= this.options.batch;
      if (!full || this.options.claimsPerRun === undefined) break;
      if (claims >= most) {
        this.backlog = true;
        break;
      }
    }
    this.ran(tried);
    return tried;
  }
}

/** The wait before try `attempts + 1` after `attempts` failed ones: base, twice it, four times … capped. */
export function retryDelay(attempts: number, options: { baseDelayMs: number; maxDelayMs: number }): number {
  return Math.min(options.baseDelayMs * 2 ** Math.max(0, attempts - 1), options.maxDelayMs);
}
