import { AppError } from '#server/errors';

/** How long a refused caller is asked to wait: a full line drains in a few seconds at full cost. */
export const BUSY_RETRY_SECONDS = 5;

export interface HashQueueLimits {
  /** Computations allowed at once; each holds its memory (128 MiB at OWASP's scrypt cost). */
  running: number;
  /** Callers allowed to wait for a free place; the next one is refused. */
  waiting: number;
}

/**
 * Runs expensive password computations a few at a time, with a bounded line of callers waiting,
 * so a burst of sign-ins can never hold more than `running` hashes' memory, fill Node's thread
 * pool (file and DNS work shares it), or queue without end. A caller that finds the line full is
 * refused at once with a 503 and Retry-After, in the caller's language.
 */
export class HashQueue {
  private active = 0;
  private readonly line: Array<() => void> = [];

  constructor(readonly limits: HashQueueLimits) {}

  /** Runs `task` when a place is free; throws the 503 when the waiting line is full. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.enter();
    try {
      return await task();
    } finally {
      this.leave();
    }
  }

  /** How many computations run and how many callers wait, now. */
  get load(): { running: number; waiting: number } {
    return { running: this.active, waiting: this.line.length };
  }

  private enter(): Promise<void> {
    if (this.active < this.limits.running) {
      this.active++;
      return Promise.resolve();
    }
    if (this.line.length >= this.limits.waiting) return Promise.reject(hashingBusy());
    return new Promise((resolve) => this.line.push(resolve));
  }

  private leave(): void {
    const next = this.line.shift();
    // The place passes straight to the next caller, so `active` never drops below the line's need.
    if (next) next();
    else this.active--;
  }
}

function hashingBusy(): AppError {
  return new AppError(
    503,
    'errors:account.busy',
    { seconds: BUSY_RETRY_SECONDS },
    { 'retry-after': String(BUSY_RETRY_SECONDS) },
  );
}
