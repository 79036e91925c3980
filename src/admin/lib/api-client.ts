import { readLanguage } from './language';
import { readToken, saveToken } from './session';

/** Sent as `Client` with every call, as the storefront sends its own id. */
const CLIENT_ID = 'fresh-market-console';
/** Staff calls may hash a password (sign-in, set password): slower by design than a catalogue read. */
const TIMEOUT_MS = 15_000;
/** An upload sends up to 10 MB and the server then makes every size of the picture. */
const UPLOAD_TIMEOUT_MS = 120_000;

/** How a failed call shows: busy (5xx), disconnected, signed out (401), no access (403), or refused. */
export type AdminErrorKind = 'busy' | 'disconnected' | 'unauthorized' | 'forbidden' | 'notFound' | 'refused';

export class AdminApiError extends Error {
  constructor(
    readonly kind: AdminErrorKind,
    readonly status: number,
    /** The whole body of the answer, when there was one: `{code, message, data?}` (docs/api.md). */
    readonly body: unknown,
  ) {
    super(messageIn(body) ?? `${kind} (${status})`);
    this.name = 'AdminApiError';
  }

  /** The `data` of a refusal, e.g. `{needsCode: true}` when sign-in wants the authenticator's code. */
  get data(): Record<string, unknown> | undefined {
    const body = this.body;
    if (!body || typeof body !== 'object' || !('data' in body)) return undefined;
    return body.data && typeof body.data === 'object' ? (body.data as Record<string, unknown>) : undefined;
  }
}

function messageIn(body: unknown): string | undefined {
  if (!body || typeof body !== 'object' || !('message' in body)) return undefined;
  return typeof body.message === 'string' && body.message !== '' ? body.message : undefined;
}

function kindOf(status: number): AdminErrorKind {
  if (status >= 500) return 'busy';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'notFound';
  return 'refused';
}

/** A translation function of the `admin` namespace. */
export type Translate = (key: string) => string;

/**
 * What staff read when a call failed: a 403 always says they have no access; another refusal (4xx)
 * shows the server's message, already in their language; no answer shows Disconnected, a 5xx Busy,
 * anything else a plain error. Never technical text.
 */
export function messageOf(error: unknown, t: Translate): string {
  if (error instanceof AdminApiError) {
    if (error.kind === 'disconnected') return t('error.disconnected');
    if (error.kind === 'busy') return t('error.busy');
    if (error.kind === 'forbidden') return t('error.forbidden');
    const message = messageIn(error.body);
    if (message && error.status >= 400 && error.status < 500) return message;
  }
  return t('error.error');
}

export interface AdminRequest {
  method?: 'GET' | 'POST' | 'DELETE';
  query?: Record<string, string | number | undefined>;
  /** Sent as JSON in the body: secrets (passwords, codes, link tokens) never go in the URL. */
  body?: Record<string, unknown>;
  /** Sent as multipart/form-data (a picture upload); the browser writes its boundary. */
  form?: FormData;
  /** Sent as text/csv (a product import): the file's own bytes, whose encoding the server finds. */
  csv?: string | Blob;
  signal?: AbortSignal;
}

/**
 * The console's one way to call `/api/admin/…`: the staff token in `authorization`, the chosen
 * language, an abort after TIMEOUT_MS, the envelope (a 200 yields `data`, anything else throws an
 * AdminApiError). A 401 to a call that carried the token ends the session: the console returns to
 * sign-in and says why.
 */
export async function adminRequest<T>(path: string, options: AdminRequest = {}): Promise<T> {
  const { method = 'GET', query = {}, body, form, csv, signal } = options;
  const token = readToken();
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const url = params.size > 0 ? `${path}?${params}` : path;
  const headers = new Headers({
    Accept: 'application/json',
    'Accept-Language': readLanguage(),
    Client: CLIENT_ID,
    'X-Requested-With': 'XMLHttpRequest',
  });
  if (token) headers.set('authorization', token);
  if (body) headers.set('Content-Type', 'application/json');
  if (csv !== undefined) headers.set('Content-Type', 'text/csv');
  const timeout = AbortSignal.timeout(form || csv !== undefined ? UPLOAD_TIMEOUT_MS : TIMEOUT_MS);
  let response: Response;
  let answer: unknown;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: form ?? csv ?? (body ? JSON.stringify(body) : undefined),
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      credentials: 'same-origin',
    });
    answer = await response.json().catch(() => undefined);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new AdminApiError('disconnected', 0, undefined);
  }
  if (response.status === 401 && token && readToken() === token) saveToken(null, 'expired');
  if (response.status === 200 && answer && typeof answer === 'object' && 'data' in answer) {
    return answer.data as T;
  }
  throw new AdminApiError(
    response.status === 200 ? 'refused' : kindOf(response.status),
    response.status,
    answer,
  );
}

/**
 * A file the console offers to save (the product CSV): the same headers as adminRequest; the
 * body as it came, or an AdminApiError as adminRequest throws it.
 */
export async function adminDownload(path: string): Promise<Blob> {
  const token = readToken();
  const headers = new Headers({
    'Accept-Language': readLanguage(),
    Client: CLIENT_ID,
    'X-Requested-With': 'XMLHttpRequest',
  });
  if (token) headers.set('authorization', token);
  let response: Response;
  try {
    response = await fetch(path, {
      headers,
      signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
      credentials: 'same-origin',
    });
  } catch {
    throw new AdminApiError('disconnected', 0, undefined);
  }
  if (response.status === 200) return response.blob();
  if (response.status === 401 && token && readToken() === token) saveToken(null, 'expired');
  throw new AdminApiError(
    kindOf(response.status),
    response.status,
    await response.json().catch(() => undefined),
  );
}
