import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMarkRead, useNotifications } from '#web/api/notifications';
import { OrderEventText } from '#web/components/order/order-event';
import { Loading } from '#web/components/ui/loading';
import './bell-menu.css';

/** How many of the newest events the bell lists; the notifications page has the rest. */
const BELL_LISTED = 5;

/**
 * The bell's list (docs/product.md, Following an order): the newest events, each with its time on
 * the shop's clock and a link into its order, and "See all". Being open marks them read, as the
 * notifications page does; those that were new when it opened stay marked new until it closes.
 * The focus moves to its first link, as a menu's would.
 */
export function BellPanel({ id }: { id: string }) {
  const { t } = useTranslation(['common', 'orders']);
  const titleId = useId();
  const list = useNotifications();
  const { mutate } = useMarkRead();
  const first = useRef<HTMLAnchorElement>(null);
  const newAbove = useRef<number | null>(null);
  const events = list.data?.events.slice(0, BELL_LISTED) ?? [];
  const newest = list.data?.events[0]?.id ?? 0;
  const readUpTo = list.data?.read_up_to ?? 0;
  if (list.data && newAbove.current === null) newAbove.current = readUpTo;
  useEffect(() => {
    if (newest > readUpTo) mutate(newest);
  }, [newest, readUpTo, mutate]);
  const loaded = list.isSuccess;
  useEffect(() => {
    if (loaded) first.current?.focus();
  }, [loaded]);

  return (
    <section id={id} className="bell-panel" aria-labelledby={titleId}>
      <p id={titleId} className="bell-panel-title">
        {t('nav.notifications')}
      </p>
      {list.isPending && <Loading />}
      {list.isError && <p className="bell-panel-note">{list.error.message}</p>}
      {loaded && events.length === 0 && <p className="bell-panel-note">{t('bell.empty')}</p>}
      {events.length > 0 && (
        <ul className="bell-list">
          {events.map((event, i) => {
            const fresh = event.id > (newAbove.current ?? readUpTo);
            return (
              <li key={event.id} className={fresh ? 'is-new' : undefined}>
                <Link ref={i === 0 ? first : undefined} to={`/order/${event.order_no}`} className="bell-link">
                  {fresh && <span className="visually-hidden">{t('orders:timeline.new')}</span>}
                  <OrderEventText
                    event={event}
                    timeZone={list.data?.time_zone ?? ''}
                    weightUnit={list.data?.weight_unit ?? 'lb'}
                  />
                  <span className="bell-order">{t('orders:timeline.order', { id: event.order_no })}</span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <Link
        ref={loaded && events.length === 0 ? first : undefined}
        to="/profile/notifications"
        className="bell-see-all"
      >
        {t('bell.seeAll')}
      </Link>
    </section>
  );
}
