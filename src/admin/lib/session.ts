import { useSyncExternalStore } from 'react';

/**
 * What the console knows of its session (docs/architecture.md, The console's session). The session
 * itself is an HttpOnly cookie the page never sees, shared by every tab; the page keeps only the
 * session's CSRF token, in memory, learnt from sign-in or `GET /api/admin/me`, and sends it back
 * with every write. A new tab or a reload asks `me` again.
 */
let csrf: string | null = null;
/** Set once this tab saw its session end (sign-out, or a 401 to a call made inside it). */
let ended = false;
/** Why the last session ended, shown once on the sign-in page. */
let notice: SessionNotice | null = null;
const listeners = new Set<() => void>();

export type SessionNotice = 'expired' | 'signedOut';

function changed(): void {
  for (const listener of listeners) listener();
}

/** The session's CSRF token, sent with every write; null until sign-in or `me` answered it. */
export function readCsrf(): string | null {
  return csrf;
}

/** Sign-in or `me` answered: the tab is inside a session with this CSRF token. */
export function startSession(token: string): void {
  if (csrf === token && !ended) return;
  csrf = token;
  ended = false;
  changed();
}

/** The session ended (`notice` says why, once, on the sign-in page): every page goes to sign-in. */
export function endSession(why?: SessionNotice): void {
  csrf = null;
  ended = true;
  if (why) notice = why;
  changed();
}

/** The notice left by the session that ended, once: reading it clears it. */
export function takeNotice(): SessionNotice | null {
  const taken = notice;
  notice = null;
  return taken;
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
