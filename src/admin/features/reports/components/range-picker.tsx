import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeField } from '../../../components/ui/date-range-field';
import { QUICK_RANGES, quickRange, type ReportRange } from '../api/reports';

/** The report's first and last days, and the quick ranges counted from the shop's today. */
export function RangePicker({
  range,
  today,
  onChange,
}: {
  range: ReportRange;
  today: string;
  onChange: (next: ReportRange) => void;
}) {
  const { t } = useTranslation();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onChange({ from: String(data.get('from') ?? ''), to: String(data.get('to') ?? '') });
  };
  return (
    <form className="report-range" onSubmit={submit} key={`${range.from}|${range.to}`}>
      <DateRangeField defaultValue={range} required />
      <button type="submit" className="button button-primary">
        {t('reports.range.show')}
      </button>
      <fieldset className="report-quick">
        <legend className="visually-hidden">{t('reports.range.quick')}</legend>
        {QUICK_RANGES.map((which) => {
          const next = quickRange(which, today);
          const current = next.from === range.from && next.to === range.to;
          return (
            <button
              key={which}
              type="button"
              className="button button-secondary"
              aria-pressed={current}
              onClick={() => onChange(next)}
            >
              {t(`reports.quick.${which}`)}
            </button>
          );
        })}
      </fieldset>
    </form>
  );
}
