import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMarkRead, useNotifications } from '#web/api/notifications';
import { OrderEventText } from '#web/components/order/order-event';
import { Loading } from '#web/components/ui/loading';
import { ErrorState } from '#web/components/ui/states';
import { TitlePage } from '#web/components/ui/title-page';
import { useUser } from '#web/lib/auth';
import '../profile.css';

/**
 * The profile's notifications (docs/product.md, Following an order): the newest events of the
 * shopper's orders, each linking to its order. Seeing them marks them read; the ones that were
 * new when the page opened stay marked as new here until it is left.
 */
export function NotificationsPage() {
  const { t } = useTranslation(['profile', 'info', 'orders']);
  const signedIn = useUser() !== null;
  const list = useNotifications();
  const markRead = useMarkRead();
  const { mutate } = markRead;
  /** Events above this id were new when first shown. */
  const newAbove = useRef<number | null>(null);
  const newest = list.data?.events[0]?.id ?? 0;
  const readUpTo = list.data?.read_up_to ?? 0;
  if (list.data && newAbove.current === null) newAbove.current = readUpTo;
  useEffect(() => {
    if (newest > readUpTo) mutate(newest);
  }, [newest, readUpTo, mutate]);

  const events = list.data?.events ?? [];
  const empty = {
    drawing: 'receipt' as const,
    title: t('info:notifications.title'),
    hint: t('info:notifications.hint'),
    actions: (
      <Link to="/profile/orders" className="button button-primary">
        {t('info:notifications.orders')}
      </Link>
    ),
  };
  if (!signedIn || (list.isSuccess && events.length === 0)) {
    return <TitlePage title={t('menu.notifications')} backTo="/profile" empty={empty} />;
  }
  return (
    <TitlePage title={t('menu.notifications')} backTo="/profile">
      {list.isPending && <Loading />}
      {list.isError && <ErrorState error={list.error} onRetry={() => void list.refetch()} />}
      {list.isSuccess && (
        <ul className="notification-list" data-testid="notification-list">
          {events.map((event) => {
            const fresh = event.id > (newAbove.current ?? readUpTo);
            return (
              <li key={event.id} className={`notification${fresh ? ' is-new' : ''}`}>
                <Link to={`/order/${event.order_no}`} className="notification-link">
                  {fresh && <span className="visually-hidden">{t('orders:timeline.new')}</span>}
                  <OrderEventText
                    event={event}
                    timeZone={list.data.time_zone}
                    weightUnit={list.data.weight_unit}
                  />
                  <span className="notification-order">
                    {t('orders:timeline.order', { id: event.order_no })}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </TitlePage>
  );
}
