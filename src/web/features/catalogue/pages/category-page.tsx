import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CATEGORY_EAGER_CARDS } from '#shared/media';
import { useAddToCart, useCartCount } from '#web/api/cart';
import { useCategory, useProductList } from '#web/api/catalogue';
import { AddProblem } from '#web/components/catalogue/add-problem';
import { ProductGrid, ProductGridSkeleton } from '#web/components/catalogue/product-grid';
import { CartLink } from '#web/components/ui/cart-link';
import { PageHeader } from '#web/components/ui/page-header';
import { ErrorState, StateView } from '#web/components/ui/states';
import { useDocumentTitle } from '#web/lib/document-title';
import { useLanguage } from '#web/lib/i18n';
import { nameOf } from '#web/lib/localized';
import { CategorySwitcher } from '../components/category-switcher';
import '../catalogue.css';

const idOf = (param: string | undefined) => (param && /^\d{1,9}$/.test(param) ? Number(param) : undefined);

/**
 * category/{id} and category/{id}/{subId} (docs/product.md §2): the name and item count, the switcher panel,
 * the cart badge and the product grid with add-to-cart buttons.
 */
export function CategoryPage() {
  const params = useParams();
  const id = idOf(params.id);
  const subId = idOf(params.subId);
  if (id === undefined || (params.subId !== undefined && subId === undefined)) return <Missing />;
  return <CategoryScreen key={id} id={id} subId={subId} />;
}

function CategoryScreen({ id, subId }: { id: number; subId?: number }) {
  const { t } = useTranslation('catalogue');
  const language = useLanguage();
  const category = useCategory(id);
  const products = useProductList({ category_id: subId ?? id });
  const cartCount = useCartCount();
  // A refused add (e.g. "only 3 left") rolls the badge back; the shopper is told why.
  const { add, message } = useAddToCart();
  const child = subId === undefined ? undefined : category.data?.childCategory.find((c) => c.id === subId);
  const title = category.data ? nameOf(child ?? category.data, language) : '';
  useDocumentTitle(title || undefined);

  if (category.isError) return <FailedPage error={category.error} retry={() => category.refetch()} />;
  if (category.data && subId !== undefined && !child) return <Missing />;

  return (
    <>
      <PageHeader title={title} backTo="/categories" end={<CartLink count={cartCount} />}>
        <span className="item-count">
          {products.data ? t('itemCount', { count: products.data.total }) : '\u00a0'}
        </span>
        <AddProblem message={message} />
      </PageHeader>
      {category.data ? (
        <CategorySwitcher parent={category.data} currentId={subId} />
      ) : (
        <div className="category-switcher is-skeleton" aria-hidden="true" />
      )}
      {products.isPending ? (
        <ProductGridSkeleton />
      ) : products.isError ? (
        <ErrorState error={products.error} onRetry={() => products.refetch()} />
      ) : products.data.list.length === 0 ? (
        <StateView kind="notFound" />
      ) : (
        <ProductGrid
          products={products.data.list}
          onAdd={add}
          eager={CATEGORY_EAGER_CARDS}
          label={title}
          headingLevel={2}
        />
      )}
    </>
  );
}

function FailedPage({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation('catalogue');
  return (
    <>
      <PageHeader title={t('category.title')} backTo="/categories" />
      <ErrorState error={error} onRetry={retry} />
    </>
  );
}

function Missing() {
  const { t } = useTranslation(['catalogue', 'common']);
  return (
    <>
      <PageHeader title={t('category.title')} backTo="/categories" />
      <StateView
        kind="notFound"
        action={
          <Link to="/categories" className="button button-primary">
            {t('categories.title')}
          </Link>
        }
      />
    </>
  );
}
