import { useTranslation } from 'react-i18next';
import { formatCents } from '#shared/money';
import { centsOf } from '#web/lib/money';

/** The order's delivery fee among its totals (a `<dl>`'s term and value). */
export function DeliveryFeeFact({ fee }: { fee: number }) {
  const { t } = useTranslation();
  return (
    <>
      <dt>{t('orders.fields.deliveryFee')}</dt>
      <dd>{formatCents(centsOf(fee))}</dd>
    </>
  );
}
