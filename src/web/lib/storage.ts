import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '#shared/constants';

/** Browser storage keys (docs/product.md §1, §3): the chosen language and the signed-in user. */
const LANGUAGE_KEY = 'lang';
const USER_KEY = 'user';
/** Fired on this window when the stored user changes; `storage` events cover other tabs. */
export const USER_EVENT = 'shop:user';

/** The user kept in browser storage after sign-in (docs/product.md §3). */
export interface StoredUser {
  avatar: string;
  email: string;
  name: string;
  token: string;
  uuid: string;
}

function read(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Storage can be disabled (private modes); the choice then lasts for this page only.
  }
}

export function readLanguage(): Language {
  const value = read(LANGUAGE_KEY);
  return (LANGUAGES as readonly string[]).includes(value ?? '') ? (value as Language) : DEFAULT_LANGUAGE;
}

export function saveLanguage(language: Language): void {
  write(LANGUAGE_KEY, language);
}

/** The stored user, or null unless it holds a token: "signed in" means exactly that (docs/product.md §4). */
export function readUser(): StoredUser | null {
  const raw = read(USER_KEY);
  if (!raw) return null;
  try {
    const user = JSON.parse(raw) as Partial<StoredUser> | null;
    return user && typeof user.token === 'string' && user.token !== '' ? (user as StoredUser) : null;
  } catch {
    return null;
  }
}

export function saveUser(user: StoredUser | null): void {
  write(USER_KEY, user ? JSON.stringify(user) : null);
  window.dispatchEvent(new Event(USER_EVENT));
}
