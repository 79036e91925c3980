import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ORDER_STATUS } from '#shared/schemas/order.rules';
import { useOrder } from '#web/api/order';
import { statusKey } from '#web/components/order/order-status';
import { OrderSummary } from '#web/components/order/order-summary';
import { ErrorState } from '#web/components/ui/states';
import { TitlePage } from '#web/components/ui/title-page';
import '#web/components/ui/panels.css';
import { BuyAgain } from '../components/buy-again';
import { CancelOrder } from '../components/cancel-order';
import { LineSubstitution } from '../components/line-substitution';
import { OrderFacts } from '../components/order-facts';
import { OrderTimeline } from '../components/order-timeline';
import { ProposalWaiting } from '../components/proposal-waiting';
import '../order.css';
import { Loading } from '#web/components/ui/loading';

/**
 * One order (/order/{no}): a status banner (an unpaid one can be paid or cancelled), when and how it
 * was paid, what happened so far, the lines, the address and the totals.
 */
export function OrderPage() {
  const { t } = useTranslation('orders');
  const { id = '' } = useParams();
  const order = useOrder(id);
  return (
    <TitlePage title={t('detailTitle', { id })} backTo="/profile/orders">
      <div className="order-detail">
        {order.isPending && <Loading />}
        {order.isError && <ErrorState error={order.error} onRetry={() => void order.refetch()} />}
        {order.isSuccess && (
          <>
            <section className={`order-banner status-${order.data.status}`} role="status">
              <strong>{t(statusKey(order.data.status))}</strong>
              <span>
                {order.data.status === ORDER_STATUS.pending
                  ? t('pendingBanner')
                  : t(`banner.${statusKey(order.data.status).slice(7)}`)}
              </span>
              {order.data.status === ORDER_STATUS.pending && (
                <span className="order-banner-actions">
                  <Link to={`/pay/${order.data.order_no}`} className="button button-primary">
                    {t('payNow')}
                  </Link>
                  <CancelOrder orderNo={order.data.order_no} />
                </span>
              )}
            </section>
            <OrderFacts order={order.data} />
            <ProposalWaiting lines={order.data.item} />
            <OrderTimeline orderNo={order.data.order_no} />
            <OrderSummary
              order={order.data}
              lineExtra={(line) => <LineSubstitution orderNo={order.data.order_no} line={line} />}
            />
            <BuyAgain orderNo={order.data.order_no} />
          </>
        )}
      </div>
    </TitlePage>
  );
}
