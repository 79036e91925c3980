import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ChevronLeftIcon } from './icons';
import { LanguageSwitch } from './language-switch';
import './page-header.css';

interface PageHeaderProps {
  title: string;
  /** Where "back" goes when the shopper arrived here directly. */
  backTo?: string;
  /** Extra controls at the end on phones (e.g. the cart link; wide screens have it in the top bar). */
  end?: ReactNode;
  /** Rendered under the title (e.g. an item count). */
  children?: ReactNode;
  /** A tab screen's header: the shell's top bar is above it, so no back button or language switch. */
  tab?: boolean;
  /** `p` when the page has its own h1 further down (e.g. a product's name). */
  titleAs?: 'h1' | 'p';
}

/**
 * An inner page's heading. On phones it is the sticky bar (back, title, language); on wide screens
 * the shell's top bar is there, and this is the page's title row.
 */
export function PageHeader({
  title,
  backTo = '/home',
  end,
  children,
  tab = false,
  titleAs = 'h1',
}: PageHeaderProps) {
  const Title = titleAs;
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const back = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(backTo);
  };
  return (
    <header className={`page-header${tab ? ' is-tab' : ''}${titleAs === 'p' ? ' is-compact' : ''}`}>
      <div className="page-header-bar">
        {!tab && (
          <button
            type="button"
            className="icon-button page-back"
            aria-label={t('actions.back')}
            onClick={back}
          >
            <ChevronLeftIcon />
          </button>
        )}
        <Title className="page-title">{title}</Title>
        <div className="page-header-end">
          {end && <span className="phone-only">{end}</span>}
          {!tab && (
            <span className="phone-only">
              <LanguageSwitch />
            </span>
          )}
        </div>
      </div>
      {children && <div className="page-header-extra">{children}</div>}
    </header>
  );
}
