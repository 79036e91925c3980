import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ORDER_NO_PATTERN, PACKING_MAX } from '#shared/schemas/order.rules';
import { can } from '#shared/schemas/staff.rules';
import { useStaff } from '../../../api/me';
import { Forbidden, LoadError, Loading } from '../../../components/ui/states';
import { useLanguage } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';
import { packingQueryOptions } from '../api/orders';
import { AddressLines } from '../components/address';
import { when } from '../lib/format';

/**
 * A packing slip (one order) or a packing list (the orders chosen in the list), made for paper:
 * each order's address and lines in both languages, one order per printed page.
 */
export function PackingPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const [params] = useSearchParams();
  const orderNos = [
    ...new Set(
      (params.get('orders') ?? '')
        .split(',')
        .map((no) => no.trim())
        .filter((no) => ORDER_NO_PATTERN.test(no)),
    ),
  ].slice(0, PACKING_MAX);
  const title = orderNos.length === 1 ? t('orders.packing.slip') : t('orders.packing.list');
  usePageTitle(title);
  const staff = useStaff();
  const allowed = can(staff.role, 'orders.view');
  const packing = useQuery({ ...packingQueryOptions(orderNos), enabled: allowed && orderNos.length > 0 });

  if (!allowed) return <Forbidden />;
  return (
    <section className="admin-page orders-packing">
      <div className="orders-head no-print">
        <h1>{title}</h1>
        <button type="button" className="button button-primary" onClick={() => window.print()}>
          {t('orders.packing.print')}
        </button>
        <Link to="/admin/orders">{t('orders.detail.back')}</Link>
      </div>
      {orderNos.length === 0 ? (
        <p className="admin-state">{t('orders.packing.none')}</p>
      ) : packing.isPending ? (
        <Loading />
      ) : packing.isError ? (
        <LoadError error={packing.error} retry={() => void packing.refetch()} />
      ) : (
        <>
          {packing.data.missing.length > 0 ? (
            <p className="form-error no-print" role="alert">
              {t('orders.packing.missing', { orders: packing.data.missing.join(', ') })}
            </p>
          ) : null}
          {packing.data.orders.map((order) => (
            <article key={order.order_no} className="orders-slip" aria-labelledby={`slip-${order.order_no}`}>
              <header className="orders-slip-head">
                <h2 id={`slip-${order.order_no}`}>
                  {t('orders.packing.order', { orderNo: order.order_no })}
                </h2>
                <p>{when(order.paid_at ?? order.created_at, language)}</p>
              </header>
              <section aria-label={t('orders.detail.address')}>
                <AddressLines address={order.address} />
              </section>
              <table className="orders-slip-lines">
                <thead>
                  <tr>
                    <th scope="col">{t('orders.packing.check')}</th>
                    <th scope="col">{t('orders.packing.english')}</th>
                    <th scope="col">{t('orders.packing.chinese')}</th>
                    <th scope="col">{t('orders.fields.qty')}</th>
                  </tr>
                </thead>
                <tbody>
                  {order.lines.map((line) => (
                    <tr key={line.id}>
                      <td className="orders-slip-box" aria-hidden="true">
                        ☐
                      </td>
                      <td lang="en">{line.en_name}</td>
                      <td lang="zh-CN">{line.zn_name}</td>
                      <td className="orders-slip-qty">{line.num}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row" colSpan={3}>
                      {t('orders.packing.count')}
                    </th>
                    <td className="orders-slip-qty">{order.total_count}</td>
                  </tr>
                </tfoot>
              </table>
            </article>
          ))}
        </>
      )}
    </section>
  );
}
