import { REQUEST_TIMEOUT_MS } from '#shared/constants';
import { readLanguage, readUser, saveUser } from './storage';

/** The fixed client id sent with every call (docs/product.md §7). */
export const CLIENT_ID = 'fresh-market-web';

/** How a failed call shows to a shopper (docs/product.md §8): busy, disconnected, not found, or another error. */
export type ApiErrorKind = 'busy' | 'disconnected' | 'notFound' | 'unauthorized' | 'error';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    readonly status: number,
    /** The whole body of a non-200 answer (docs/product.md §7), when there was one. */
    readonly body: unknown,
  ) {
    super(bodyMessage(body) ?? `${kind} (${status})`);
    this.name = 'ApiError';
  }
}

function bodyMessage(body: unknown): string | undefined {
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  return undefined;
}

/** A translation function, as `useTranslation` gives it; keys are namespaced (`common:…`). */
export type Translate = (key: string) => string;

/**
 * What a shopper reads when an action failed (docs/product.md §8): a refused call (4xx) shows the
 * server's own message, already in the shopper's language; no answer (network error, the
 * REQUEST_TIMEOUT_MS abort) shows the Disconnected wording, a 5xx the Busy one, and anything else
 * (an answer that is not our envelope, an error that is not an ApiError) the Error one. Never
 * technical text.
 */
export function messageOf(error: unknown, t: Translate): string {
  if (error instanceof ApiError) {
    if (error.kind === 'disconnected') return t('common:error.disconnectedShort');
    if (error.kind === 'busy') return t('common:error.busyShort');
    const refused = error.status >= 400 && error.status < 500 ? envelopeMessage(error.body) : undefined;
    if (refused) return refused;
  }
  return t('common:error.errorShort');
}

/** The message of a body shaped as our envelope (`code` and a non-empty `message`), else undefined. */
function envelopeMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object' || !('code' in body) || typeof body.code !== 'number')
    return undefined;
  return bodyMessage(body) || undefined;
}

function kindOf(status: number): ApiErrorKind {
  if (status >= 500) return 'busy';
  if (status === 404) return 'notFound';
  if (status === 401) return 'unauthorized';
  return 'error';
}

export type QueryValue = string | number | boolean | undefined | null;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as a urlencoded form, so secrets never sit in the URL (docs/architecture.md §4). */
  form?: Record<string, string | number>;
  /** Sent as multipart/form-data (an uploaded file); the browser sets the boundary. */
  multipart?: FormData;
  /** Overrides REQUEST_TIMEOUT_MS, e.g. for calls that hash a password (slow by design). */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export function apiUrl(path: string, query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

function headersFor(hasForm: boolean): Headers {
  const headers = new Headers({
    Accept: 'application/json',
    'Accept-Language': readLanguage(),
    Client: CLIENT_ID,
    'X-Requested-With': 'XMLHttpRequest',
  });
  const user = readUser();
  if (user) headers.set('authorization', user.token);
  if (hasForm) headers.set('Content-Type', 'application/x-www-form-urlencoded');
  return headers;
}

/**
 * The one way the web talks to the API: our headers, an abort after REQUEST_TIMEOUT_MS, and the
 * envelope rule of docs/product.md §7 — an HTTP 200 answer yields its `data`, anything else throws an
 * ApiError that keeps the whole body. A caller's own abort (a cancelled query) is rethrown as is.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', query, form, multipart, timeoutMs = REQUEST_TIMEOUT_MS, signal } = options;
  const token = readUser()?.token;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const forward = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', forward, { once: true });
  try {
    let response: Response;
    let body: unknown;
    try {
      response = await fetch(apiUrl(path, query), {
        method,
        headers: headersFor(form !== undefined),
        body:
          multipart ??
          (form ? new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)])) : undefined),
        signal: controller.signal,
        credentials: 'same-origin',
      });
      body = await response.json().catch(() => undefined);
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new ApiError('disconnected', 0, undefined);
    }
    // A 401 to a signed-in call: the session is gone, so forget the user and offer sign-in again.
    if (response.status === 401 && token && readUser()?.token === token) saveUser(null);
    if (response.status === 200 && body && typeof body === 'object' && 'data' in body) {
      return body.data as T;
    }
    throw new ApiError(response.status === 200 ? 'error' : kindOf(response.status), response.status, body);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forward);
  }
}

export function apiGet<T>(
  path: string,
  query?: Record<string, QueryValue>,
  signal?: AbortSignal,
): Promise<T> {
  return apiRequest<T>(path, { query, signal });
}
