import { useTranslation } from 'react-i18next';
import type { Language } from '#shared/constants';
import { FilterForm } from '../../../components/ui/filter-form';
import type { CategoryOption, ProductFilters } from '../api/products';
import { categoryName } from '../lib/product-form';

const FILTER_KEYS = ['q', 'category', 'published', 'stock', 'missing', 'archived'] as const;

/** One select of the filters: its name, and its values with their admin.json keys. */
const SELECTS: { name: 'published' | 'stock' | 'missing' | 'archived'; values: string[] }[] = [
  { name: 'published', values: ['yes', 'no'] },
  { name: 'stock', values: ['out', 'low'] },
  { name: 'missing', values: ['en', 'zh'] },
  { name: 'archived', values: ['yes'] },
];

/** The products list's search box and filters (FilterForm). */
export function ProductFiltersForm({
  filters,
  categories,
  language,
  onApply,
}: {
  filters: ProductFilters;
  categories: CategoryOption[];
  language: Language;
  onApply: (next: ProductFilters) => void;
}) {
  const { t } = useTranslation();
  return (
    <FilterForm
      keys={FILTER_KEYS}
      filters={filters}
      kind="products"
      texts="products.filters"
      onApply={onApply}
    >
      {(id) => (
        <>
          <div className="field">
            <label className="field-label" htmlFor={`${id}-category`}>
              {t('products.filters.category')}
            </label>
            <select
              id={`${id}-category`}
              className="input"
              name="category"
              defaultValue={filters.category ?? ''}
            >
              <option value="">{t('products.filters.any')}</option>
              {categories.flatMap((c) => [
                <option key={c.id} value={c.id}>
                  {categoryName(c, language)}
                </option>,
                ...c.childCategory.map((child) => (
                  <option key={child.id} value={child.id}>
                    {`— ${categoryName(child, language)}`}
                  </option>
                )),
              ])}
            </select>
          </div>
          {SELECTS.map(({ name, values }) => (
            <div className="field" key={name}>
              <label className="field-label" htmlFor={`${id}-${name}`}>
                {t(`products.filters.${name}`)}
              </label>
              <select id={`${id}-${name}`} className="input" name={name} defaultValue={filters[name] ?? ''}>
                <option value="">{t('products.filters.any')}</option>
                {values.map((value) => (
                  <option key={value} value={value}>
                    {t(`products.filters.${name}Values.${value}`)}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </>
      )}
    </FilterForm>
  );
}
