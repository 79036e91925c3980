import { LanguageToggle } from '#web/components/ui/language-toggle';
import { switchLanguage, useLanguage } from '../../lib/i18n';

/** The storefront's English ⇄ 中文 button, with the console's own language (`admin:lang`) and texts. */
export function LanguageSwitch() {
  return <LanguageToggle language={useLanguage()} onSwitch={switchLanguage} ns="admin" />;
}
