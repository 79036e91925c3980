import { setTimeout as sleep } from 'node:timers/promises';
import { acquireProcessLock, DatabaseInUse } from '#server/db/process-lock';

/**
 * One build at a time on a checkout: several `npm start`s on one fresh tree (a supervisor starting
 * three processes at once) would otherwise each render the pictures and make the dumps, over each
 * other's files. The lock is process-lock.ts's (decisions/006): claimed atomically, taken over when
 * its process has gone, so a build killed half-way does not block the next one. The others wait
 * for it, then look again and find the parts built.
 */
export async function withBuildLock<T>(
  folder: string,
  fn: () => Promise<T>,
  options: { pollMs?: number; onWait?: (holder: DatabaseInUse) => void } = {},
): Promise<T> {
  let told = false;
  for (;;) {
    let lock: ReturnType<typeof acquireProcessLock>;
    try {
      lock = acquireProcessLock(folder, 'the build (npm run build, npm start)');
    } catch (err) {
      if (!(err instanceof DatabaseInUse)) throw err;
      if (!told) options.onWait?.(err);
      told = true;
      await sleep(options.pollMs ?? 200);
      continue;
    }
    try {
      return await fn();
    } finally {
      lock.release();
    }
  }
}
