import { AsyncLocalStorage } from 'node:async_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { messages, type QueryOptions, type Results, TransactionAbortedError } from '@electric-sql/pglite';
import { projectPath } from '../project-root';
import { startTsWorker } from '../ts-worker';
import type {
  CrossedError,
  PgliteEnvelope,
  PgliteReply,
  PgliteRequest,
  PgliteWorkerData,
} from './pglite-messages';

/** What Drizzle's PGlite driver calls on a client and on the transaction it hands out. */
export interface PgliteStatements {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
}

/** A PGlite client as far as this shop uses one: statements, transactions and dumps. */
export interface PgliteClient extends PgliteStatements {
  transaction<T>(fn: (tx: PgliteStatements) => Promise<T>): Promise<T>;
  dumpDataDir(compression: 'none'): Promise<Blob>;
  close(): Promise<void>;
}

/** A value that tells an identity parser from any other: Drizzle's keep PostgreSQL's text as it is. */
const PROBE = '1970-01-01 00:00:00 probe';

/**
 * The type ids of Drizzle's parsers. Functions cannot cross to the worker, so the worker rebuilds
 * them from their ids; that holds only while each gives back its text unchanged, which is what
 * drizzle-orm/pglite's do (dates, intervals and their arrays stay text for Drizzle's own mapping).
 */
function identityTypesOf(parsers: QueryOptions['parsers']): number[] {
  if (!parsers) return [];
  return Object.entries(parsers).map(([type, parse]) => {
    if (parse(PROBE) !== PROBE)
      throw new Error(
        `the PGlite worker keeps values as text; a parser that changes type ${type} cannot cross`,
      );
    return Number(type);
  });
}

/** The error the worker caught, with the class and PostgreSQL fields (code, constraint…) callers read. */
function revive(crossed: CrossedError): Error {
  const err = new Error(crossed.message);
  if (crossed.database) Object.setPrototypeOf(err, messages.DatabaseError.prototype);
  else if (crossed.name === 'TransactionAbortedError')
    Object.setPrototypeOf(err, TransactionAbortedError.prototype);
  Object.defineProperty(err, 'name', { value: crossed.name, writable: true, configurable: true });
  return Object.assign(err, crossed.fields);
}

/**
 * The worker: the compiled server (dist/server, `npm start`) runs the compiled pglite-worker.js
 * beside it; from source (tests, `npm run serve`) a worker is a fresh Node thread without the
 * parent's TypeScript loader, so it registers tsx before importing the .ts file.
 */
function startWorker(data: PgliteWorkerData): Worker {
  const options = { workerData: data, transferList: [data.replies] };
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(projectPath('dist/server/pglite-worker.js'), options);
  return startTsWorker(new URL('./pglite-worker.ts', import.meta.url), options);
}

/** Set while `inBackground`'s callback runs: the transactions it opens are awaited. */
const background = new AsyncLocalStorage<true>();

/**
 * Runs `fn` with the transactions it opens on PGlite's worker run in the background: their
 * statements and their end are awaited as messages, so the main thread serves requests while the
 * worker runs each, instead of waiting blocked for it (docs/decisions/017). For a long
 * transaction whose caller alone waits for it (a product import, seconds of statements): it
 * takes a little longer, and everything else that needs the database waits for its end either
 * way. A checkout's few statements stay back to back. No effect on PostgreSQL or PGlite on the
 * main thread.
 */
export function inBackground<T>(fn: () => Promise<T>): Promise<T> {
  return background.run(true, fn);
}

/**
 * How long the main thread waits, blocked, for one statement of a transaction before it gives the
 * worker up for dead (it cannot hear the worker's exit while blocked).
 */
const BLOCKED_WAIT_MAX_MS = 300_000;

/**
 * PGlite on a worker thread (docs/decisions/017), behind the client interface Drizzle's PGlite
 * driver uses. The main thread only posts statements and receives rows; the worker parses them.
 * While requests are outstanding the worker keeps the process alive, and not otherwise, as an
 * in-thread PGlite would not.
 */
class PgliteWorkerClient implements PgliteClient {
  readonly #worker: Worker;
  /** Where the worker answers blocked waits, and the count it bumps after each answer there. */
  readonly #replies: MessagePort;
  readonly #signal: Int32Array;
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>();
  #lastId = 0;
  /** Why the worker can no longer answer (it stopped, or was closed). */
  #failure: Error | undefined;

