import { useTranslation } from 'react-i18next';
import type { Language } from '#shared/constants';
import { GlobeIcon } from './icons';

interface LanguageToggleProps {
  /** The language shown now; the button offers the other one. */
  language: Language;
  /** Saves the choice and reloads, in the app's own way (each app remembers its language apart). */
  onSwitch: (to: Language) => void;
  /** The app's namespace holding `language.switchTo` and `language.other`. */
  ns: string;
}

/**
 * English ⇄ 中文, the same button in both apps: the storefront's top bar and the console's frame
 * (docs/product.md §2). Its look is base.css's `.language-switch`, which both apps load.
 */
export function LanguageToggle({ language, onSwitch, ns }: LanguageToggleProps) {
  const { t } = useTranslation(ns);
  const other = language === 'zh' ? 'en' : 'zh';
  return (
    <button type="button" className="language-switch" lang={other} onClick={() => onSwitch(other)}>
      <GlobeIcon width={18} height={18} />
      {/* Named by what it shows first ("EN", "中文"), then what it does: a name that holds the
          visible text is what speech control answers to (WCAG 2.5.3). */}
      <span>{t('language.other')}</span>
      <span className="visually-hidden"> {t('language.switchTo')}</span>
    </button>
  );
}
