import { expect, it } from 'vitest';
import { HandTimers } from '../../tests/helpers/hand-timers';
import { type PollingOptions, PollingWorker } from './polling-worker';

/** A worker over an in-memory queue: each claim takes up to `batch` rows; a run can be held open. */
class QueueWorker extends PollingWorker<number, PollingOptions & { batch: number }> {
  readonly queue: number[] = [];
  readonly done: number[] = [];
  runs: number[] = [];
  hold: Promise<void> | undefined;

  /** Looks first, then waits for `hold`: rows queued meanwhile were not seen by this claim. */
  protected async claim(): Promise<number[]> {
    const rows = this.queue.splice(0, this.options.batch);
    await this.hold;
    return rows;
  }

  protected async handle(row: number): Promise<void> {
    this.done.push(row);
  }

  protected override ran(tried: number): void {
    this.runs.push(tried);
  }
}

const turn = () => new Promise((resolve) => setImmediate(resolve));
/** Lets every run that can go on do so (each is a few promise turns). */
async function quiet(worker: QueueWorker): Promise<void> {
  for (let i = 0; i < 20; i++) {
    await turn();
    await worker.settled();
  }
}

it('claims again while claims come back full, and runs on without a poll', async () => {
  const timers = new HandTimers();
  const worker = new QueueWorker({ pollMs: 60_000, batch: 2, claimsPerRun: 2, timers }, () => {});
  worker.queue.push(1, 2, 3, 4, 5, 6, 7);
  worker.start();
  await quiet(worker);
  expect(worker.done).toEqual([1, 2, 3, 4, 5, 6, 7]);
  expect(worker.runs).toEqual([4, 3]);
  expect(timers.fired).toBe(0);
  expect(timers.waiting).toBe(1);
  await worker.stop();
});

it('runs once more after a run that was woken meanwhile, however many wakes', async () => {
  const timers = new HandTimers();
  const worker = new QueueWorker({ pollMs: 60_000, batch: 10, timers }, () => {});
  worker.start();
  await quiet(worker);
  let open = () => {};
  worker.hold = new Promise((resolve) => {
    open = resolve;
  });
  worker.wake();
  // Rows come while the run is claiming (it may have looked already): three wakes, one more run.
  worker.queue.push(1);
  worker.wake();
  worker.wake();
  worker.wake();
  worker.hold = undefined;
  open();
  await quiet(worker);
  expect(worker.done).toEqual([1]);
  // The start's run, the woken one that looked too early, and the one more that finds the row.
  expect(worker.runs).toEqual([0, 0, 1]);
  expect(timers.fired).toBe(0);
  await worker.stop();
  worker.queue.push(2);
  worker.wake();
  await quiet(worker);
  expect(worker.done).toEqual([1]);
});

it('without claimsPerRun, claims once a run and waits for the poll', async () => {
  const timers = new HandTimers();
  const worker = new QueueWorker({ pollMs: 60_000, batch: 2, timers }, () => {});
  worker.queue.push(1, 2, 3);
  worker.start();
  await quiet(worker);
  expect(worker.done).toEqual([1, 2]);
  timers.fire();
  await quiet(worker);
  expect(worker.done).toEqual([1, 2, 3]);
  await worker.stop();
});
