import { useTranslation } from 'react-i18next';
import { switchLanguage, useLanguage } from '../../lib/i18n';

/** English ⇄ 中文 for the console, remembered in local storage; the page reloads in the other language. */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const language = useLanguage();
  const other = language === 'zh' ? 'en' : 'zh';
  return (
    <button
      type="button"
      className="language-switch"
      lang={other === 'zh' ? 'zh-CN' : 'en'}
      aria-label={t('language.switchTo')}
      onClick={() => switchLanguage(other)}
    >
      {t('language.other')}
    </button>
  );
}
