import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatCents } from '#shared/money';
import { can } from '#shared/schemas/staff.rules';
import { Loading } from '#web/components/ui/loading';
import { centsOf } from '#web/lib/money';
import { useStaff } from '../../../api/me';
import { Pager } from '../../../components/ui/pager';
import { Forbidden, LoadError } from '../../../components/ui/states';
import { useLanguage } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';
import { newProductPath, productPath } from '../../../lib/urls/products';
import { categoryOptionsQueryOptions, type ProductFilters, productListQueryOptions } from '../api/products';
import { ProductFiltersForm } from '../components/product-filters';

const QUERY_KEYS = ['q', 'category', 'published', 'stock', 'missing', 'archived', 'page'] as const;

function filtersOf(params: URLSearchParams): ProductFilters {
  const filters: ProductFilters = {};
  for (const key of QUERY_KEYS) {
    const value = params.get(key);
    if (value) filters[key] = value;
  }
  return filters;
}

/** Products, newest first or by search rank, filtered and paged by the server; the filters live in the URL. */
export function ProductsPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  usePageTitle(t('products.title'));
  const staff = useStaff();
  const allowed = can(staff.role, 'catalogue.manage');
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  /** What the editor just did before it came back here (a deleted or archived product). */
  const notice = params.get('notice');
  const list = useQuery({ ...productListQueryOptions(filters), enabled: allowed });
  const categories = useQuery({ ...categoryOptionsQueryOptions(), enabled: allowed });

  if (!allowed) return <Forbidden />;
  const goTo = (next: ProductFilters) =>
    setParams(Object.fromEntries(Object.entries(next).filter(([, v]) => v)) as Record<string, string>);

  return (
    <section className="admin-page">
      <div className="products-head">
        <h1>{t('products.title')}</h1>
        <Link className="button button-primary" to={newProductPath}>
          {t('products.list.new')}
        </Link>
      </div>
      <ProductFiltersForm
        filters={filters}
        categories={categories.data ?? []}
        language={language}
        onApply={goTo}
      />
      {notice === 'deleted' || notice === 'archived' ? (
        <p className="admin-notice" role="status">
          {t(`products.list.${notice}`)}
        </p>
      ) : null}
      <p className="admin-hint" aria-live="polite">
        {list.data ? t('products.list.count', { count: list.data.total }) : ''}
      </p>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadError error={list.error} retry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <p className="admin-state">{t('products.list.none')}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table products-table">
            <caption className="visually-hidden">{t('products.list.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('products.list.picture')}</th>
                <th scope="col">{t('products.list.name')}</th>
                <th scope="col">{t('products.fields.price')}</th>
                <th scope="col">{t('products.list.stock')}</th>
                <th scope="col">{t('products.list.state')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((p) => (
                <tr key={p.id}>
                  <td>
                    {p.product_image ? (
                      <img className="products-thumb" src={p.product_image} alt="" width={48} height={48} />
                    ) : (
                      <span className="products-thumb is-empty" aria-hidden="true" />
                    )}
                  </td>
                  <th scope="row">
                    <Link to={productPath(p.id)}>{p.en_name || t('products.list.unnamed')}</Link>
                    <span className="products-sub" lang="zh">
                      {p.zn_name}
                    </span>
                  </th>
                  <td>{formatCents(centsOf(p.price))}</td>
                  <td className={p.real_stock <= p.low_stock_threshold ? 'products-low' : undefined}>
                    {p.real_stock === 0
                      ? t('products.list.out')
                      : p.real_stock <= p.low_stock_threshold
                        ? t('products.list.low', { count: p.real_stock })
                        : p.real_stock}
                  </td>
                  <td>
                    <span
                      className={`products-state is-${p.archived ? 'archived' : p.published ? 'on' : 'off'}`}
                    >
                      {t(
                        p.archived
                          ? 'products.state.archived'
                          : p.published
                            ? 'products.state.published'
                            : 'products.state.draft',
                      )}
                    </span>
                    {p.missing.length > 0 && !p.archived ? (
                      <span className="products-sub">
                        {t('products.list.missing', { count: p.missing.length })}
                      </span>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.data ? (
        <Pager
          page={list.data.page}
          pageSize={list.data.pageSize}
          total={list.data.total}
          texts="products.list"
          onPage={(page) => goTo({ ...filters, page: String(page) })}
        />
      ) : null}
    </section>
  );
}
