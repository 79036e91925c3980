import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Category } from '#shared/schemas/catalogue';
import { useCategories } from '#web/api/catalogue';
import { ChevronRightIcon } from '#web/components/ui/icons';
import { ImageBox } from '#web/components/ui/image-box';
import { ErrorState } from '#web/components/ui/states';
import { TitlePage } from '#web/components/ui/title-page';
import { useLanguage } from '#web/lib/i18n';
import { nameOf } from '#web/lib/localized';
import '../catalogue.css';

/** The categories tab (docs/product.md §2): every top-level category, its icon, "See All", and its children. */
export function CategoriesPage() {
  const { t } = useTranslation('catalogue');
  const query = useCategories();
  return (
    <TitlePage title={t('categories.title')} tab>
      {query.isPending ? (
        <CategoriesSkeleton />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <ul className="category-cards">
          {query.data.map((category) => (
            <CategoryCard key={category.id} category={category} />
          ))}
        </ul>
      )}
    </TitlePage>
  );
}

function CategoryCard({ category }: { category: Category }) {
  const { t } = useTranslation('catalogue');
  const language = useLanguage();
  const name = nameOf(category, language);
  const headingId = `category-${category.id}`;
  return (
    <li className="category-card" aria-labelledby={headingId}>
      <div className="category-card-head">
        <ImageBox src={category.icon} kind="icon" alt="" sizes="56px" className="category-card-icon" />
        <div className="category-card-title">
          <h2 id={headingId}>{name}</h2>
          <p>{t('itemCount', { count: category.product_count })}</p>
        </div>
        <Link to={`/category/${category.id}`} className="section-link">
          {t('categories.seeAll')}
          <span className="visually-hidden"> {name}</span>
          <ChevronRightIcon />
        </Link>
      </div>
      {category.childCategory.length > 0 && (
        <ul className="chip-list">
          {category.childCategory.map((child) => (
            <li key={child.id}>
              <Link to={`/category/${category.id}/${child.id}`} className="chip">
                {nameOf(child, language)}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

function CategoriesSkeleton() {
  const { t } = useTranslation('common');
  return (
    <div className="category-cards" role="status" aria-label={t('loading')}>
      {Array.from({ length: 6 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <div key={i} className="category-card is-skeleton">
          <div className="category-card-head">
            <div className="image-box category-card-icon" />
            <div className="category-card-title">
              <div className="skeleton-line" style={{ width: '50%' }} />
              <div className="skeleton-line is-small" style={{ width: '30%' }} />
            </div>
          </div>
          <div className="skeleton-line" style={{ height: '2rem', width: '80%' }} />
        </div>
      ))}
    </div>
  );
}
