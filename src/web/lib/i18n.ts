import i18n from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next, useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '#shared/constants';
import { LANGUAGE_PARAM, languageParam } from '#shared/schemas/site.rules';
import { readLanguage, saveLanguage } from './storage';

/** Every namespace under public/locales/{lng}/; `common` is loaded first, the rest with their routes. */
export const NAMESPACES = [
  'common',
  'home',
  'catalogue',
  'search',
  'account',
  'cart',
  'profile',
  'orders',
  'pay',
  'address',
  'site',
  'info',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * A link's `?lang=zh` (a shared or indexed page, docs/architecture.md §7) is taken as the shopper's
 * choice: saved like the language switch's, and dropped from the address so that a later switch is
 * not undone by the same address.
 */
function takeLanguageParam(): void {
  const url = new URL(window.location.href);
  const chosen = languageParam(url.searchParams.get(LANGUAGE_PARAM));
  if (!url.searchParams.has(LANGUAGE_PARAM)) return;
  if (chosen) saveLanguage(chosen);
  url.searchParams.delete(LANGUAGE_PARAM);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

/** Starts loading the chosen language's common texts and sets <html lang>; the app renders meanwhile. */
export function initI18n(): Promise<unknown> {
  takeLanguageParam();
  const lng = readLanguage();
  document.documentElement.lang = lng;
  return i18n
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      lng,
      supportedLngs: [...LANGUAGES],
      fallbackLng: false,
      load: 'currentOnly',
      // `site` holds the footer's and the pages' own titles, shown on every page.
      ns: ['common', 'site'],
      defaultNS: 'common',
      maxRetries: 5,
      backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
      interpolation: { escapeValue: false },
      returnNull: false,
    });
}

/** Loads a route's namespaces alongside its code, so the page does not wait twice. */
export function loadNamespaces(...namespaces: Namespace[]): Promise<void> {
  return i18n.loadNamespaces(namespaces);
}

/** Saves the choice and reloads the page, as docs/product.md §2 asks of both language switches. */
export function switchLanguage(language: Language): void {
  saveLanguage(language);
  window.location.reload();
}

export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return instance.language === 'zh' ? 'zh' : 'en';
}
