import type { MessageParams } from './i18n';

/**
 * An error a client caused or can act on. It carries a translation key (public/locales/* /errors.json
 * and the domain namespaces); the error plugin answers it as the envelope in the caller's language.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    readonly params: MessageParams = {},
    readonly headers: Record<string, string> = {},
    /** Sent as the envelope's `data`, for a client that acts on the refusal (`needsCode`). */
    readonly data?: unknown,
  ) {
    super(key);
    this.name = new.target.name;
  }
}

export class BadInput extends AppError {
  constructor(key = 'errors:badParameter', params: MessageParams = {}) {
    super(400, key, params);
  }
}

/** A malformed field: the message names it. */
export function badField(field: string): BadInput {
  return new BadInput('errors:badParameter', { field });
}

export class Unauthorized extends AppError {
  constructor(key = 'errors:unauthorized', params: MessageParams = {}, data?: unknown) {
    super(401, key, params, {}, data);
  }
}

/** Signed in, but the role may not do this (or must first do something else: `data` says what). */
export class Forbidden extends AppError {
  constructor(key = 'errors:forbidden', params: MessageParams = {}, data?: unknown) {
    super(403, key, params, {}, data);
  }
}

export class NotFound extends AppError {
  constructor(key: string, params: MessageParams = {}) {
    super(404, key, params);
  }
}

export class Conflict extends AppError {
  constructor(key: string, params: MessageParams = {}) {
    super(409, key, params);
  }
}

export class TooManyRequests extends AppError {
  constructor(retryAfterSeconds: number, key = 'errors:tooManyRequests') {
    super(429, key, { seconds: retryAfterSeconds }, { 'retry-after': String(retryAfterSeconds) });
  }
}

/** A body, or one part of it, past its limit: refused while it still arrives. */
export class TooLarge extends AppError {
  constructor(key = 'errors:bodyTooLarge', params: MessageParams = {}) {
    super(413, key, params);
  }
}
