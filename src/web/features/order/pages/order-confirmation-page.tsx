import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ORDER_STATUS } from '#shared/schemas/order.rules';
import { useOrder } from '#web/api/order';
import { statusKey } from '#web/components/order/order-status';
import { OrderSummary } from '#web/components/order/order-summary';
import { ErrorState } from '#web/components/ui/states';
import { TitlePage } from '#web/components/ui/title-page';
import '#web/components/ui/panels.css';
import '../order.css';
import { Loading } from '#web/components/ui/loading';

/** Paid orders (processing onwards, not cancelled or refunded) thank the shopper. */
const PAID: number[] = [ORDER_STATUS.processing, ORDER_STATUS.shipped, ORDER_STATUS.completed];

/**
 * After paying (/order/{no}/confirmation): the order number, what was bought, the total, what
 * happens next, and the ways on (docs/product.md §2). An order that is not paid says so instead.
 */
export function OrderConfirmationPage() {
  const { t } = useTranslation('orders');
  const { id = '' } = useParams();
  const order = useOrder(id);
  const paid = order.isSuccess && PAID.includes(order.data.status);
  return (
    <TitlePage title={t('confirmation.title')} backTo="/profile/orders">
      <div className="order-detail order-confirmation">
        {order.isPending && <Loading />}
        {order.isError && <ErrorState error={order.error} onRetry={() => void order.refetch()} />}
        {order.isSuccess && (
          <>
            <section className="panel order-thanks" role="status" aria-labelledby="order-thanks-title">
              <h2 id="order-thanks-title">
                {paid ? t('confirmation.paid') : t(statusKey(order.data.status))}
              </h2>
              <p className="order-thanks-no">
                {t('number')} <strong>{order.data.order_no}</strong>
              </p>
              {paid ? (
                <>
                  <h3>{t('confirmation.nextTitle')}</h3>
                  <p>{t('confirmation.next')}</p>
                </>
              ) : (
                <p>
                  {order.data.status === ORDER_STATUS.pending
                    ? t('confirmation.notPaid')
                    : t(`banner.${statusKey(order.data.status).slice(7)}`)}
                </p>
              )}
              <div className="order-thanks-actions">
                {order.data.status === ORDER_STATUS.pending ? (
                  <Link to={`/pay/${order.data.order_no}`} className="button button-primary">
                    {t('payNow')}
                  </Link>
                ) : (
                  <Link to="/home" className="button button-primary">
                    {t('confirmation.keepShopping')}
                  </Link>
                )}
                <Link to={`/order/${order.data.order_no}`} className="button button-secondary">
                  {t('confirmation.viewOrder')}
                </Link>
              </div>
            </section>
            <OrderSummary order={order.data} />
          </>
        )}
      </div>
    </TitlePage>
  );
}
