import { switchLanguage, useLanguage } from '#web/lib/i18n';
import { LanguageToggle } from './language-toggle';

/** The top bar's button: English ⇄ 中文, saved in local storage, then the page reloads (docs/product.md §2). */
export function LanguageSwitch() {
  return <LanguageToggle language={useLanguage()} onSwitch={switchLanguage} ns="common" />;
}
