import type { Language } from '#shared/constants';

/**
 * The console's language, remembered in local storage apart from the storefront's: a shop owner
 * may read the console in Chinese and check the shop in English. Written here rather than taken
 * from src/web/lib, whose language code sits in the storefront's first-load chunk: sharing it
 * would split that chunk (scripts/check-bundle.ts watches the storefront's size).
 */
const LANGUAGE_KEY = 'admin:lang';

export function readLanguage(): Language {
  try {
    return window.localStorage.getItem(LANGUAGE_KEY) === 'zh' ? 'zh' : 'en';
  } catch {
    return 'en';
  }
}

export function saveLanguage(language: Language): void {
  try {
    window.localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Storage can be disabled: the choice then lasts for this page only.
  }
}
