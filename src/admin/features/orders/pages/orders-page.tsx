import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatCents } from '#shared/money';
import { can } from '#shared/schemas/staff.rules';
import { Loading } from '#web/components/ui/loading';
import { centsOf } from '#web/lib/money';
import { useStaff, useWhen } from '../../../api/me';
import { Forbidden, LoadError } from '../../../components/ui/states';
import { usePageTitle } from '../../../lib/page-title';
import { orderUrl, packingListUrl } from '../../../lib/urls/orders';
import { type OrderFilters, orderListQueryOptions } from '../api/orders';
import { OrderFiltersForm } from '../components/order-filters';
import { OrderSlotText } from '../components/order-slot';
import { statusKey } from '../lib/format';

const QUERY_KEYS = ['q', 'status', 'stage', 'from', 'to', 'method', 'page'] as const;

function filtersOf(params: URLSearchParams): OrderFilters {
  const filters: OrderFilters = {};
  for (const key of QUERY_KEYS) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  return filters;
}

/** Orders, newest first, filtered and paged by the server; the filters live in the URL. */
export function OrdersPage() {
  const { t } = useTranslation();
  const when = useWhen();
  usePageTitle(t('orders.title'));
  const staff = useStaff();
  const allowed = can(staff.role, 'orders.view');
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const list = useQuery({ ...orderListQueryOptions(filters), enabled: allowed });
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());

  if (!allowed) return <Forbidden />;
  const page = Number(filters.page ?? 1) || 1;
  const goTo = (next: OrderFilters) =>
    setParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v)) as Record<string, string>);
  const toggle = (orderNo: string) =>
    setChosen((before) => {
      const after = new Set(before);
      if (!after.delete(orderNo)) after.add(orderNo);
      return after;
    });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.page_size)) : 1;

  return (
    <section className="admin-page">
      <h1>{t('orders.title')}</h1>
      <OrderFiltersForm filters={filters} onApply={goTo} />
      <div className="orders-toolbar">
        <p className="admin-hint" aria-live="polite">
          {list.data ? t('orders.list.count', { count: list.data.total }) : ''}
        </p>
        {chosen.size > 0 ? (
          <Link className="button button-secondary" to={packingListUrl([...chosen])}>
            {t('orders.list.packingList', { count: chosen.size })}
          </Link>
        ) : null}
      </div>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadError error={list.error} retry={() => void list.refetch()} />
      ) : list.data.list.length === 0 ? (
        <p className="admin-state">{t('orders.list.none')}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table orders-table">
            <caption className="visually-hidden">{t('orders.list.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">
                  <span className="visually-hidden">{t('orders.list.choose')}</span>
                </th>
                <th scope="col">{t('orders.fields.orderNo')}</th>
                <th scope="col">{t('orders.fields.placedAt')}</th>
                <th scope="col">{t('slots.column')}</th>
                <th scope="col">{t('orders.fields.customer')}</th>
                <th scope="col">{t('orders.fields.items')}</th>
                <th scope="col">{t('orders.fields.total')}</th>
                <th scope="col">{t('orders.fields.status')}</th>
                <th scope="col">{t('orders.fields.method')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.list.map((order) => (
                <tr key={order.order_no}>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={t('orders.list.chooseOne', { orderNo: order.order_no })}
                      checked={chosen.has(order.order_no)}
                      onChange={() => toggle(order.order_no)}
                    />
                  </td>
                  <th scope="row">
                    <Link to={orderUrl(order.order_no)}>{order.order_no}</Link>
                  </th>
                  <td>{when(order.created_at)}</td>
                  <td>
                    <OrderSlotText slot={order.slot} />
                  </td>
                  <td>
                    {order.name}
                    {order.email ? <span className="orders-sub">{order.email}</span> : null}
                  </td>
                  <td>{order.total_count}</td>
                  <td>{formatCents(centsOf(order.total_price))}</td>
                  <td>
                    <span className={`orders-status is-${order.status}`}>
                      {t(statusKey(order.status, order.packed))}
                    </span>
                  </td>
                  <td>{order.method ? t(`orders.method.${order.method}`) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 ? (
        <nav className="orders-pager" aria-label={t('orders.list.pages')}>
          <button
            type="button"
            className="button button-secondary"
            disabled={page <= 1}
            onClick={() => goTo({ ...filters, page: String(page - 1) })}
          >
            {t('orders.list.previous')}
          </button>
          <span>{t('orders.list.page', { page, pages })}</span>
          <button
            type="button"
            className="button button-secondary"
            disabled={page >= pages}
            onClick={() => goTo({ ...filters, page: String(page + 1) })}
          >
            {t('orders.list.next')}
          </button>
        </nav>
      ) : null}
    </section>
  );
}
