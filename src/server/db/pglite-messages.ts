import type { MessagePort } from 'node:worker_threads';

/**
 * What the main thread and the PGlite worker thread (pglite-worker.ts, pglite-thread.ts) say to
 * each other. Every request carries an id and gets exactly one reply with the same id.
 */
export type PgliteRequest =
  /** Opens the database: files under `dataDir`, or in memory; from a dump when given one. */
  | { op: 'open'; dataDir: string | undefined; loadDataDir: ArrayBuffer | undefined }
  /**
   * One statement. `identityTypes`: the type OIDs whose values stay text (Drizzle's parsers for
   * dates, intervals and their arrays; functions cannot cross threads, so their type ids do).
   * `tx`: the open transaction it belongs to.
   */
  | {
      op: 'query';
      sql: string;
      params: unknown[];
      rowMode: 'array' | 'object';
      identityTypes: number[];
      tx: number | undefined;
    }
  | { op: 'exec'; sql: string; tx: number | undefined }
  /** BEGIN; answers the transaction's number once it is open. */
  | { op: 'begin' }
  /** COMMIT (or ROLLBACK) of an open transaction. */
  | { op: 'end'; tx: number; commit: boolean }
  /** The data directory as an uncompressed tar (PGlite's `dumpDataDir('none')`). */
  | { op: 'dump' }
  | { op: 'close' };

/**
 * `now`: the main thread is blocked waiting for this answer (a transaction's statements and its
 * end): the worker answers on the shared reply port and wakes it through the shared signal.
 */
export type PgliteEnvelope = PgliteRequest & { id: number; now?: boolean };

/** What the worker is started with: where it answers blocked waits, and how it wakes them. */
export interface PgliteWorkerData {
  /** Counts answers posted on `replies`; the worker adds one and notifies after each. */
  signal: Int32Array;
  replies: MessagePort;
}

export type PgliteReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: CrossedError };

/** An error thrown in the worker, as it crosses to the main thread (a structured clone loses its class). */
export interface CrossedError {
  message: string;
  name: string;
  /** A PostgreSQL error (PGlite's DatabaseError), whose fields the code and the logs read. */
  database: boolean;
  fields: Record<string, unknown>;
}

/**
 * The fields of a PostgreSQL error as PGlite sets them, and the statement and parameters it adds:
 * callers read `code` and `constraint`, logs read the rest (log-errors.ts).
 */
export const ERROR_FIELDS = [
  'severity',
  'code',
  'detail',
  'hint',
  'position',
  'internalPosition',
  'internalQuery',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'file',
  'line',
  'routine',
  'query',
  'params',
] as const;
