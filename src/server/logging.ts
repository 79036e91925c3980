import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Bindings, ChildLoggerOptions, LoggerOptions } from 'pino';
import { serializeError } from './log-errors';
import { redactUrl, SECRET_NAMES } from './log-redaction';

/**
 * pino options: secrets redacted from headers, bodies and URLs (see redactUrl), and database errors
 * logged without the parameters their queries were given (see serializeError).
 */
export function loggerOptions(level: string): LoggerOptions & { level: string } {
  const bodyPaths = SECRET_NAMES.flatMap((n) => [`*.${n}`, `*.*.${n}`, `body.${n}`]);
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-csrf-token"]',
        'headers.authorization',
        'headers.cookie',
        'headers["x-csrf-token"]',
        ...bodyPaths,
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      req(request: FastifyRequest) {
        return { method: request.method, url: redactUrl(request.url, request.method), ip: request.ip };
      },
      err: serializeError,
    },
  };
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Parent = FastifyBaseLogger & { isLevelEnabled?(level: string): boolean };

/**
 * A request's logger that becomes a real pino child only when something is logged at an enabled
 * level. Fastify makes a child per request (to bind its id); making it — bindings serialised,
 * redaction prepared — cost a tenth of a catalogue read, and most requests log nothing.
 */
class LazyChildLogger {
  private made?: Parent;

  constructor(
    private readonly parent: Parent,
    private readonly bindings: Bindings,
  ) {}

  private real(): Parent {
    this.made ??= this.parent.child(this.bindings) as Parent;
    return this.made;
  }

  private emit(level: Level, args: unknown[]): void {
    const current = this.made ?? this.parent;
    if (current.isLevelEnabled?.(level) === false) return;
    (this.real()[level] as (...a: unknown[]) => void)(...args);
  }

  fatal(...args: unknown[]): void {
    this.emit('fatal', args);
  }
  error(...args: unknown[]): void {
    this.emit('error', args);
  }
  warn(...args: unknown[]): void {
    this.emit('warn', args);
  }
  info(...args: unknown[]): void {
    this.emit('info', args);
  }
  debug(...args: unknown[]): void {
    this.emit('debug', args);
  }
  trace(...args: unknown[]): void {
    this.emit('trace', args);
  }
  silent(): void {}

  get level(): string {
    return this.made?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: lazy children, unless a route asks for its own options. */
export function lazyChildLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options?: ChildLoggerOptions,
): FastifyBaseLogger {
  if (options && Object.keys(options).length > 0) return logger.child(bindings, options);
  return new LazyChildLogger(logger, bindings) as unknown as FastifyBaseLogger;
}
