import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCents } from '#shared/money';
import { Loading } from '#web/components/ui/loading';
import { centsOf } from '#web/lib/money';
import { useWhen } from '../../../api/me';
import { LoadError } from '../../../components/ui/states';
import { usePageTitle } from '../../../lib/page-title';
import { orderUrl } from '../../../lib/urls/orders';
import { todayQueryOptions } from '../api/today';
import { PaidCard } from '../components/paid-card';
import '../../../components/ui/lists.css';

/**
 * The console's home for every role (orders.view): what to pack, what is about to expire, today's
 * takings against last week, and what is running out.
 */
export function TodayPage() {
  const { t } = useTranslation();
  const when = useWhen();
  usePageTitle(t('today.title'));
  const today = useQuery(todayQueryOptions());
  if (today.isPending) return <Loading />;
  if (today.isError) return <LoadError error={today.error} retry={() => void today.refetch()} />;
  const { to_pack: toPack, expiring, low_stock: lowStock } = today.data;
  return (
    <section className="admin-page">
      <h1>{t('today.title')}</h1>
      <div className="admin-cards">
        <section className="admin-panel" aria-labelledby="today-to-pack">
          <h2 id="today-to-pack">{t('today.toPack.title')}</h2>
          <p className="admin-figure">{toPack.total}</p>
          {toPack.list.length === 0 ? (
            <p className="admin-hint">{t('today.toPack.none')}</p>
          ) : (
            <ul className="admin-list">
              {toPack.list.map((order) => (
                <li key={order.order_no}>
                  <Link to={orderUrl(order.order_no)}>{order.order_no}</Link>{' '}
                  {t('today.toPack.line', {
                    name: order.name,
                    count: order.total_count,
                    paidAt: when(order.paid_at),
                  })}
                </li>
              ))}
            </ul>
          )}
          {toPack.total > toPack.list.length ? (
            <p className="admin-hint">{t('today.more', { count: toPack.total - toPack.list.length })}</p>
          ) : null}
        </section>
        <section className="admin-panel" aria-labelledby="today-expiring">
          <h2 id="today-expiring">{t('today.expiring.title', { minutes: expiring.minutes })}</h2>
          {expiring.list.length === 0 ? (
            <p className="admin-hint">{t('today.expiring.none')}</p>
          ) : (
            <ul className="admin-list">
              {expiring.list.map((order) => (
                <li key={order.order_no}>
                  <Link to={orderUrl(order.order_no)}>{order.order_no}</Link>{' '}
                  {t('today.expiring.line', {
                    total: formatCents(centsOf(order.total_price)),
                    at: when(order.expires_at, { timeOnly: true }),
                  })}
                </li>
              ))}
            </ul>
          )}
        </section>
        <PaidCard today={today.data} />
      </div>
      <section className="admin-panel" aria-labelledby="today-low-stock">
        <h2 id="today-low-stock">{t('today.lowStock.title')}</h2>
        {lowStock.list.length === 0 ? (
          <p className="admin-hint">{t('today.lowStock.none')}</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t('today.lowStock.nameEn')}</th>
                  <th scope="col">{t('today.lowStock.nameZh')}</th>
                  <th scope="col">{t('today.lowStock.stock')}</th>
                  <th scope="col">{t('today.lowStock.threshold')}</th>
                </tr>
              </thead>
              <tbody>
                {lowStock.list.map((product) => (
                  <tr key={product.uuid}>
                    <th scope="row">{product.en_name}</th>
                    <td lang="zh-CN">{product.zn_name}</td>
                    <td>{product.stock}</td>
                    <td>{product.threshold}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {lowStock.total > lowStock.list.length ? (
          <p className="admin-hint">{t('today.more', { count: lowStock.total - lowStock.list.length })}</p>
        ) : null}
      </section>
    </section>
  );
}
