import { useTranslation } from 'react-i18next';
import { useOnline } from '#web/lib/online';
import './offline-notice.css';

/**
 * While the browser is offline, a strip on every screen says so and what waits for the connection
 * (adding to the cart, paying), in a live region that is always in the page so it is announced.
 */
export function OfflineNotice() {
  const { t } = useTranslation('common');
  const online = useOnline();
  return (
    <div className="offline-region" role="status">
      {!online && <p className="offline-notice">{t('offline.notice')}</p>}
    </div>
  );
}