  constructor() {
    const { port1, port2 } = new MessageChannel();
    this.#replies = port1;
    this.#signal = new Int32Array(new SharedArrayBuffer(4));
    const worker = startWorker({ signal: this.#signal, replies: port2 });
    this.#worker = worker;
    worker.unref();
    worker.on('message', (reply: PgliteReply) => this.#answer(reply));
    worker.on('error', (err) => this.#fail(err));
    worker.on('exit', (code) => this.#fail(new Error(`the PGlite worker stopped (exit code ${code})`)));
  }

  #ask(request: PgliteRequest, transfer: ArrayBuffer[] = []): Promise<unknown> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = ++this.#lastId;
    if (this.#pending.size === 0) this.#worker.ref();
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id } satisfies PgliteEnvelope, transfer);
    });
  }

  /**
   * Asks and blocks the main thread until the worker answers: for a transaction's statements and
   * its end. Awaiting them as messages would hold the transaction (and with it every other
   * statement) open across a turn of the event loop per statement, behind whatever HTTP work is
   * queued there; in-thread PGlite runs them back to back, and so does this.
   */
  #askNow(request: PgliteRequest): unknown {
    if (this.#failure) throw this.#failure;
    const id = ++this.#lastId;
    let seen = Atomics.load(this.#signal, 0);
    this.#worker.postMessage({ ...request, id, now: true } satisfies PgliteEnvelope);
    const deadline = performance.now() + BLOCKED_WAIT_MAX_MS;
    for (;;) {
      const received = receiveMessageOnPort(this.#replies);
      if (received) {
        const reply = received.message as PgliteReply;
        if (reply.id !== id) continue;
        if (reply.ok) return reply.value;
        throw revive(reply.error);
      }
      if (performance.now() > deadline) {
        this.#fail(new Error(`the PGlite worker did not answer in ${BLOCKED_WAIT_MAX_MS} ms`));
        throw this.#failure;
      }
      Atomics.wait(this.#signal, 0, seen, 1000);
      seen = Atomics.load(this.#signal, 0);
    }
  }

  /** `#askNow` as a promise, for callers that await: settled before any other task runs. */
  #now<T>(request: PgliteRequest): Promise<T> {
    try {
      return Promise.resolve(this.#askNow(request) as T);
    } catch (err) {
      return Promise.reject(err);
    }
  }

  #answer(reply: PgliteReply): void {
    const waiting = this.#pending.get(reply.id);
    if (!waiting) return;
    this.#pending.delete(reply.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (reply.ok) waiting.resolve(reply.value);
    else waiting.reject(revive(reply.error));
  }

  #fail(err: Error): void {
    this.#failure ??= err;
    for (const waiting of this.#pending.values()) waiting.reject(this.#failure);
    this.#pending.clear();
  }

  async open(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<void> {
    const tar = loadDataDir ? await loadDataDir.arrayBuffer() : undefined;
    await this.#ask({ op: 'open', dataDir, loadDataDir: tar }, tar ? [tar] : []);
  }

  /**
   * Asks blocked (`#askNow`) or awaited: how a transaction's statements go, by its mode. An awaited
   * statement is asked after a turn of the event loop: a worker answering faster than the main
   * thread reads would otherwise have all its replies read in one go, back to back, with no HTTP
   * work between them.
   */
  async #inTransaction<T>(request: PgliteRequest, awaited: boolean): Promise<T> {
    if (!awaited) return this.#now<T>(request);
    await nextTurn();
    return (await this.#ask(request)) as T;
  }

  #query<T>(sql: string, params: unknown[], options: QueryOptions, tx?: { id: number; awaited: boolean }) {
    const identityTypes = identityTypesOf(options.parsers);
    const rowMode = options.rowMode ?? 'object';
    const request = { op: 'query', sql, params, rowMode, identityTypes, tx: tx?.id } as const;
    return this.#inTransaction<Results<T>>(request, tx?.awaited ?? true);
  }

  query<T>(sql: string, params: unknown[] = [], options: QueryOptions = {}): Promise<Results<T>> {
    return this.#query<T>(sql, params, options);
  }

  exec(sql: string): Promise<Results[]> {
    return this.#ask({ op: 'exec', sql, tx: undefined }) as Promise<Results[]>;
  }

  /**
   * Runs `fn` in a transaction held open in the worker: its statements run inside it, everyone
   * else's wait until it ends. Commits when `fn` resolves, rolls back when it throws. BEGIN is
   * awaited (it may wait for another transaction, whose callback needs this thread); the
   * statements and the end block until answered (`#askNow`), or are awaited too when the
   * transaction was opened `inBackground`. Only one transaction is open at a time, so a blocked
   * wait never waits for a background one.
   */
  async transaction<T>(fn: (tx: PgliteStatements) => Promise<T>): Promise<T> {
    const awaited = background.getStore() === true;
    const tx = (await this.#ask({ op: 'begin' })) as number;
    let result: T;
    try {
      result = await fn({
        query: <R>(sql: string, params: unknown[] = [], options: QueryOptions = {}) =>
          this.#query<R>(sql, params, options, { id: tx, awaited }),
        exec: (sql: string) => this.#inTransaction<Results[]>({ op: 'exec', sql, tx }, awaited),
      });
    } catch (err) {
      // Only a dead worker fails a rollback; `err` says more than that would.
      await this.#inTransaction({ op: 'end', tx, commit: false }, awaited).catch(() => undefined);
      throw err;
    }
    await this.#inTransaction({ op: 'end', tx, commit: true }, awaited);
    return result;
  }

  async dumpDataDir(_compression: 'none'): Promise<Blob> {
    return new Blob([(await this.#ask({ op: 'dump' })) as ArrayBuffer]);
  }

  async close(): Promise<void> {
    try {
      if (!this.#failure) await this.#ask({ op: 'close' });
    } finally {
      this.#failure ??= new Error('the PGlite worker is closed');
      await this.#worker.terminate();
      this.#replies.close();
    }
  }
}

/** Starts a worker thread with PGlite on `dataDir` (or in memory), loaded from `loadDataDir` if given. */
export async function openPgliteWorker(
  dataDir: string | undefined,
  loadDataDir: Blob | undefined,
): Promise<PgliteClient> {
  const client = new PgliteWorkerClient();
  try {
    await client.open(dataDir, loadDataDir);
  } catch (err) {
    await client.close().catch(() => undefined);
    throw err;
  }
  return client;
}
