/**
 * A process that opens PGlite files, for the race in one-process.api.test.ts: it prints `ready`
 * once loaded, opens the database (`argv`: folder, holder) when a line arrives on its input, prints
 * `opened` or `refused <owner's pid>`, and closes it when its input ends.
 */
import { once } from 'node:events';
import { openDatabase } from '#server/db/client';
import { DatabaseInUse } from '#server/db/process-lock';

const [dir = '', holder = 'a racer'] = process.argv.slice(2);
const ended = once(process.stdin, 'end');
process.stdin.resume();
console.log('ready');
await once(process.stdin, 'data');
try {
  const database = await openDatabase({ kind: 'files', dir }, { holder });
  console.log('opened');
  await ended;
  await database.close();
} catch (err) {
  if (!(err instanceof DatabaseInUse)) throw err;
  console.log(`refused ${err.owner.pid}`);
}
