import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { useLastAddedAt } from '#web/api/cart';
import { useLiveEvents } from '#web/api/notifications';
import { AddedNotice } from '#web/components/ui/added-notice';
import { useRemoveBootShell } from './boot-shell';
import { OfflineNotice } from './offline-notice';
import { PageFallback } from './page-fallback';
import './shell.css';
import { SiteFooter } from './site-footer';
import { TabBar } from './tab-bar';
import { TopBar } from './top-bar';

/**
 * What a route tells the shell: the four tab screens show the tab bar and the phone's top bar;
 * `footer` shows the site footer on phones too (wide screens always show it).
 */
export interface RouteHandle {
  tab?: boolean;
  footer?: boolean;
}

/** Every screen sits in this shell: skip link, top bar, the page, and on phones the tab bar. */
export function RootLayout() {
  const { t } = useTranslation('common');
  const matches = useMatches();
  const tab = matches.some((m) => (m.handle as RouteHandle | undefined)?.tab);
  const footer = matches.some((m) => (m.handle as RouteHandle | undefined)?.footer);
  const { pathname } = useLocation();
  const main = useRef<HTMLElement>(null);
  const shown = useRef<string | null>(null);
  const addedAt = useLastAddedAt();
  useRemoveBootShell();
  // One live stream per tab, for the bell and any open order page.
  useLiveEvents();

  // After a navigation, focus moves to the new page so screen readers start reading there.
  useEffect(() => {
    const page = main.current;
    const moved = shown.current !== null && shown.current !== pathname;
    // Unless the new page already put focus inside itself (e.g. the search box).
    if (moved && page && !page.contains(document.activeElement)) page.focus({ preventScroll: true });
    shown.current = pathname;
  }, [pathname]);

  return (
    <div className={`app${tab ? ' has-tabs' : ' is-inner'}${footer ? ' has-footer' : ''}`}>
      <a className="skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <TopBar />
      <main id="main" ref={main} className="container app-main" tabIndex={-1}>
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter onPhones={footer} />
      <TabBar />
      <AddedNotice addedAt={addedAt} />
      <OfflineNotice />
      <ScrollRestoration />
    </div>
  );
}
