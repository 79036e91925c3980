import { useTranslation } from 'react-i18next';
import { PAYMENT_METHODS } from '#shared/schemas/order.rules';
import { DateRangeField } from '../../../components/ui/date-range-field';
import { FilterForm } from '../../../components/ui/filter-form';
import type { OrderFilters } from '../api/orders';
import { STATUS_NAMES } from '../lib/format';

const FILTER_KEYS = ['q', 'status', 'stage', 'from', 'to', 'method'] as const;

/** The orders list's search box and filters (FilterForm). */
export function OrderFiltersForm({
  filters,
  onApply,
}: {
  filters: OrderFilters;
  onApply: (next: OrderFilters) => void;
}) {
  const { t } = useTranslation();
  return (
    <FilterForm keys={FILTER_KEYS} filters={filters} kind="orders" texts="orders.filters" onApply={onApply}>
      {(id) => (
        <>
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
          <DateRangeField defaultValue={{ from: filters.from ?? '', to: filters.to ?? '' }} />
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
        </>
      )}
    </FilterForm>
  );
}
