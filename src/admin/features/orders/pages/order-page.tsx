import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatCents } from '#shared/money';
import { can } from '#shared/schemas/staff.rules';
import { ratePercent } from '#shared/tax';
import { Loading } from '#web/components/ui/loading';
import { centsOf } from '#web/lib/money';
import { useStaff, useWhen } from '../../../api/me';
import { LineTable } from '../../../components/order-lines/line-table';
import { Forbidden, LoadError } from '../../../components/ui/states';
import { usePageTitle } from '../../../lib/page-title';
import { orderListPath, packingListUrl } from '../../../lib/urls/orders';
import { orderQueryOptions } from '../api/orders';
import { AddressLines } from '../components/address';
import { DeliveryFeeFact } from '../components/delivery-fee-fact';
import { LinePacking } from '../components/line-packing';
import { OrderActions } from '../components/order-actions';
import { OrderSlotText } from '../components/order-slot';
import { Timeline } from '../components/timeline';
import { WhenMissingTag } from '../components/when-missing-tag';
import { statusKey } from '../lib/format';

/** One order: lines, totals, address, the shopper (not for packers), payment, timeline, actions. */
export function OrderPage() {
  const { t } = useTranslation();
  const when = useWhen();
  const { orderNo = '' } = useParams();
  usePageTitle(t('orders.detail.title', { orderNo }));
  const staff = useStaff();
  const allowed = can(staff.role, 'orders.view');
  const order = useQuery({ ...orderQueryOptions(orderNo), enabled: allowed });

  if (!allowed) return <Forbidden />;
  if (order.isPending) return <Loading />;
  if (order.isError) return <LoadError error={order.error} retry={() => void order.refetch()} />;
  const o = order.data;
  return (
    <section className="admin-page orders-detail">
      <p className="orders-back">
        <Link to={orderListPath}>{t('orders.detail.back')}</Link>
      </p>
      <div className="orders-head">
        <h1>{t('orders.detail.title', { orderNo: o.order_no })}</h1>
        <span className={`orders-status is-${o.status}`}>{t(statusKey(o.status, o.packed_at !== null))}</span>
        <Link className="button button-secondary" to={packingListUrl([o.order_no])}>
          {t('orders.detail.slip')}
        </Link>
      </div>
      <OrderActions order={o} role={staff.role} />
      <div className="orders-columns">
        <div>
          <section className="admin-panel" aria-labelledby="order-lines">
            <h2 id="order-lines">{t('orders.detail.lines')}</h2>
            <div className="admin-table-wrap">
              <LineTable
                lines={o.lines}
                productHeader={t('orders.fields.product')}
                productNote={(line) => <WhenMissingTag choice={line.when_missing} />}
                columns={[
                  { header: t('orders.fields.qty'), cell: (line) => line.num },
                  { header: t('orders.fields.price'), cell: (line) => formatCents(centsOf(line.price)) },
                  { header: t('orders.fields.refundedQty'), cell: (line) => line.refunded_num },
                  {
                    header: t('packing.fields.mark'),
                    cell: (line) => <LinePacking packing={line.packing} />,
                  },
                ]}
              />
            </div>
            <dl className="admin-facts orders-totals">
              <dt>{t('orders.fields.subtotal')}</dt>
              <dd>{formatCents(centsOf(o.subtotal))}</dd>
              {o.discount > 0 ? (
                <>
                  <dt>{t('orders.fields.discount')}</dt>
                  <dd>
                    −{formatCents(centsOf(o.discount))}
                    {o.coupon ? ` (${o.coupon})` : ''}
                  </dd>
                </>
              ) : null}
              {o.taxes.length > 0 ? (
                o.taxes.map((r) => (
                  <Fragment key={r.rate_ppm}>
                    <dt>{t('orders.fields.taxAt', { rate: ratePercent(r.rate_ppm) })}</dt>
                    <dd>{formatCents(centsOf(r.tax))}</dd>
                  </Fragment>
                ))
              ) : (
                <>
                  <dt>{t('orders.fields.tax')}</dt>
                  <dd>{formatCents(centsOf(o.tax))}</dd>
                </>
              )}
              {o.delivery_fee > 0 ? <DeliveryFeeFact fee={o.delivery_fee} /> : null}
              <dt>{t('orders.fields.total')}</dt>
              <dd>{formatCents(centsOf(o.total_price))}</dd>
              <dt>{t('orders.fields.refunded')}</dt>
              <dd>{formatCents(centsOf(o.refunded))}</dd>
            </dl>
          </section>
          <section className="admin-panel" aria-labelledby="order-timeline">
            <h2 id="order-timeline">{t('orders.detail.timeline')}</h2>
            <Timeline entries={o.timeline} />
          </section>
        </div>
        <div>
          {o.customer ? (
            <section className="admin-panel" aria-labelledby="order-customer">
              <h2 id="order-customer">{t('orders.detail.customer')}</h2>
              <p>{o.customer.name}</p>
              <p>{o.customer.email}</p>
            </section>
          ) : null}
          <section className="admin-panel" aria-labelledby="order-address">
            <h2 id="order-address">{t('orders.detail.address')}</h2>
            <AddressLines address={o.address} />
            <p className="order-slot-line">
              {t('slots.column')}: <OrderSlotText slot={o.slot} />
            </p>
          </section>
          <section className="admin-panel" aria-labelledby="order-payment">
            <h2 id="order-payment">{t('orders.detail.payment')}</h2>
            {o.payment ? (
              <dl className="admin-facts">
                <dt>{t('orders.fields.method')}</dt>
                <dd>{t(`orders.method.${o.payment.method}`, { defaultValue: o.payment.method })}</dd>
                <dt>{t('orders.fields.paymentStatus')}</dt>
                <dd>{t(`orders.paymentStatus.${o.payment.status}`, { defaultValue: o.payment.status })}</dd>
                {o.payment.hold ? (
                  <>
                    <dt>{t('orders.fields.hold')}</dt>
                    <dd data-testid="payment-hold">
                      {t(`orders.holdState.${o.payment.hold.state}`, {
                        defaultValue: o.payment.hold.state,
                        held: formatCents(centsOf(o.payment.hold.held)),
                        captured: formatCents(centsOf(o.payment.hold.captured ?? 0)),
                      })}
                      {o.payment.hold.message ? ` · ${o.payment.hold.message}` : ''}
                    </dd>
                  </>
                ) : null}
                {o.payment.card_last4 ? (
                  <>
                    <dt>{t('orders.fields.card')}</dt>
                    <dd>•••• {o.payment.card_last4}</dd>
                  </>
                ) : null}
                {o.payment.reference ? (
                  <>
                    <dt>{t('orders.fields.reference')}</dt>
                    <dd>{o.payment.reference}</dd>
                  </>
                ) : null}
                <dt>{t('orders.fields.paidAt')}</dt>
                <dd>{when(o.paid_at)}</dd>
              </dl>
            ) : (
              <p className="admin-hint">{t('orders.detail.unpaid')}</p>
            )}
            {o.carrier || o.tracking ? (
              <dl className="admin-facts">
                <dt>{t('orders.fields.carrier')}</dt>
                <dd>{o.carrier || '—'}</dd>
                <dt>{t('orders.fields.tracking')}</dt>
                <dd>{o.tracking || '—'}</dd>
              </dl>
            ) : null}
          </section>
        </div>
      </div>
    </section>
  );
}
