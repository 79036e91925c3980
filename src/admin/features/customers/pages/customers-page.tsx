import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { can } from '#shared/schemas/staff.rules';
import { Loading } from '#web/components/ui/loading';
import { useStaff, useWhen } from '../../../api/me';
import { Field } from '../../../components/ui/field';
import { Pager } from '../../../components/ui/pager';
import { Forbidden, LoadError } from '../../../components/ui/states';
import { usePageTitle } from '../../../lib/page-title';
import { customerUrl } from '../../../lib/urls/customers';
import { CUSTOMERS_PAGE_SIZE, customersQueryOptions } from '../api/customers';
import { AccountState } from '../components/account-state';
import '../../../components/ui/lists.css';

/** Customers, searched and paged on the server (`customers.view`: managers and owners). */
export function CustomersPage() {
  const { t } = useTranslation();
  const when = useWhen();
  usePageTitle(t('customers.title'));
  const staff = useStaff();
  const allowed = can(staff.role, 'customers.view');
  // The search and page live in the address: back from a customer returns to the same list.
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState(q);
  const list = useQuery({ ...customersQueryOptions(q, page), enabled: allowed });

  if (!allowed) return <Forbidden />;
  const search = (event: FormEvent) => {
    event.preventDefault();
    setParams(draft.trim() ? { q: draft.trim() } : {});
  };
  const toPage = (next: number) => setParams({ ...(q ? { q } : {}), page: String(next) });
  return (
    <section className="admin-page">
      <h1>{t('customers.title')}</h1>
      <form className="admin-search" aria-label={t('customers.search.submit')} onSubmit={search}>
        <Field
          label={t('customers.search.label')}
          type="search"
          value={draft}
          maxLength={100}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className="button">
          {t('customers.search.submit')}
        </button>
      </form>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadError error={list.error} retry={() => void list.refetch()} />
      ) : list.data.list.length === 0 ? (
        <p className="admin-state">{q ? t('customers.search.none', { q }) : t('customers.empty')}</p>
      ) : (
        <>
          <p className="admin-hint" role="status">
            {t('customers.count', { count: list.data.total })}
          </p>
          <div className="admin-table-wrap">
            <table className="admin-table">
              <caption className="visually-hidden">{t('customers.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('customers.fields.name')}</th>
                  <th scope="col">{t('customers.fields.email')}</th>
                  <th scope="col">{t('customers.fields.since')}</th>
                  <th scope="col">{t('customers.fields.state')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.list.map((customer) => (
                  <tr key={customer.uuid}>
                    <th scope="row">
                      <Link to={customerUrl(customer.uuid)}>{customer.name || customer.email}</Link>
                    </th>
                    <td>{customer.email}</td>
                    <td>{when(customer.createdAt)}</td>
                    <td>
                      <AccountState customer={customer} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager
            page={page}
            pageSize={CUSTOMERS_PAGE_SIZE}
            total={list.data.total}
            texts="customers"
            onPage={toPage}
          />
        </>
      )}
    </section>
  );
}
