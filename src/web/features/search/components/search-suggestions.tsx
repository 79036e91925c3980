import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCategories } from '#web/api/catalogue';
import { useLanguage } from '#web/lib/i18n';
import { nameOf } from '#web/lib/localized';

/** The search page before a search: popular searches and the categories, each one tap away. */
export function SearchSuggestions() {
  const { t } = useTranslation('search');
  const language = useLanguage();
  const categories = useCategories();
  const popular = t('popularTerms').split(',');
  return (
    <div className="search-suggestions">
      <section aria-labelledby="search-popular">
        <h2 id="search-popular" className="section-title">
          {t('popular')}
        </h2>
        <ul className="suggestion-list">
          {popular.map((term) => (
            <li key={term}>
              <Link to={`/search?q=${encodeURIComponent(term)}`} className="suggestion">
                {term}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      {categories.isSuccess && categories.data.length > 0 && (
        <section aria-labelledby="search-categories">
          <h2 id="search-categories" className="section-title">
            {t('categories')}
          </h2>
          <ul className="suggestion-list">
            {categories.data.map((category) => (
              <li key={category.id}>
                <Link to={`/category/${category.id}`} className="suggestion">
                  {nameOf(category, language)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
