import i18n from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next, useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '#shared/constants';
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
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** Starts loading the chosen language's common texts and sets <html lang>; the app renders meanwhile. */
export function initI18n(): Promise<unknown> {
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
      ns: ['common'],
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
