import type { Language } from '#shared/constants';

/**
 * The one request core of both browser apps, the storefront and the operator console (docs/product.md
 * §7, docs/architecture.md §7): our headers, an abort after the app's timeout, the envelope
 * `{code, message, data}` (an HTTP 200 yields its `data`, anything else throws an ApiError that
 * keeps the whole body), a 401 to a call made inside a session ending it, and `messageOf`, the one
 * place that words a failure for people. Each app makes its client once with `createApiClient`,
 * saying only what truly differs: its id, how its session travels (the storefront's token in
 * `authorization`; the console's HttpOnly cookie plus a CSRF token on writes), where its language is kept,
 * its timeout and its words. How a body is encoded (a form, JSON, a file) is the caller's.
 */

/** How a failed call shows: busy (5xx), disconnected (no answer), not found, signed out, no access, or refused. */
export type ApiErrorKind = 'busy' | 'disconnected' | 'notFound' | 'unauthorized' | 'forbidden' | 'error';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    readonly status: number,
    /** The whole body of a non-200 answer (`{code, message, data?}`, docs/product.md §7), when there was one. */
    readonly body: unknown,
  ) {
    super(bodyMessage(body) ?? `${kind} (${status})`);
    this.name = 'ApiError';
  }

  /** The `data` of a refusal, e.g. `{needsCode: true}` when a sign-in wants the authenticator's code. */
  get data(): Record<string, unknown> | undefined {
    const body = this.body;
    if (!body || typeof body !== 'object' || !('data' in body)) return undefined;
    return body.data && typeof body.data === 'object' ? (body.data as Record<string, unknown>) : undefined;
  }
}

/** A body's non-empty `message`, else undefined. */
function bodyMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object' || !('message' in body)) return undefined;
  return typeof body.message === 'string' && body.message !== '' ? body.message : undefined;
}

/** The message of a body shaped as our envelope (a numeric `code` and a non-empty `message`), else undefined. */
function envelopeMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object' || !('code' in body) || typeof body.code !== 'number')
    return undefined;
  return bodyMessage(body);
}

function kindOf(status: number): ApiErrorKind {
  if (status >= 500) return 'busy';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'notFound';
  return 'error';
}

/** A translation function, as `useTranslation` gives it. */
export type Translate = (key: string) => string;

/** The translation keys an app words failures with, in its own namespace. */
export interface FailureWords {
  disconnected: string;
  busy: string;
  error: string;
  /** A 403's own wording; without it a 403 is a refusal like any other 4xx. */
  forbidden?: string;
}

/** For TanStack Query: busy and disconnected may pass in a moment, so one quick retry; a refusal or a missing thing will not change. */
export function retryOnce(failures: number, error: unknown): boolean {
  if (!(error instanceof ApiError)) return failures < 1;
  return failures < 1 && (error.kind === 'busy' || error.kind === 'disconnected');
}

export type QueryValue = string | number | boolean | undefined | null;

/** A path with its query: unset values (undefined, null) are left out. */
export function apiUrl(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** What an app says once about itself; everything else is the core's. */
export interface ClientSetup {
  /** Sent as `Client` with every call. */
  clientId: string;
  readLanguage: () => Language;
  /** The stored session token, sent in `authorization`; null when signed out. */
  readToken?: () => string | null;
  /**
   * The session's CSRF token, sent in `X-CSRF-Token` with every write, for an app whose session is
   * a cookie the browser sends itself (the console); null when it is not inside a session.
   */
  readCsrf?: () => string | null;
  /** A 401 answered a call made inside the session still held: the session is over. */
  endSession: () => void;
  /** How long a call may go unanswered before it counts as disconnected, unless the call says otherwise. */
  timeoutMs: number;
  words: FailureWords;
}

export interface CoreRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** The body as encoded by the app's wrapper (a form, JSON text, a file). */
  body?: string | URLSearchParams | FormData | Blob;
  /** Its type; left out for FormData, whose multipart boundary the browser writes. */
  contentType?: string;
  /** Overrides the app's timeout, e.g. for a call that hashes a password or uploads a file. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export interface ApiClient {
  /** A call whose answer is our envelope: its `data`, or an ApiError. */
  request<T>(path: string, options?: CoreRequest): Promise<T>;
  /** A file to save (a CSV export): the body as it came, or an ApiError as `request` throws it. */
  download(path: string, options?: Pick<CoreRequest, 'query' | 'timeoutMs' | 'signal'>): Promise<Blob>;
  /**
   * What people read when a call failed: a refused call (4xx) shows the server's own message,
   * already in their language (a 403 the app's no-access wording, when it has one); no answer (a
   * network error, the timeout's abort) shows Disconnected, a 5xx Busy, and anything else (an
   * answer that is not our envelope, an error that is not an ApiError) Error. Never technical text.
   */
  messageOf(error: unknown, t: Translate): string;
}

