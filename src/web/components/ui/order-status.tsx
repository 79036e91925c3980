import { useTranslation } from 'react-i18next';
import './order-status.css';

const STATUS_KEYS: Record<number, string> = {
  1: 'pending',
  2: 'processing',
  3: 'shipped',
  4: 'completed',
  5: 'cancelled',
  6: 'refunded',
};

/** The `orders:status.*` key of a status number (spec §4). */
export function statusKey(status: number): string {
  return `status.${STATUS_KEYS[status] ?? 'pending'}`;
}

/** An order's status as a coloured badge (the order list, the pay page). */
export function OrderStatus({ status }: { status: number }) {
  const { t } = useTranslation('orders');
  return <span className={`status status-${status}`}>{t(statusKey(status))}</span>;
}
