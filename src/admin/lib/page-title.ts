import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** "<page> · Fresh Market console" in the tab and for screen readers. */
export function usePageTitle(title: string): void {
  const { t } = useTranslation();
  const suffix = t('app.title');
  useEffect(() => {
    document.title = `${title} · ${suffix}`;
  }, [title, suffix]);
}
