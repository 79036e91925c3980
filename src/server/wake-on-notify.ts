import type { Database } from './db/client';
import type { Listening } from './db/listen';

/** Whatever reads or claims new rows when told: the live feed, the mail outbox. */
export interface Wakeable {
  /** Reads or claims soon; a wake during a read or run makes one more after it. */
  wake(): void;
  /** Whether the listening connection is up now. */
  listening: boolean;
  /** Told `listening` with true or false as the connection comes or goes (tests wait on it). */
  readonly events: { emit(event: 'listening', up: boolean): unknown };
}

/**
 * PostgreSQL: wakes `target` at every NOTIFY on `channel` (any process's), and on (re)connecting,
 * to catch up on what was told while not listening; `lost` logs a lost connection, after which
 * `target`'s poll carries on. Answers undefined on PGlite, which tells itself in process.
 */
export function wakeOnNotify(
  database: Pick<Database, 'listen'>,
  channel: string,
  retryMs: number,
  target: Wakeable,
  lost: (err: unknown) => void,
): Listening | undefined {
  return database.listen?.(
    channel,
    {
      message: () => target.wake(),
      connected: () => {
        target.listening = true;
        target.events.emit('listening', true);
        target.wake();
      },
      lost: (err) => {
        target.listening = false;
        lost(err);
        target.events.emit('listening', false);
      },
    },
    retryMs,
  );
}
