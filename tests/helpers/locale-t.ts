import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next, { type TFunction } from 'i18next';
import type { Language } from '#shared/constants';

const LOCALES = join(import.meta.dirname, '../../public/locales');

/** The `t` of one namespace of public/locales in `language`, as unit tests read the texts. */
export async function localeT(language: Language, namespace: string): Promise<TFunction> {
  const i18n = i18next.createInstance();
  const texts = JSON.parse(readFileSync(join(LOCALES, language, `${namespace}.json`), 'utf8'));
  await i18n.init({ lng: language, resources: { [language]: { translation: texts } } });
  return i18n.t.bind(i18n);
}
