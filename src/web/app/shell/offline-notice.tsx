import { useTranslation } from 'react-i18next';
import { useOnline } from '#web/lib/online';
import './offline-notice.css';

/**
 * While the browser is offline, a strip on every screen says so and what waits for the connection
 * (adding to the cart, paying), in a live region that is always in the page so it is announced. A
 * bare aria-live, not role="status": an empty status on every screen would be one more "status"
 * beside each page's own, for assistive technology and for tests that look for the page's.
 */
export function OfflineNotice() {
  const { t } = useTranslation('common');
  const online = useOnline();
  return (
    <div className="offline-region" aria-live="polite">
      {!online && <p className="offline-notice">{t('offline.notice')}</p>}
    </div>
  );
}
