import { REQUEST_TIMEOUT_MS } from '#shared/constants';
import { createApiClient, type QueryValue } from './api-core';
import { readLanguage, readUser, saveUser } from './storage';

export { ApiError, type ApiErrorKind, type QueryValue, type Translate } from './api-core';

/** The fixed client id sent with every call (docs/product.md §7). */
export const CLIENT_ID = 'fresh-market-web';

/**
 * The storefront's client on the shared core (`api-core.ts`): the shopper's token and language from
 * local storage, REQUEST_TIMEOUT_MS, the section wordings of common.json; a 401 to a signed-in call
 * forgets the user, so sign-in is offered again.
 */
const client = createApiClient({
  clientId: CLIENT_ID,
  readLanguage,
  readToken: () => readUser()?.token ?? null,
  endSession: () => saveUser(null),
  timeoutMs: REQUEST_TIMEOUT_MS,
  words: {
    disconnected: 'common:error.disconnectedShort',
    busy: 'common:error.busyShort',
    error: 'common:error.errorShort',
  },
});

/**
 * What a shopper reads when an action failed (docs/product.md §8): the server's own message for a
 * refused call, else the Disconnected, Busy or Error wording (`api-core.ts`).
 */
export const messageOf = client.messageOf;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as a urlencoded form, as the spec's calls are, so secrets never sit in the URL (docs/architecture.md §4). */
  form?: Record<string, string | number>;
  /** Sent as multipart/form-data (an uploaded file); the browser sets the boundary. */
  multipart?: FormData;
  /** Overrides REQUEST_TIMEOUT_MS, e.g. for calls that hash a password (slow by design). */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * The one way the web talks to the API: the core's headers, timeout and envelope rule
 * (docs/product.md §7), with the storefront's bodies, a form or a file.
 */
export function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { form, multipart, ...rest } = options;
  if (multipart) return client.request<T>(path, { ...rest, body: multipart });
  if (!form) return client.request<T>(path, rest);
  return client.request<T>(path, {
    ...rest,
    body: new URLSearchParams(Object.entries(form).map(([k, v]) => [k, String(v)])),
    contentType: 'application/x-www-form-urlencoded',
  });
}

export function apiGet<T>(
  path: string,
  query?: Record<string, QueryValue>,
  signal?: AbortSignal,
): Promise<T> {
  return apiRequest<T>(path, { query, signal });
}
