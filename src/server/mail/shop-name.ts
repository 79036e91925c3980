import type { Language } from '#shared/constants';
import { translate } from '../i18n';

/**
 * The shop's name as a mail says it in `language`: SHOP_NAME (the configured, English name) in
 * English; in Chinese SHOP_NAME_ZH when the caller has it, else the name the Chinese interface
 * shows, its locale's `common:title` (鲜市场), so a mail never calls the shop something the screen
 * does not.
 */
export function shopNameIn(language: Language, configured: string, configuredZh?: string): string {
  if (language === 'en') return configured;
  return configuredZh ?? translate(language, 'common:title');
}
