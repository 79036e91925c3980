import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * "<page> · Fresh Market" in the tab and for screen readers' page announcements, and the page's
 * meta description (the shop's own unless given): the server writes both for the first load
 * (src/server/page-head.ts), this keeps them right as the shopper moves within the app.
 */
export function useDocumentTitle(title: string | undefined, description?: string): void {
  const { t, i18n } = useTranslation('common');
  const shop = t('title');
  // Until the shop's texts have loaded, the server's description stays.
  const fallback = i18n.exists('site:description') ? t('site:description') : undefined;
  useEffect(() => {
    document.title = title ? `${title} · ${shop}` : shop;
    const text = description || fallback;
    if (text) document.querySelector('meta[name="description"]')?.setAttribute('content', text);
  }, [title, shop, description, fallback]);
}
