import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * "<page> · Fresh Market" in the tab and for screen readers' page announcements, and the page's
 * meta description (the shop's own unless given): the server writes both for the first load
 * (src/server/page-head.ts), this keeps them right as the shopper moves within the app.
 */
export function useDocumentTitle(title: string | undefined, description?: string): void {
  const { t } = useTranslation('common');
  const shop = t('title');
  const fallback = t('site:description');
  useEffect(() => {
    document.title = title ? `${title} · ${shop}` : shop;
    const meta = document.querySelector('meta[name="description"]');
    meta?.setAttribute('content', description || fallback);
  }, [title, shop, description, fallback]);
}
