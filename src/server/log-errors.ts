import { stdSerializers } from 'pino';

/**
 * Fields of a PostgreSQL error (node-postgres and PGlite alike), besides its code, that name things, never the values
 * a query was given: `detail` ("Failing row contains (…)", "Key (email)=(…)"), `where`, `hint`,
 * `params` and `internalQuery` are left out.
 */
const NAMING_FIELDS = ['severity', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine'];
/** How far down a chain of causes to look. */
const MAX_CAUSES = 5;

type ErrorLike = Error & Record<string, unknown>;

const isErrorLike = (value: unknown): value is ErrorLike =>
  typeof value === 'object' && value !== null && typeof (value as Error).message === 'string';

/** Drizzle's "Failed query" error, or PGlite's own error, which carries the statement and its parameters. */
const hasQuery = (err: ErrorLike) => typeof err.query === 'string';

/** A PostgreSQL error: a five-character SQLSTATE and a severity. */
const isDatabaseError = (err: ErrorLike) =>
  typeof err.code === 'string' && /^[0-9A-Z]{5}$/.test(err.code) && typeof err.severity === 'string';

function causesOf(err: ErrorLike): ErrorLike[] {
  const chain: ErrorLike[] = [err];
  for (let cause = err.cause; isErrorLike(cause) && chain.length <= MAX_CAUSES; cause = cause.cause) {
    if (chain.includes(cause)) break;
    chain.push(cause);
  }
  return chain;
}

/**
 * A message without the data in it: Drizzle appends `\nparams: …` (everything after it goes), and
 * PostgreSQL quotes values as it quotes names (`invalid input syntax for type uuid: "…"`), so a
 * quoted text stays only when it is a name the statement or the error's fields use.
 */
function safeMessage(message: string, names: Set<string>): string {
  const cut = message.indexOf('\nparams:');
  const kept = cut < 0 ? message : message.slice(0, cut);
  return kept.replace(/"((?:[^"]|"")*)"/g, (quoted, inner: string) =>
    names.has(inner) ? quoted : '"[REDACTED]"',
  );
}

/** The stack with its first lines (the message, which V8 copies into it) replaced by the safe message. */
function safeStack(err: ErrorLike, message: string): string | undefined {
  if (typeof err.stack !== 'string') return undefined;
  const frames = err.stack.indexOf('\n    at ');
  const head = `${err.name}: ${message}`;
  return frames < 0 ? head : head + err.stack.slice(frames);
}

/** Every name a quoted text in the chain's messages may legitimately be: identifiers and constraints. */
function namesIn(chain: ErrorLike[]): Set<string> {
  const names = new Set<string>();
  for (const err of chain) {
    if (typeof err.query === 'string') {
      for (const match of err.query.matchAll(/"((?:[^"]|"")+)"/g)) names.add(match[1] ?? '');
    }
    for (const field of NAMING_FIELDS) {
      if (typeof err[field] === 'string') names.add(err[field] as string);
    }
  }
  return names;
}

/**
 * pino's `err` serializer, except for a database error (or an error caused by one): then the
 * statement, the PostgreSQL code, constraint, table and column, and the stacks are logged — not
 * the parameters (names, e-mail and postal addresses) nor the row PostgreSQL quotes back.
 */
export function serializeError(err: unknown): unknown {
  if (!isErrorLike(err)) return err;
  const chain = causesOf(err);
  if (!chain.some((e) => hasQuery(e) || isDatabaseError(e))) return stdSerializers.err(err);
  const names = namesIn(chain);
  const messages = chain.map((e) => safeMessage(e.message, names));
  const out: Record<string, unknown> = {
    type: err.constructor?.name ?? err.name,
    message: messages.join(': '),
    stack: chain.map((e, i) => safeStack(e, messages[i] ?? '')).join('\ncaused by: '),
  };
  for (const e of chain) {
    if (typeof e.query === 'string') out.query ??= e.query;
    if (!isDatabaseError(e)) continue;
    // `code` is a redacted name in request logs (a mailed code): the SQLSTATE goes by its own name.
    out.sqlState ??= e.code;
    for (const field of NAMING_FIELDS) if (e[field] !== undefined) out[field] ??= e[field];
  }
  return out;
}
