import { useSyncExternalStore } from 'react';

/**
 * The staff session token (docs/architecture.md §7, the console): kept in sessionStorage, so it
 * ends with the tab and is never sent by the browser on its own (no cookie, no CSRF); the API
 * client puts it in `authorization`.
 */
const TOKEN_KEY = 'admin:token';
/** Why the last session ended, shown once on the sign-in page. */
const NOTICE_KEY = 'admin:notice';
const SESSION_EVENT = 'admin:session';

export type SessionNotice = 'expired' | 'signedOut';

function read(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // Storage can be disabled; the session then lasts for this page only.
  }
}

let memoryToken: string | null = null;

export function readToken(): string | null {
  return read(TOKEN_KEY) ?? memoryToken;
}

/** Stores (or, with null, forgets) the token; `notice` says why a session ended. */
export function saveToken(token: string | null, notice?: SessionNotice): void {
  memoryToken = token;
  write(TOKEN_KEY, token);
  if (notice) write(NOTICE_KEY, notice);
  window.dispatchEvent(new Event(SESSION_EVENT));
}

/** The notice left by the session that ended, once: reading it clears it. */
export function takeNotice(): SessionNotice | null {
  const notice = read(NOTICE_KEY);
  write(NOTICE_KEY, null);
  return notice === 'expired' || notice === 'signedOut' ? notice : null;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener(SESSION_EVENT, onChange);
  return () => window.removeEventListener(SESSION_EVENT, onChange);
}

/** The token, re-rendering when it is stored or forgotten. */
export function useToken(): string | null {
  return useSyncExternalStore(subscribe, readToken, () => null);
}
