import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ADDED_NOTICE_MS } from '#shared/constants';
import './added-notice.css';

/** Schedules the notice's dismissal; tests pass their own (docs/architecture.md: inject clocks). */
export interface NoticeTimer {
  start: (done: () => void, ms: number) => () => void;
}

export const browserTimer: NoticeTimer = {
  start: (done, ms) => {
    const handle = window.setTimeout(done, ms);
    return () => window.clearTimeout(handle);
  },
};

/**
 * "Added · View cart" after each successful add-to-cart, in a polite live region that is always in
 * the page (so screen readers hear it), gone by itself after `ms`, and on the next navigation. It
 * sits over the bar at the top of the screen (added-notice.css), so it never covers an add button.
 */
export function AddedNotice({
  addedAt,
  timer = browserTimer,
  ms = ADDED_NOTICE_MS,
}: {
  /** When the latest add succeeded; a new value shows the notice again. */
  addedAt: number | undefined;
  timer?: NoticeTimer;
  ms?: number;
}) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const [shownFor, setShownFor] = useState<number>();

  useEffect(() => {
    if (addedAt === undefined) return;
    setShownFor(addedAt);
    return timer.start(() => setShownFor(undefined), ms);
  }, [addedAt, timer, ms]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a navigation is what hides it
  useEffect(() => setShownFor(undefined), [pathname]);

  return (
    <div className="added-notice-region" aria-live="polite">
      {shownFor !== undefined && (
        <p className="added-notice">
          <span>{t('cart.added')}</span>
          <span aria-hidden="true"> · </span>
          <Link to="/cart">{t('cart.view')}</Link>
        </p>
      )}
    </div>
  );
}
