import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatCents } from '#shared/money';
import { personName } from '#shared/person-name';
import { shownArea } from '#shared/schemas/address.rules';
import { can } from '#shared/schemas/staff.rules';
import { Loading } from '#web/components/ui/loading';
import { useStaff, useWhen } from '../../../api/me';
import { Forbidden, LoadError } from '../../../components/ui/states';
import { usePageTitle } from '../../../lib/page-title';
import { auditUrl } from '../../../lib/urls/audit';
import { customerListPath } from '../../../lib/urls/customers';
import { orderUrl } from '../../../lib/urls/orders';
import { customerQueryOptions } from '../api/customers';
import { AccountState } from '../components/account-state';
import { DisableCustomer } from '../components/disable-customer';
import '../../../components/ui/lists.css';

/** One customer: account state, what they spent, their orders (to the order page) and addresses. */
export function CustomerPage() {
  const { t } = useTranslation();
  const when = useWhen();
  const { uuid = '' } = useParams();
  const staff = useStaff();
  const allowed = can(staff.role, 'customers.view');
  const detail = useQuery({ ...customerQueryOptions(uuid), enabled: allowed });
  const customer = detail.data?.customer;
  usePageTitle(customer ? customer.name || customer.email : t('customers.title'));

  if (!allowed) return <Forbidden />;
  if (detail.isPending) return <Loading />;
  if (detail.isError) return <LoadError error={detail.error} retry={() => void detail.refetch()} />;
  const { addresses, orders, totalSpentCents } = detail.data;
  const shown = detail.data.customer;
  return (
    <section className="admin-page">
      <p>
        <Link to={customerListPath}>{t('customers.back')}</Link>
      </p>
      <h1>{shown.name || shown.email}</h1>
      <dl className="admin-facts">
        <dt>{t('customers.fields.email')}</dt>
        <dd>{shown.email}</dd>
        <dt>{t('customers.fields.since')}</dt>
        <dd>{when(shown.createdAt)}</dd>
        <dt>{t('customers.fields.language')}</dt>
        <dd>{shown.language === 'zh' ? '中文' : 'English'}</dd>
        <dt>{t('customers.fields.state')}</dt>
        <dd>
          <AccountState customer={shown} />
          {shown.disabledAt ? ` ${t('customers.disabledAt', { at: when(shown.disabledAt) })}` : null}
        </dd>
        <dt>{t('customers.fields.spent')}</dt>
        <dd>{formatCents(totalSpentCents)}</dd>
      </dl>
      {can(staff.role, 'audit.view') ? (
        <p>
          <Link to={auditUrl({ target_type: 'customer', target_id: shown.uuid })}>
            {t('customers.auditLink')}
          </Link>
        </p>
      ) : null}
      <DisableCustomer customer={shown} />
      <section className="admin-panel" aria-labelledby="customer-orders">
        <h2 id="customer-orders">{t('customers.orders.title')}</h2>
        {orders.length === 0 ? (
          <p className="admin-hint">{t('customers.orders.none')}</p>
        ) : (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t('customers.orders.number')}</th>
                  <th scope="col">{t('customers.orders.placed')}</th>
                  <th scope="col">{t('customers.orders.status')}</th>
                  <th scope="col">{t('customers.orders.items')}</th>
                  <th scope="col">{t('customers.orders.total')}</th>
                </tr>
              </thead>
              <tbody>
                {orders.map((order) => (
                  <tr key={order.orderNo}>
                    <th scope="row">
                      <Link to={orderUrl(order.orderNo)}>{order.orderNo}</Link>
                    </th>
                    <td>{when(order.createdAt)}</td>
                    <td>{t(`customers.status.${order.statusName}`, { defaultValue: order.statusName })}</td>
                    <td>{order.totalCount}</td>
                    <td>{formatCents(order.totalCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section className="admin-panel" aria-labelledby="customer-addresses">
        <h2 id="customer-addresses">{t('customers.addresses.title')}</h2>
        {addresses.length === 0 ? (
          <p className="admin-hint">{t('customers.addresses.none')}</p>
        ) : (
          <ul className="admin-list">
            {addresses.map((a) => (
              <li key={a.uuid}>
                <address>
                  {personName(a)}, {a.phone}, {a.address}, {shownArea(a.area) ? `${a.area}, ` : ''}
                  {a.city}, {a.province} {a.zip}
                </address>
                {a.isDefault ? <span className="tag">{t('customers.addresses.default')}</span> : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
