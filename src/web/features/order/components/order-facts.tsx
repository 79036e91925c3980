import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { OrderDetail, OrderPayment } from '#shared/schemas/order';
import { formatWhen } from '#web/lib/date-time';
import { useLanguage } from '#web/lib/i18n';

/** "Visa ending in 1111", "WeChat Pay": how the order was paid, in the shopper's language. */
function paymentText(payment: OrderPayment, t: TFunction<'orders'>): string {
  if (payment.kind === 'wallet') return t(`wallets.${payment.vendor}`, { defaultValue: payment.vendor });
  if (!payment.card_last4) return t('cardOnly');
  const brand = payment.card_brand ? t(`brands.${payment.card_brand}`, { defaultValue: '' }) : '';
  return brand
    ? t('card', { brand, last4: payment.card_last4 })
    : t('cardNoBrand', { last4: payment.card_last4 });
}

/**
 * When the order was placed and paid, and how (docs/product.md, Order detail), on the shop's clock
 * as the order's updates are.
 */
export function OrderFacts({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('orders');
  const language = useLanguage();
  const when = (iso: string) => formatWhen(iso, language, { timeZone: order.time_zone });
  return (
    <ul className="order-facts">
      <li>{t('placedAt', { when: when(order.placed_at) })}</li>
      {order.paid_at && <li>{t('paidAt', { when: when(order.paid_at) })}</li>}
      {order.payment && <li>{t('paidWith', { method: paymentText(order.payment, t) })}</li>}
    </ul>
  );
}
