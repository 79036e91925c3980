import { useSyncExternalStore } from 'react';

/**
 * What the console knows of its session (docs/architecture.md, The console's session). The session
 * itself is an HttpOnly cookie the page never sees, shared by every tab; the page keeps only the
 * session's CSRF token, in memory, learnt from sign-in or `GET /api/admin/me`, and sends it back
 * with every write. A new tab or a reload asks `me` again.
 */
let csrf: string | null = null;
/**
 * Whether this browser was signed in, kept across reloads: a `me` answering 401 then means the
 * session ended (expired, or signed out elsewhere) rather than that nobody signed in. Not a secret.
 */
const SIGNED_IN_KEY = 'admin:signedIn';
/** Set once this tab saw its session end (sign-out, or a 401 to a call made inside it). */
let ended = false;
/** Why the last session ended, shown once on the sign-in page. */
let notice: SessionNotice | null = null;
const listeners = new Set<() => void>();

export type SessionNotice = 'expired' | 'signedOut';

function remember(signedIn: boolean): void {
  try {
    if (signedIn) window.localStorage.setItem(SIGNED_IN_KEY, '1');
    else window.localStorage.removeItem(SIGNED_IN_KEY);
  } catch {
    // Storage can be disabled: a session that ended is then shown without its notice.
  }
}

/** Whether this browser was signed in when it last knew (see SIGNED_IN_KEY). */
export function wasSignedIn(): boolean {
  try {
    return window.localStorage.getItem(SIGNED_IN_KEY) === '1';
  } catch {
    return false;
  }
}

function changed(): void {
  for (const listener of listeners) listener();
}

/** The session's CSRF token, sent with every write; null until sign-in or `me` answered it. */
export function readCsrf(): string | null {
  return csrf;
}

/** Sign-in or `me` answered: the tab is inside a session with this CSRF token. */
export function startSession(token: string): void {
  remember(true);
  notice = null;
  if (csrf === token && !ended) return;
  csrf = token;
  ended = false;
  changed();
}

/** The session ended (`notice` says why, once, on the sign-in page): every page goes to sign-in. */
export function endSession(why?: SessionNotice): void {
  csrf = null;
  ended = true;
  remember(false);
  if (why) notice = why;
  changed();
}

/**
 * The notice left by the session that ended. Reading it leaves it (a page may render more than once
 * before it shows); the next session clears it.
 */
export function takeNotice(): SessionNotice | null {
  return notice;
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** Whether this tab saw its session end, re-rendering when that changes. */
export function useSessionEnded(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => ended,
    () => false,
  );
}
