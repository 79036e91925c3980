import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatCents } from '#shared/money';
import { ORDER_STATUS } from '#shared/schemas/order.rules';
import { useOrder } from '#web/api/order';
import { ImageBox } from '#web/components/ui/image-box';
import { statusKey } from '#web/components/ui/order-status';
import { ErrorState } from '#web/components/ui/states';
import { TitlePage } from '#web/components/ui/title-page';
import { addressLines } from '#web/lib/address-lines';
import { useLanguage } from '#web/lib/i18n';
import { nameOf } from '#web/lib/localized';
import { formatAmount } from '#web/lib/money';
import '#web/components/ui/panels.css';
import '../order.css';

/** One order (/order/{no}): a status banner, the lines, the address and the totals. */
export function OrderPage() {
  const { t } = useTranslation('orders');
  const language = useLanguage();
  const { id = '' } = useParams();
  const order = useOrder(id);
  const cents = (amount: number) => formatCents(Math.round(amount * 100));
  return (
    <TitlePage title={t('detailTitle', { id })} backTo="/profile/orders">
      <div className="order-detail">
        {order.isPending && <p className="page-loading">{t('common:loading')}</p>}
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
                <Link to={`/pay/${order.data.order_no}`} className="button button-primary">
                  {t('payNow')}
                </Link>
              )}
            </section>
            <ul className="cart-lines" aria-label={t('lines')}>
              {order.data.item.map((line) => (
                <li key={line.id} className="cart-line order-line">
                  <ImageBox src={line.image} kind="product" alt="" sizes="88px" className="cart-line-image" />
                  <div className="cart-line-body">
                    <Link to={`/product/${line.uuid}`} className="cart-line-name">
                      {nameOf(line, language)}
                    </Link>
                    <p className="cart-line-price">{formatAmount(line.price)}</p>
                  </div>
                  <span className="order-qty">× {line.num}</span>
                </li>
              ))}
            </ul>
            <div className="order-columns">
              <section className="cart-summary" aria-labelledby="order-address">
                <h2 id="order-address" className="order-section-title">
                  {t('address')}
                </h2>
                {addressLines(order.data.address, language).map((line) => (
                  <p key={line} className="order-address-line">
                    {line}
                  </p>
                ))}
              </section>
              <section className="cart-summary" aria-labelledby="order-totals">
                <h2 id="order-totals" className="order-section-title">
                  {t('summary')}
                </h2>
                <dl className="summary-rows">
                  <div>
                    <dt>{t('subtotal')}</dt>
                    <dd>{cents(order.data.subtotal)}</dd>
                  </div>
                  {order.data.discount > 0 && (
                    <div>
                      <dt>{t('discount', { coupon: order.data.coupon ?? '' })}</dt>
                      <dd>-{cents(order.data.discount)}</dd>
                    </div>
                  )}
                  <div>
                    <dt>{t('tax')}</dt>
                    <dd>{cents(order.data.tax)}</dd>
                  </div>
                  <div className="summary-total">
                    <dt>{t('total')}</dt>
                    <dd>{cents(order.data.total_price)}</dd>
                  </div>
                </dl>
              </section>
            </div>
          </>
        )}
      </div>
    </TitlePage>
  );
}
