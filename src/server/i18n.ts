import type { Language } from '#shared/constants';
import enCommon from '../../public/locales/en/common.json' with { type: 'json' };
import en from '../../public/locales/en/errors.json' with { type: 'json' };
import enMail from '../../public/locales/en/mail.json' with { type: 'json' };
import enSite from '../../public/locales/en/site.json' with { type: 'json' };
import zhCommon from '../../public/locales/zh/common.json' with { type: 'json' };
import zh from '../../public/locales/zh/errors.json' with { type: 'json' };
import zhMail from '../../public/locales/zh/mail.json' with { type: 'json' };
import zhSite from '../../public/locales/zh/site.json' with { type: 'json' };

/**
 * Messages the server answers with, from the same locale files the web uses. A key is
 * `namespace:path`, as in i18next; a domain adds its namespace here.
 */
const catalogues: Record<Language, Record<string, unknown>> = {
  en: { common: enCommon, errors: en, mail: enMail, site: enSite },
  zh: { common: zhCommon, errors: zh, mail: zhMail, site: zhSite },
};

/** Values for a message's `{{name}}`s; `{ key }` is itself a message, put in the same language. */
export type MessageParams = Record<string, string | number | { key: string }>;

/** `zh*` in Accept-Language means Chinese; anything else English (docs/architecture.md §4). */
export function languageOf(acceptLanguage: string | string[] | undefined): Language {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage[0] : acceptLanguage;
  return header?.trim().toLowerCase().startsWith('zh') ? 'zh' : 'en';
}

function lookup(tree: unknown, key: string): string | undefined {
  let node = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The message for `key` in `language`, `{{name}}` replaced from `params`. Unknown keys fall back to English. */
export function translate(language: Language, key: string, params: MessageParams = {}): string {
  const [ns, path] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['errors', key];
  const text = lookup(catalogues[language][ns], path) ?? lookup(catalogues.en[ns], path) ?? key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = params[name];
    if (typeof value === 'object') return translate(language, value.key);
    return String(value ?? '');
  });
}
