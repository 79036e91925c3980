import { describe, expect, it } from 'vitest';
import { sizesFor, thisMachine } from './machine';

const GiB = 1024 ** 3;

describe('sizes that follow the machine', () => {
  it('gives the smallest rented server the main-thread database, one hash at a time and a small pool', () => {
    expect(sizesFor({ cores: 1, memoryBytes: GiB })).toEqual({
      pgliteThread: 'main',
      poolMax: 4,
      hashesAtOnce: 1,
    });
  });

  it('moves the database to a worker thread and hashes two at once from two cores and 2 GiB', () => {
    expect(sizesFor({ cores: 2, memoryBytes: 4 * GiB })).toMatchObject({
      pgliteThread: 'worker',
      poolMax: 6,
      hashesAtOnce: 2,
    });
    expect(sizesFor({ cores: 2, memoryBytes: GiB }).hashesAtOnce).toBe(1);
  });

  it('stops growing where larger machines have shown no need', () => {
    expect(sizesFor({ cores: 64, memoryBytes: 256 * GiB })).toEqual({
      pgliteThread: 'worker',
      poolMax: 10,
      hashesAtOnce: 2,
    });
  });

  it('reads this machine', () => {
    const machine = thisMachine();
    expect(machine.cores).toBeGreaterThanOrEqual(1);
    expect(machine.memoryBytes).toBeGreaterThan(0);
  });
});
