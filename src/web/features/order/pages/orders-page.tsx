import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCents } from '#shared/money';
import { ORDER_STATUS } from '#shared/schemas/order.rules';
import { useOrders } from '#web/api/order';
import { OrderSlot } from '#web/components/order/order-slot';
import { OrderStatus } from '#web/components/order/order-status';
import { ImageBox } from '#web/components/ui/image-box';
import { ErrorState, StateView } from '#web/components/ui/states';
import { TitlePage } from '#web/components/ui/title-page';
import { centsOf } from '#web/lib/money';
import { BuyAgain } from '../components/buy-again';
import '../order.css';
import { Loading } from '#web/components/ui/loading';

const THUMBS = 4;

/** The order list (/profile/orders): number, status, thumbnails, item count, total; unpaid ones offer Pay Now. */
export function OrdersPage() {
  const { t } = useTranslation('orders');
  const orders = useOrders();
  return (
    <TitlePage title={t('title')} backTo="/profile">
      <div className="orders">
        {orders.isPending && <Loading />}
        {orders.isError && <ErrorState error={orders.error} onRetry={() => void orders.refetch()} />}
        {orders.isSuccess && orders.data.length === 0 && (
          <StateView
            kind="noOrder"
            action={
              <Link to="/home" className="button button-primary">
                {t('shop')}
              </Link>
            }
          />
        )}
        {orders.isSuccess && orders.data.length > 0 && (
          <ul className="order-list">
            {orders.data.map((order) => {
              const unpaid = order.status === ORDER_STATUS.pending;
              return (
                <li key={order.order_no} className="order-card">
                  <Link to={`/order/${order.order_no}`} className="order-card-link">
                    <span className="order-card-head">
                      <span className="order-no">
                        {t('number')} {order.order_no}
                      </span>
                      <OrderStatus status={order.status} />
                    </span>
                    <span className="order-thumbs">
                      {order.item.slice(0, THUMBS).map((item) => (
                        <ImageBox
                          key={item.id}
                          src={item.image}
                          kind="product"
                          alt=""
                          sizes="56px"
                          className="order-thumb"
                        />
                      ))}
                      {order.item.length > THUMBS && (
                        <span className="order-more">+{order.item.length - THUMBS}</span>
                      )}
                    </span>
                    <OrderSlot slot={order.slot} className="order-card-slot" />
                    <span className="order-card-foot">
                      <span>{t('items', { count: order.total_count })}</span>
                      <span className="order-total">
                        {t('total')} {formatCents(centsOf(order.total_price))}
                      </span>
                    </span>
                  </Link>
                  {unpaid && (
                    <div className="order-unpaid">
                      <span>{t('notPaid')}</span>
                      <Link to={`/pay/${order.order_no}`} className="button button-primary">
                        {t('payNow')}
                      </Link>
                    </div>
                  )}
                  <BuyAgain orderNo={order.order_no} named />
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </TitlePage>
  );
}
