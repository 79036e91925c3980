import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { messages, type ParserOptions, PGlite, type Transaction } from '@electric-sql/pglite';
import {
  type CrossedError,
  ERROR_FIELDS,
  type PgliteEnvelope,
  type PgliteReply,
  type PgliteWorkerData,
} from './pglite-messages';
import { PreparedStatements } from './pglite-prepared';
import { pgliteOptions } from './pglite-settings';

/**
 * The PGlite worker thread (docs/decisions/017): owns the one PGlite instance and runs what the
 * main thread's proxy (pglite-thread.ts) asks, so PostgreSQL's WebAssembly runs on another core
 * than HTTP. Requests are handed to PGlite in the order they arrive; PGlite's own locks queue them
 * (everything waits while a transaction is open, as on its one connection in-thread).
 */

interface OpenTransaction {
  tx: Transaction;
  /** Ends the transaction's callback: true commits, false rolls back. */
  decide(commit: boolean): void;
  /** Settles when PGlite has committed or rolled back. */
  done: Promise<void>;
}

/** Thrown inside PGlite's transaction callback to make it roll back; never leaves this file. */
const ROLL_BACK = new Error('rolled back by the caller');

let client: PGlite | undefined;
/** The client's named statements (pglite-prepared.ts). */
let prepared: PreparedStatements | undefined;
const transactions = new Map<number, OpenTransaction>();
let lastTransaction = 0;
const parsersByTypes = new Map<string, ParserOptions>();

function database(): PGlite {
  if (!client) throw new Error('the PGlite worker has no open database');
  return client;
}

/** Where a statement runs: inside its transaction, or on the database (after any open one ends). */
function target(tx: number | undefined): Pick<Transaction, 'query' | 'exec'> {
  if (tx === undefined) return database();
  const open = transactions.get(tx);
  if (!open) throw new Error(`transaction ${tx} is not open`);
  return open.tx;
}

/** Parsers that keep these types' values as PostgreSQL's text, as Drizzle's do; made once per set. */
function identityParsers(types: number[]): ParserOptions {
  const key = types.join(',');
  let parsers = parsersByTypes.get(key);
  if (!parsers) {
    parsers = Object.fromEntries(types.map((type) => [type, (value: string) => value]));
    parsersByTypes.set(key, parsers);
  }
  return parsers;
}

/** Opens a transaction and keeps it open until `end`; answers its number once BEGIN has run. */
function begin(): Promise<number> {
  return new Promise((opened, failed) => {
    const id = ++lastTransaction;
    let decide: (commit: boolean) => void = () => undefined;
    const decided = new Promise<boolean>((resolve) => {
      decide = resolve;
    });
    const done = database().transaction(async (tx) => {
      transactions.set(id, { tx, decide, done });
      opened(id);
      if (!(await decided)) throw ROLL_BACK;
    });
    // Before `opened`, a failure is BEGIN's own; after it, `end` reports it.
    done.catch(failed);
  });
}

async function end(id: number, commit: boolean): Promise<void> {
  const open = transactions.get(id);
  if (!open) throw new Error(`transaction ${id} is not open`);
  open.decide(commit);
  try {
    await open.done;
  } catch (err) {
    if (err !== ROLL_BACK) throw err;
  } finally {
    transactions.delete(id);
  }
}

async function handle(request: PgliteEnvelope): Promise<{ value: unknown; transfer?: ArrayBuffer[] }> {
  switch (request.op) {
    case 'open': {
      const { dataDir, loadDataDir } = request;
      client = await PGlite.create(dataDir, pgliteOptions(loadDataDir ? new Blob([loadDataDir]) : undefined));
      prepared = new PreparedStatements(client);
      return { value: undefined };
    }
    case 'query': {
      const { sql, params, rowMode, identityTypes, tx } = request;
      const options = { rowMode, parsers: identityParsers(identityTypes) };
      const on = target(tx); // throws when `tx` is not open
      if (!prepared || !PreparedStatements.fits(sql)) return { value: await on.query(sql, params, options) };
      return { value: await prepared.query(sql, params, options, tx !== undefined) };
    }
    case 'exec':
      return { value: await target(request.tx).exec(request.sql) };
    case 'begin':
      return { value: await begin() };
    case 'end':
      return { value: await end(request.tx, request.commit) };
    case 'dump': {
      const tar = await (await database().dumpDataDir('none')).arrayBuffer();
      return { value: tar, transfer: [tar] };
    }
    case 'close':
      await database().close();
      client = undefined;
      prepared = undefined;
      return { value: undefined };
  }
}

/** Keeps what the main thread needs of an error: its class, message and PostgreSQL fields. */
function crossable(err: unknown): CrossedError {
  if (!(err instanceof Error)) return { message: String(err), name: 'Error', database: false, fields: {} };
  const fields: Record<string, unknown> = {};
  for (const field of ERROR_FIELDS) {
    const value = (err as unknown as Record<string, unknown>)[field];
    if (value === undefined) continue;
    try {
      fields[field] = structuredClone(value);
    } catch {
      // A parameter that cannot be cloned is left out: the error's code and message still cross.
    }
  }
  return { message: err.message, name: err.name, database: err instanceof messages.DatabaseError, fields };
}

function serve(port: MessagePort, { signal, replies }: PgliteWorkerData): void {
  const answer = (request: PgliteEnvelope, reply: PgliteReply, transfer?: ArrayBuffer[]) => {
    if (!request.now) return port.postMessage(reply, transfer);
    // The main thread is blocked in Atomics.wait: the answer goes where it reads synchronously.
    replies.postMessage(reply, transfer);
    Atomics.add(signal, 0, 1);
    Atomics.notify(signal, 0);
  };
  port.on('message', (request: PgliteEnvelope) => {
    handle(request).then(
      ({ value, transfer }) => answer(request, { id: request.id, ok: true, value }, transfer),
      (err: unknown) => answer(request, { id: request.id, ok: false, error: crossable(err) }),
    );
  });
}

if (!parentPort) throw new Error('pglite-worker.ts runs as a worker thread (see pglite-thread.ts)');
serve(parentPort, workerData as PgliteWorkerData);
