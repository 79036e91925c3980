import { ApiError, createApiClient, type QueryValue } from '#web/lib/api-core';
import { readLanguage } from './language';
import { endSession, readCsrf, startSession } from './session';

export { ApiError, type ApiErrorKind, type Translate } from '#web/lib/api-core';

/** Sent as `Client` with every call, as the storefront sends its own id. */
const CLIENT_ID = 'fresh-market-console';
/** Staff calls may hash a password (sign-in, set password): slower by design than a catalogue read. */
const TIMEOUT_MS = 15_000;
/** An upload sends up to 10 MB and the server then makes every size of the picture. */
const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * The console's client on the storefront's core (`src/web/lib/api-core.ts`): the session is the
 * HttpOnly cookie the browser sends itself, and every write carries the session's CSRF token
 * (`session.ts`); the console's language, TIMEOUT_MS, the admin namespace's wordings (a 403 always
 * says they have no access). A 401 to a call made inside the session ends it, in this tab as in any
 * other: the console returns to sign-in and says why.
 */
const client = createApiClient({
  clientId: CLIENT_ID,
  readLanguage,
  readCsrf,
  endSession: () => endSession('expired'),
  timeoutMs: TIMEOUT_MS,
  words: {
    disconnected: 'error.disconnected',
    busy: 'error.busy',
    error: 'error.error',
    forbidden: 'error.forbidden',
  },
});

/** What staff read when a call failed (`api-core.ts`): no access, the server's refusal, busy, disconnected or error. */
export const messageOf = client.messageOf;

export interface AdminRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as JSON in the body: secrets (passwords, codes, link tokens) never go in the URL. */
  body?: Record<string, unknown>;
  /** Sent as multipart/form-data (a picture upload); the browser writes its boundary. */
  form?: FormData;
  /** Sent as text/csv (a product import): the file's own bytes, whose encoding the server finds. */
  csv?: string | Blob;
  signal?: AbortSignal;
}

/**
 * The console's one way to call `/api/admin/…`: the core with JSON bodies, and uploads given longer.
 * A write refused for a stale CSRF token (the browser signed in again in another tab, so this tab's
 * token names the old session) was refused before anything ran: it asks `me` for the current
 * token and is sent once more.
 */
export async function adminRequest<T>(path: string, options: AdminRequest = {}): Promise<T> {
  try {
    return await sendOnce<T>(path, options);
  } catch (error) {
    if (!(error instanceof ApiError && error.kind === 'forbidden' && error.data?.csrf === true)) throw error;
    const me = await sendOnce<{ csrf: string }>('/api/admin/me', { signal: options.signal });
    startSession(me.csrf);
    return sendOnce<T>(path, options);
  }
}

function sendOnce<T>(path: string, options: AdminRequest): Promise<T> {
  const { method, query, body, form, csv, signal } = options;
  const common = { method, query, signal };
  if (form) return client.request<T>(path, { ...common, body: form, timeoutMs: UPLOAD_TIMEOUT_MS });
  if (csv !== undefined)
    return client.request<T>(path, {
      ...common,
      body: csv,
      contentType: 'text/csv',
      timeoutMs: UPLOAD_TIMEOUT_MS,
    });
  if (body)
    return client.request<T>(path, {
      ...common,
      body: JSON.stringify(body),
      contentType: 'application/json',
    });
  return client.request<T>(path, common);
}

/** A file the console offers to save (the product CSV): the same headers, the body as it came. */
export function adminDownload(path: string): Promise<Blob> {
  return client.download(path, { timeoutMs: UPLOAD_TIMEOUT_MS });
}
