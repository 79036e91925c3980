import { useTranslation } from 'react-i18next';
import { useOrderTimeline } from '#web/api/notifications';
import { OrderEventText } from '#web/components/order/order-event';
import './order-timeline.css';

/**
 * What happened to the order, oldest first (docs/product.md, Following an order). It updates by
 * itself: the shell's live stream refreshes it as events arrive, or it polls while there is none.
 */
export function OrderTimeline({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation('orders');
  const timeline = useOrderTimeline(orderNo);
  if (!timeline.isSuccess) return null;
  const { events, time_zone: timeZone, weight_unit: weightUnit } = timeline.data;
  return (
    <section className="panel order-timeline" aria-labelledby="order-timeline-title">
      <h2 id="order-timeline-title" className="order-section-title">
        {t('timeline.title')}
      </h2>
      {events.length === 0 ? (
        <p>{t('timeline.empty')}</p>
      ) : (
        <ol className="order-timeline-list" aria-live="polite" data-testid="order-timeline">
          {events.map((event) => (
            <li key={event.id} className="order-timeline-item">
              <OrderEventText event={event} timeZone={timeZone} weightUnit={weightUnit} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
