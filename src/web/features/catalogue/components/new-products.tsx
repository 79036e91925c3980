import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NewCategory } from '#shared/schemas/catalogue';
import { useAddToCart } from '#web/api/cart';
import { useNewProducts } from '#web/api/catalogue';
import { AddProblem } from '#web/components/catalogue/add-problem';
import { ProductGrid, ProductGridSkeleton } from '#web/components/catalogue/product-grid';
import { ChevronRightIcon } from '#web/components/ui/icons';
import { ErrorState } from '#web/components/ui/states';
import { useLanguage } from '#web/lib/i18n';
import { useInView } from '#web/lib/in-view';
import { nameOf } from '#web/lib/localized';

/** How many new products one row shows; "See All" leads to the rest. */
const ROW_LENGTH = 12;

/** One row per category with new products (docs/product.md §2, Home), newest first, scrolling sideways. */
export function NewProductRow({ category }: { category: NewCategory }) {
  const { t } = useTranslation('home');
  const language = useLanguage();
  const { add, message } = useAddToCart();
  const [ref, near] = useInView<HTMLElement>();
  const query = useNewProducts(category.id, near);
  // The cards draw in a background render that yields to the browser, not in the data's arrival.
  const products = useDeferredValue(query.data?.list);
  const name = nameOf(category, language);
  const headingId = `new-${category.id}`;
  return (
    <section className="section" aria-labelledby={headingId} ref={ref}>
      <div className="section-head">
        <h2 className="section-title" id={headingId}>
          {t('newIn', { name })}
        </h2>
        <Link to={`/category/${category.id}`} className="section-link">
          {t('seeAll')}
          <span className="visually-hidden"> {name}</span>
          <ChevronRightIcon />
        </Link>
      </div>
      <AddProblem message={message} />
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} size="section" />
      ) : products ? (
        <ProductGrid
          layout="row"
          products={products.slice(0, ROW_LENGTH)}
          onAdd={add}
          label={name}
          arrows={{ previous: t('row.previous', { name }), next: t('row.next', { name }) }}
        />
      ) : (
        // Far from view, one card keeps the row's height: the rows further down cost next to nothing until scrolled to.
        <ProductGridSkeleton layout="row" count={near ? 6 : 1} />
      )}
    </section>
  );
}
