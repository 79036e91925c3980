import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PAYMENT_METHODS } from '#shared/schemas/order.rules';
import type { OrderFilters } from '../api/orders';
import { STATUS_NAMES } from '../lib/format';

const FILTER_KEYS = ['q', 'status', 'stage', 'from', 'to', 'method'] as const;

/**
 * The list's search box and filters. Applying them replaces the URL's query (from the first page),
 * so Back and a reload show the same list.
 */
export function OrderFiltersForm({
  filters,
  onApply,
}: {
  filters: OrderFilters;
  onApply: (next: OrderFilters) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next: OrderFilters = {};
    for (const key of FILTER_KEYS) {
      const value = String(data.get(key) ?? '').trim();
      if (value) next[key] = value;
    }
    onApply(next);
  };
  // A new key per applied filter set: the fields show what the URL says after Back.
  const key = FILTER_KEYS.map((k) => filters[k] ?? '').join('|');
  return (
    <form key={key} className="orders-filters" aria-label={t('orders.filters.label')} onSubmit={submit}>
      <div className="field orders-search">
        <label className="field-label" htmlFor={`${id}-q`}>
          {t('orders.filters.search')}
        </label>
        <input
          id={`${id}-q`}
          className="input"
          type="search"
          name="q"
          maxLength={100}
          defaultValue={filters.q ?? ''}
          placeholder={t('orders.filters.searchHint')}
        />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-status`}>
          {t('orders.filters.status')}
        </label>
        <select id={`${id}-status`} className="input" name="status" defaultValue={filters.status ?? ''}>
          <option value="">{t('orders.filters.any')}</option>
          {STATUS_NAMES.map((name) => (
            <option key={name} value={name}>
              {t(`orders.status.${name}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-stage`}>
          {t('orders.filters.stage')}
        </label>
        <select id={`${id}-stage`} className="input" name="stage" defaultValue={filters.stage ?? ''}>
          <option value="">{t('orders.filters.any')}</option>
          <option value="packing">{t('orders.filters.toPack')}</option>
        </select>
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-from`}>
          {t('orders.filters.from')}
        </label>
        <input
          id={`${id}-from`}
          className="input"
          type="date"
          name="from"
          defaultValue={filters.from ?? ''}
        />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-to`}>
          {t('orders.filters.to')}
        </label>
        <input id={`${id}-to`} className="input" type="date" name="to" defaultValue={filters.to ?? ''} />
      </div>
      <div className="field">
        <label className="field-label" htmlFor={`${id}-method`}>
          {t('orders.filters.method')}
        </label>
        <select id={`${id}-method`} className="input" name="method" defaultValue={filters.method ?? ''}>
          <option value="">{t('orders.filters.any')}</option>
          {PAYMENT_METHODS.map((method) => (
            <option key={method} value={method}>
              {t(`orders.method.${method}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="orders-filter-buttons">
        <button type="submit" className="button button-primary">
          {t('orders.filters.apply')}
        </button>
        <button type="button" className="button button-secondary" onClick={() => onApply({})}>
          {t('orders.filters.clear')}
        </button>
      </div>
    </form>
  );
}
