import { useSyncExternalStore } from 'react';
import { readUser, type StoredUser, USER_EVENT } from './storage';

let cachedRaw: string | null | undefined;
let cachedUser: StoredUser | null = null;

/** Same object while the stored value is unchanged, as useSyncExternalStore requires. */
function snapshot(): StoredUser | null {
  const user = readUser();
  const raw = user ? JSON.stringify(user) : null;
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cachedUser = user;
  }
  return cachedUser;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(USER_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(USER_EVENT, onChange);
  };
}

/** The signed-in user, or null for a visitor; re-renders when it changes in any tab. */
export function useUser(): StoredUser | null {
  return useSyncExternalStore(subscribe, snapshot, () => null);
}

export function useSignedIn(): boolean {
  return useUser() !== null;
}
