import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ORDER_STATUS } from '#shared/schemas/order.rules';
import { useOrders } from '#web/api/order';

/**
 * Under the empty cart: the newest order still waiting for payment, if any (docs/product.md, Cart
 * and checkout). Placing an order empties the cart, so a shopper back from the pay page finds it
 * here rather than nowhere.
 */
export function WaitingOrder() {
  const { t } = useTranslation('cart');
  const orders = useOrders();
  const waiting = orders.data?.find((o) => o.status === ORDER_STATUS.pending);
  if (!waiting) return null;
  return (
    <p className="cart-waiting-order" role="status">
      {t('waitingOrder', { id: waiting.order_no })}{' '}
      <Link to={`/order/${waiting.order_no}`}>{t('waitingOrderLink')}</Link>
    </p>
  );
}
