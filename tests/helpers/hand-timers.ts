import type { PollTimers } from '#server/polling-worker';

/**
 * A worker's poll timers that fire only when the test says: a test that never fires them knows
 * that whatever the worker did, no poll did it.
 */
export class HandTimers implements PollTimers {
  private readonly pending = new Map<number, () => void>();
  private next = 0;
  /** Polls fired so far. */
  fired = 0;

  setTimeout(fn: () => void, _ms: number): number {
    this.pending.set(++this.next, fn);
    return this.next;
  }

  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }

  /** How many polls wait to be fired. */
  get waiting(): number {
    return this.pending.size;
  }

  /** Fires every poll waiting now, as if its time had come. */
  fire(): void {
    const due = [...this.pending.values()];
    this.pending.clear();
    for (const fn of due) {
      this.fired++;
      fn();
    }
  }
}
