import { describe, expect, it } from 'vitest';
import { AppError } from '#server/errors';
import { HashQueue } from './hash-queue';

/** A task that starts when the queue runs it and ends when the test says so. */
function heldTask(started: number[], n: number) {
  let finish: () => void = () => {};
  const done = new Promise<number>((resolve) => {
    finish = () => resolve(n);
  });
  return {
    task: () => {
      started.push(n);
      return done;
    },
    finish: () => finish(),
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the hash queue', () => {
  it('runs at most `running` tasks at once, the waiting ones in arrival order', async () => {
    const queue = new HashQueue({ running: 2, waiting: 3 });
    const started: number[] = [];
    const tasks = [0, 1, 2, 3, 4].map((n) => heldTask(started, n));
    const results = tasks.map((t) => queue.run(t.task));
    await settle();
    expect(started).toEqual([0, 1]);
    expect(queue.load).toEqual({ running: 2, waiting: 3 });
    tasks[1]?.finish();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    tasks[0]?.finish();
    tasks[2]?.finish();
    await settle();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(queue.load).toEqual({ running: 2, waiting: 0 });
    for (const t of tasks) t.finish();
    expect(await Promise.all(results)).toEqual([0, 1, 2, 3, 4]);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses at once with a 503 and Retry-After when the line is full', async () => {
    const queue = new HashQueue({ running: 1, waiting: 1 });
    const started: number[] = [];
    const tasks = [0, 1].map((n) => heldTask(started, n));
    const results = tasks.map((t) => queue.run(t.task));
    const refused = await queue.run(async () => 2).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({
      status: 503,
      key: 'errors:account.busy',
      headers: { 'retry-after': '5' },
    });
    for (const t of tasks) t.finish();
    await Promise.all(results);
    expect(started).toEqual([0, 1]);
  });

  it('frees the place of a task that fails', async () => {
    const queue = new HashQueue({ running: 1, waiting: 0 });
    await expect(queue.run(() => Promise.reject(new Error('scrypt failed')))).rejects.toThrow(
      'scrypt failed',
    );
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
    expect(await queue.run(async () => 'next')).toBe('next');
  });
});
