import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OrderDetail, OrderLine } from '#shared/schemas/order';
import { formatWeight } from '#shared/weight';
import { addressLines } from '#web/lib/address-lines';
import { useLanguage } from '#web/lib/i18n';
import { nameOf } from '#web/lib/localized';
import { ImageBox } from '../ui/image-box';
import { LinePacking } from './line-packing';
import { OrderSlot } from './order-slot';
import { type SummaryRow, SummaryRows } from './summary-rows';
import '../ui/panels.css';
import './order-summary.css';
import { formatCents } from '#shared/money';
import { percentToPpm, showsTaxByRate } from '#shared/tax';
import { centsOf } from '#web/lib/money';
import { EstimateMark, UnitPrice, useWeighedQuantity } from '../catalogue/weight-labels';

/**
 * The order's tax: one row per rate when it was charged at several, or at one other than the
 * spec's 4.5 % ("Tax 8.875%"); otherwise the spec's one "Tax (4.5%)" row.
 */
function taxRows(order: OrderDetail, t: TFunction<'orders'>): SummaryRow[] {
  if (!showsTaxByRate(order.taxes.map((r) => percentToPpm(r.rate)))) {
    return [{ label: t('tax'), cents: centsOf(order.tax) }];
  }
  return order.taxes.map((r) => ({ label: t('taxAt', { rate: r.rate }), cents: centsOf(r.tax) }));
}

/** Once money came back: what was refunded, and what the shopper paid in the end. */
function refundRows(order: OrderDetail, t: TFunction<'orders'>): SummaryRow[] {
  if (order.refunded <= 0 || order.net_paid === null) return [];
  return [
    { label: t('refunded'), cents: centsOf(order.refunded), deducted: true },
    { label: t('netPaid'), cents: centsOf(order.net_paid) },
  ];
}

/** What an order holds: its lines, where it goes and its totals (the order, its confirmation and the pay page). */
export function OrderSummary({
  order,
  lineExtra,
}: {
  order: OrderDetail;
  /** What the page adds under a line (the order page: its substitution choice and proposal). */
  lineExtra?: (line: OrderDetail['item'][number]) => ReactNode;
}) {
  const { t } = useTranslation('orders');
  const language = useLanguage();
  return (
    <>
      <ul className="cart-lines" aria-label={t('lines')}>
        {order.item.map((line) => (
          <li key={line.id} className="cart-line order-line">
            <ImageBox src={line.image} kind="product" alt="" sizes="88px" className="cart-line-image" />
            <div className="cart-line-body">
              <Link to={`/product/${line.uuid}`} className="cart-line-name">
                {nameOf(line, language)}
              </Link>
              {line.weight ? (
                <LineWeightText weight={line.weight} num={line.num} />
              ) : (
                <p className="cart-line-price">{formatCents(centsOf(line.price))}</p>
              )}
              <p className="order-line-choice">{t(`whenMissing.${line.when_missing}`)}</p>
              <LinePacking packing={line.packing} />
              {lineExtra?.(line)}
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
          {addressLines(order.address).map((line) => (
            <p key={line} className="order-address-line">
              {line}
            </p>
          ))}
          {order.address.instructions ? (
            <p className="order-address-line">
              {t('instructions', { instructions: order.address.instructions })}
            </p>
          ) : null}
          <OrderSlot slot={order.slot} />
        </section>
        <section className="cart-summary" aria-labelledby="order-totals">
          <h2 id="order-totals" className="order-section-title">
            {t('summary')}
          </h2>
          <SummaryRows
            rows={[
              { label: t('subtotal'), cents: centsOf(order.subtotal) },
              ...(order.discount > 0
                ? [
                    {
                      label: t('discount', { coupon: order.coupon ?? '' }),
                      cents: centsOf(order.discount),
                      deducted: true,
                    },
                  ]
                : []),
              ...taxRows(order, t),
              ...(order.delivery_fee > 0
                ? [{ label: t('deliveryFee'), cents: centsOf(order.delivery_fee) }]
                : []),
            ]}
            total={{
              label: t(order.estimate ? 'totalEstimate' : 'total'),
              cents: centsOf(order.total_price),
            }}
            after={refundRows(order, t)}
          />
          {order.estimate && <p className="summary-note">{t('estimateNote')}</p>}
        </section>
      </div>
    </>
  );
}

/** A weighed line: its price per unit, and its weight and amount — estimated until weighed. */
function LineWeightText({ weight, num }: { weight: NonNullable<OrderLine['weight']>; num: number }) {
  const { t } = useTranslation('orders');
  const language = useLanguage();
  const quantity = useWeighedQuantity();
  return (
    <p className="cart-line-price order-line-weight">
      <UnitPrice unit={weight.unit} unitPrice={weight.unit_price} />
      {' · '}
      {weight.weighed_grams !== null && weight.weighed_amount !== null ? (
        t('weighedTotal', {
          weight: formatWeight(weight.weighed_grams, weight.unit, language),
          amount: formatCents(centsOf(weight.weighed_amount)),
        })
      ) : (
        <>
          {t('estimateLine', {
            weight: quantity(weight, num, weight.estimate_grams),
            amount: formatCents(centsOf(weight.estimate_amount)),
          })}{' '}
          <EstimateMark />
        </>
      )}
    </p>
  );
}
