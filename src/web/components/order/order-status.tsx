import { useTranslation } from 'react-i18next';
import { orderStatusName } from '#shared/schemas/order.rules';
import './order-status.css';

/** The `orders:status.*` key of a status number (docs/product.md §4). */
export function statusKey(status: number): string {
  return `status.${orderStatusName(status) ?? 'pending'}`;
}

/** An order's status as a coloured badge (the order list, the pay page). */
export function OrderStatus({ status }: { status: number }) {
  const { t } = useTranslation('orders');
  return <span className={`status status-${status}`}>{t(statusKey(status))}</span>;
}
