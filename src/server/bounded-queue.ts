import type { AppError } from '#server/errors';

export interface BoundedQueueLimits {
  /** Tasks allowed at once; each holds its memory while it runs. */
  running: number;
  /** Callers allowed to wait for a free place; the next one is refused. */
  waiting: number;
}

/**
 * Runs expensive work a few tasks at a time, with a bounded line of callers waiting, so a burst
 * can never hold more than `running` tasks' memory, fill Node's thread pool (file and DNS work
 * shares it), or queue without end. A caller that finds the line full is refused at once with
 * the error `busy` makes (a 503 or 429 with Retry-After, in the caller's language).
 */
export class BoundedQueue {
  private active = 0;
  private readonly line: Array<() => void> = [];

  constructor(
    readonly limits: BoundedQueueLimits,
    private readonly busy: () => AppError,
  ) {}

  /** Runs `task` when a place is free; throws `busy()` when the waiting line is full. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.enter();
    try {
      return await task();
    } finally {
      this.leave();
    }
  }

  /** How many tasks run and how many callers wait, now. */
  get load(): { running: number; waiting: number } {
    return { running: this.active, waiting: this.line.length };
  }

  private enter(): Promise<void> {
    if (this.active < this.limits.running) {
      this.active++;
      return Promise.resolve();
    }
    if (this.line.length >= this.limits.waiting) return Promise.reject(this.busy());
    return new Promise((resolve) => this.line.push(resolve));
  }

  private leave(): void {
    const next = this.line.shift();
    // The place passes straight to the next caller, so `active` never drops below the line's need.
    if (next) next();
    else this.active--;
  }
}
