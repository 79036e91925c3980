import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSearchSuggestions } from '#web/api/catalogue';
import { ProductGrid } from '#web/components/catalogue/product-grid';
import { useLanguage } from '#web/lib/i18n';
import { nameOf } from '#web/lib/localized';

/**
 * Under a search that found nothing (docs/product.md §2): a query close to it that finds something
 * ("did you mean"), and the best sellers of the nearest category (or of the shop).
 */
export function SearchHelp({ term, onAdd }: { term: string; onAdd: (uuid: string) => void }) {
  const { t } = useTranslation('search');
  const language = useLanguage();
  const query = useSearchSuggestions(term, true);
  if (!query.isSuccess) return null;
  const { did_you_mean: didYouMean, category, products } = query.data;
  const title = category ? t('popularIn', { category: nameOf(category, language) }) : t('popularNow');
  return (
    <div className="search-help">
      {didYouMean && (
        <p className="search-did-you-mean">
          {t('didYouMean')}{' '}
          <Link to={`/search?q=${encodeURIComponent(didYouMean)}`} className="suggestion">
            {didYouMean}
          </Link>
        </p>
      )}
      {products.length > 0 && (
        <section aria-labelledby="search-help-popular">
          <h3 id="search-help-popular" className="section-title">
            {title}
          </h3>
          <ProductGrid products={products} onAdd={onAdd} label={title} />
        </section>
      )}
    </div>
  );
}
