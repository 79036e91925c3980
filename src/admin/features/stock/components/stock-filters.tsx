import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/ui/field';
import type { StockFilter } from '../api/stock';

/** The grid's search and low / out filter; applying them starts again from the first page. */
export function StockFilters({
  q,
  filter,
  onApply,
}: {
  q: string;
  filter: StockFilter;
  onApply: (next: Record<string, string>) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next: Record<string, string> = {};
    for (const key of ['q', 'filter']) {
      const value = String(data.get(key) ?? '').trim();
      if (value) next[key] = value;
    }
    onApply(next);
  };
  return (
    <form
      key={`${q}|${filter}`}
      className="stock-grid-filters"
      aria-label={t('stock.filters.label')}
      onSubmit={submit}
    >
      <div className="field">
        <label className="field-label" htmlFor={`${id}-q`}>
          {t('stock.filters.search')}
        </label>
        <input id={`${id}-q`} className="input" type="search" name="q" maxLength={100} defaultValue={q} />
      </div>
      <SelectField label={t('stock.filters.filter')} name="filter" defaultValue={filter}>
        <option value="">{t('stock.filters.all')}</option>
        <option value="low">{t('stock.filters.low')}</option>
        <option value="out">{t('stock.filters.out')}</option>
      </SelectField>
      <button type="submit" className="button button-secondary">
        {t('stock.filters.apply')}
      </button>
    </form>
  );
}
