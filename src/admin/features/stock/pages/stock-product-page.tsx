import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { can } from '#shared/schemas/staff.rules';
import { useStaff } from '../../../api/me';
import { Forbidden } from '../../../components/ui/states';
import { useLanguage } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';
import { stockListPath } from '../../../lib/urls/stock';
import { productStockQueryOptions } from '../api/stock';
import { StockPanel } from '../components/stock-panel';
import { nameIn } from '../lib/stock-view';
import '../../../components/ui/lists.css';

/** One product's stock from the grid: its name, then the StockPanel the products editor shows too. */
export function StockProductPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  const productId = Number(useParams().id) || 0;
  const allowed = can(useStaff().role, 'catalogue.manage');
  // The panel's own first page: the same query, so the name costs no second request.
  const stock = useQuery({ ...productStockQueryOptions(productId, 1), enabled: allowed });
  const name = stock.data ? nameIn(stock.data, language) : '';
  usePageTitle(name || t('stock.title'));
  if (!allowed) return <Forbidden />;
  return (
    <section className="admin-page">
      <p>
        <Link to={stockListPath}>{t('stock.product.back')}</Link>
      </p>
      <h1>{name || t('stock.title')}</h1>
      <StockPanel productId={productId} />
    </section>
  );
}
