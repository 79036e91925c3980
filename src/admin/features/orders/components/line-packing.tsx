import { useTranslation } from 'react-i18next';
import { formatCents } from '#shared/money';
import { centsOf } from '#web/lib/money';
import { bothNames } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import type { OrderLine } from '../api/orders';

/** A line's packing mark on the order page: picked, N short, replaced by X, and the refund's progress. */
export function LinePacking({ packing }: { packing: OrderLine['packing'] }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (!packing) return '—';
  const what =
    packing.state === 'picked'
      ? t('packing.mark.picked')
      : packing.state === 'short'
        ? t('packing.mark.short', { count: packing.short_num })
        : t('packing.mark.replaced', {
            name: bothNames(packing.replacement ?? { en_name: '', zn_name: '' }, language)[0],
            price: formatCents(centsOf(packing.replacement?.charged ?? 0)),
          });
  const refund =
    packing.refund > 0 && packing.refund_state !== 'none'
      ? ` · ${t(`packing.refund.${packing.refund_state}`, { amount: formatCents(centsOf(packing.refund)) })}`
      : '';
  return `${what}${refund}`;
}
