import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '#shared/constants';
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

/**
 * The list's search box and filters. Applying them replaces the URL's query (from the first page),
 * so Back and a reload show the same list.
 */
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
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next: ProductFilters = {};
    for (const key of FILTER_KEYS) {
      const value = String(data.get(key) ?? '').trim();
      if (value) next[key] = value;
    }
    onApply(next);
  };
  // A new key per applied filter set: the fields show what the URL says after Back.
  const key = FILTER_KEYS.map((k) => filters[k] ?? '').join('|');
  return (
    <form key={key} className="products-filters" aria-label={t('products.filters.label')} onSubmit={submit}>
      <div className="field products-search">
        <label className="field-label" htmlFor={`${id}-q`}>
          {t('products.filters.search')}
        </label>
        <input
          id={`${id}-q`}
          className="input"
          type="search"
          name="q"
          maxLength={100}
          defaultValue={filters.q ?? ''}
          placeholder={t('products.filters.searchHint')}
        />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-category`}>
          {t('products.filters.category')}
        </label>
        <select id={`${id}-category`} className="input" name="category" defaultValue={filters.category ?? ''}>
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
      <div className="products-filter-buttons">
        <button type="submit" className="button button-primary">
          {t('products.filters.apply')}
        </button>
        <button type="button" className="button button-secondary" onClick={() => onApply({})}>
          {t('products.filters.clear')}
        </button>
      </div>
    </form>
  );
}
