import i18n from 'i18next';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next, useTranslation } from 'react-i18next';
import type { Language } from '#shared/constants';
import { readLanguage, saveLanguage } from './language';

/**
 * The console's texts: public/locales/{en,zh}/admin.json, and the storefront's `common.json` for
 * the generic pieces both apps share (src/web/components/ui: the dialog's Close, …).
 */
export function initI18n(): Promise<unknown> {
  const lng = readLanguage();
  document.documentElement.lang = lng === 'zh' ? 'zh-CN' : 'en';
  return i18n
    .use(HttpBackend)
    .use(initReactI18next)
    .init({
      lng,
      supportedLngs: ['en', 'zh'],
      fallbackLng: false,
      load: 'currentOnly',
      ns: ['admin', 'common'],
      defaultNS: 'admin',
      maxRetries: 5,
      backend: { loadPath: '/locales/{{lng}}/{{ns}}.json' },
      interpolation: { escapeValue: false },
      returnNull: false,
    });
}

/** Saves the choice and reloads, as the storefront's switch does. */
export function switchLanguage(language: Language): void {
  saveLanguage(language);
  window.location.reload();
}

export function useLanguage(): Language {
  const { i18n: instance } = useTranslation();
  return instance.language === 'zh' ? 'zh' : 'en';
}
