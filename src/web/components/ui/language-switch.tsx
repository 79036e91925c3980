import { useTranslation } from 'react-i18next';
import { switchLanguage, useLanguage } from '#web/lib/i18n';
import { GlobeIcon } from './icons';

/** The top bar's button: English ⇄ 中文, saved in local storage, then the page reloads (docs/product.md §2). */
export function LanguageSwitch() {
  const { t } = useTranslation('common');
  const language = useLanguage();
  const other = language === 'zh' ? 'en' : 'zh';
  return (
    <button
      type="button"
      className="language-switch"
      lang={other}
      aria-label={t('language.switchTo')}
      onClick={() => switchLanguage(other)}
    >
      <GlobeIcon width={18} height={18} />
      <span aria-hidden="true">{t('language.other')}</span>
    </button>
  );
}
