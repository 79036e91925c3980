import { useTranslation } from 'react-i18next';
import { formatCents } from '#shared/money';
import type { OrderLine } from '#shared/schemas/order';
import { useLanguage } from '#web/lib/i18n';
import { nameOf } from '#web/lib/localized';
import { centsOf } from '#web/lib/money';

/**
 * What packing changed on an order line, as the shopper reads it: how many were missing, or what
 * replaced it and at what price, and the money given back (on its way, or refunded).
 */
export function LinePacking({ packing }: { packing: OrderLine['packing'] }) {
  const { t } = useTranslation('orders');
  const language = useLanguage();
  if (!packing) return null;
  const what =
    packing.state === 'short'
      ? t('packing.short', { count: packing.short_num })
      : t('packing.replaced', {
          name: nameOf(packing.replacement ?? { en_name: '', zn_name: '' }, language),
          price: formatCents(centsOf(packing.replacement?.charged ?? 0)),
        });
  const money =
    packing.refund > 0
      ? t(packing.refunded ? 'packing.refunded' : 'packing.refunding', {
          amount: formatCents(centsOf(packing.refund)),
        })
      : t('packing.noCharge');
  return (
    <p className="order-line-packing" data-state={packing.state}>
      {what} · {money}
    </p>
  );
}
