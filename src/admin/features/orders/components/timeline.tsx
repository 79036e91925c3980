import { useTranslation } from 'react-i18next';
import { formatCents } from '#shared/money';
import { centsOf } from '#web/lib/money';
import { useWhen } from '../../../api/me';
import type { TimelineEntry } from '../api/orders';
import { refundDestination } from '../lib/refund-to';

const KINDS = [
  'placed',
  'payment',
  'paid',
  'packed',
  'shipped',
  'completed',
  'cancelled',
  'expired',
  'refunded',
  'refund_failed',
  'line_marked',
  'substitution_proposed',
  'substitution_approved',
  'substitution_declined',
  'substitution_expired',
  'authorized',
  'captured',
  'voided',
  'weighed',
  'mail',
];

const str = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '';

/** What an entry's details say, in the staff member's language. */
function useDetails() {
  const { t } = useTranslation();
  return (entry: TimelineEntry): string[] => {
    const d = entry.details ?? {};
    const amount = typeof d.amount === 'number' ? formatCents(centsOf(d.amount)) : '';
    switch (entry.kind) {
      case 'payment':
        return [
          t('orders.timeline.attempt', {
            method: t(`orders.method.${str(d.method)}`, { defaultValue: str(d.method) }),
            status: t(`orders.paymentStatus.${str(d.status)}`, { defaultValue: str(d.status) }),
            amount,
          }),
          d.card_last4 ? t('orders.timeline.card', { last4: str(d.card_last4) }) : '',
          d.gateway_message ? t('orders.timeline.gateway', { message: str(d.gateway_message) }) : '',
        ];
      case 'shipped':
        return [
          d.carrier ? t('orders.timeline.carrier', { carrier: str(d.carrier) }) : '',
          d.tracking ? t('orders.timeline.tracking', { tracking: str(d.tracking) }) : '',
        ];
      case 'refunded':
        return [
          t('orders.timeline.amount', { amount }),
          d.reason ? t('orders.timeline.reason', { reason: str(d.reason) }) : '',
          refundDestination(d.to, t),
        ];
      case 'authorized':
      case 'captured':
      case 'voided':
        return amount ? [t('orders.timeline.amount', { amount })] : [];
      case 'refund_failed':
        return [
          t('orders.timeline.amount', { amount }),
          d.reason ? t('orders.timeline.reason', { reason: str(d.reason) }) : '',
          d.gateway_message ? t('orders.timeline.gateway', { message: str(d.gateway_message) }) : '',
        ];
      case 'weighed':
        return [
          t('orders.timeline.weighed', {
            grams: Number(d.grams ?? 0),
            amount: formatCents(typeof d.cents === 'number' ? d.cents : 0),
          }),
        ];
      case 'mail':
        return [
          t('orders.timeline.mailState', {
            state: t(`orders.mailState.${str(d.state)}`, { defaultValue: str(d.state) }),
            count: Number(d.attempts ?? 0),
          }),
          d.last_error ? t('orders.timeline.lastError', { error: str(d.last_error) }) : '',
        ];
      default:
        return [];
    }
  };
}

/** Everything that happened to the order, oldest first: what, when, who, and the details. */
export function Timeline({ entries }: { entries: TimelineEntry[] }) {
  const { t } = useTranslation();
  const when = useWhen();
  const details = useDetails();
  return (
    <ol className="orders-timeline">
      {entries.map((entry, index) => {
        const title =
          entry.kind === 'mail'
            ? t('orders.timeline.mail', {
                mail: t(`orders.mailKind.${str(entry.details?.mail)}`, {
                  defaultValue: str(entry.details?.mail),
                }),
              })
            : t(`orders.timeline.kind.${KINDS.includes(entry.kind) ? entry.kind : 'other'}`);
        const who = entry.staff_name || (entry.staff_id === null ? null : `#${entry.staff_id}`);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id; the list only grows at its end
          <li key={index} className={`orders-event is-${entry.kind}`}>
            <p className="orders-event-title">{title}</p>
            <p className="orders-event-meta">
              <time dateTime={entry.at}>{when(entry.at)}</time>
              {who ? ` · ${t('orders.timeline.by', { name: who })}` : ''}
            </p>
            {details(entry)
              .filter(Boolean)
              .map((line) => (
                <p key={line} className="orders-event-detail">
                  {line}
                </p>
              ))}
          </li>
        );
      })}
    </ol>
  );
}
