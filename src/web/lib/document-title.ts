import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** "<page> · Fresh Market" in the tab and for screen readers' page announcements. */
export function useDocumentTitle(title: string | undefined): void {
  const { t } = useTranslation('common');
  const shop = t('title');
  useEffect(() => {
    document.title = title ? `${title} · ${shop}` : shop;
  }, [title, shop]);
}