export function createApiClient(setup: ClientSetup): ApiClient {
  const headersFor = (
    token: string | null,
    csrf: string | null,
    contentType: string | undefined,
    json: boolean,
  ) => {
    const headers = new Headers({
      'Accept-Language': setup.readLanguage(),
      Client: setup.clientId,
      'X-Requested-With': 'XMLHttpRequest',
    });
    if (json) headers.set('Accept', 'application/json');
    if (token) headers.set('authorization', token);
    if (csrf) headers.set('X-CSRF-Token', csrf);
    if (contentType) headers.set('Content-Type', contentType);
    return headers;
  };

  /**
   * Fetches with the app's headers and an abort after the timeout; a caller's own abort (a
   * cancelled query) is rethrown as is, any other failure to get an answer is "disconnected".
   * A 401 to a call made inside the session still held ends it.
   */
  async function send(
    path: string,
    options: CoreRequest,
    json: boolean,
    read: (response: Response) => Promise<unknown>,
  ): Promise<{ response: Response; body: unknown }> {
    const { method = 'GET', query, body, contentType, timeoutMs = setup.timeoutMs, signal } = options;
    const token = setup.readToken?.() ?? null;
    const csrf = setup.readCsrf?.() ?? null;
    // What the call was made inside of: the token, or the cookie session its CSRF token stands for.
    const held = token ?? csrf;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const forward = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', forward, { once: true });
    try {
      let response: Response;
      let answer: unknown;
      try {
        response = await fetch(apiUrl(path, query), {
          method,
          headers: headersFor(token, method === 'GET' ? null : csrf, contentType, json),
          body,
          signal: controller.signal,
          credentials: 'same-origin',
        });
        answer = await read(response);
      } catch (error) {
        if (signal?.aborted) throw error;
        throw new ApiError('disconnected', 0, undefined);
      }
      const stillHeld = setup.readToken?.() ?? setup.readCsrf?.() ?? null;
      if (response.status === 401 && held && stillHeld === held) setup.endSession();
      return { response, body: answer };
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', forward);
    }
  }

  const json = (response: Response) => response.json().catch(() => undefined);

  return {
    async request<T>(path: string, options: CoreRequest = {}): Promise<T> {
      const { response, body } = await send(path, options, true, json);
      if (response.status === 200 && body && typeof body === 'object' && 'data' in body) {
        return body.data as T;
      }
      throw new ApiError(response.status === 200 ? 'error' : kindOf(response.status), response.status, body);
    },

    async download(path, options = {}): Promise<Blob> {
      const { response, body } = await send(path, options, false, (r) =>
        r.status === 200 ? r.blob() : json(r),
      );
      if (response.status === 200 && body instanceof Blob) return body;
      throw new ApiError(kindOf(response.status), response.status, body);
    },

    messageOf(error: unknown, t: Translate): string {
      const { words } = setup;
      if (error instanceof ApiError) {
        if (error.kind === 'disconnected') return t(words.disconnected);
        if (error.kind === 'busy') return t(words.busy);
        if (error.kind === 'forbidden' && words.forbidden) return t(words.forbidden);
        const refused = error.status >= 400 && error.status < 500 ? envelopeMessage(error.body) : undefined;
        if (refused) return refused;
      }
      return t(words.error);
    },
  };
}
