import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Category } from '#shared/schemas/catalogue';
import { ImageBox } from '#web/components/ui/image-box';
import { useLanguage } from '#web/lib/i18n';
import { nameOf } from '#web/lib/localized';

/** The top-level categories as round chips with their icons, each to its category page. */
export function CategoryChips({ categories }: { categories: Category[] }) {
  const { t } = useTranslation('home');
  const language = useLanguage();
  return (
    <nav aria-label={t('categories')} className="category-chips">
      <ul>
        {categories.map((category) => (
          <li key={category.id}>
            <Link to={`/category/${category.id}`} className="category-chip">
              <ImageBox src={category.icon} kind="icon" alt="" sizes="64px" className="category-chip-icon" />
              <span>{nameOf(category, language)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function CategoryChipsSkeleton() {
  return (
    <div className="category-chips" aria-hidden="true">
      <ul>
        {Array.from({ length: 8 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <li key={i} className="category-chip">
            <div className="image-box category-chip-icon" />
            <div className="skeleton-line" style={{ width: '70%' }} />
          </li>
        ))}
      </ul>
    </div>
  );
}
