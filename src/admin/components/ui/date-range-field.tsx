import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from './field';

/** A range of days, `YYYY-MM-DD` each ('' for an open end). */
export interface DateRange {
  from: string;
  to: string;
}

/**
 * A date range's "From" and "To" days, the inputs named `from` and `to` for the form around them
 * (read from its FormData, or followed with `onChange`). A backwards range is refused where it is
 * typed: "To" says why under it and is invalid to the browser, so the form cannot be submitted
 * (the server refuses it too). `required` for a range that must have both ends.
 */
export function DateRangeField({
  defaultValue,
  required,
  onChange,
}: {
  defaultValue: DateRange;
  required?: boolean;
  onChange?: (range: DateRange) => void;
}) {
  const { t } = useTranslation();
  const [range, setRange] = useState(defaultValue);
  const to = useRef<HTMLInputElement>(null);
  const backwards = range.from !== '' && range.to !== '' && range.from > range.to;
  const problem = backwards ? t('dateRange.backwards') : '';
  useEffect(() => to.current?.setCustomValidity(problem), [problem]);
  const change = (next: DateRange) => {
    setRange(next);
    onChange?.(next);
  };
  return (
    <>
      <Field
        label={t('dateRange.from')}
        type="date"
        name="from"
        value={range.from}
        required={required}
        onChange={(event) => change({ ...range, from: event.target.value })}
      />
      <Field
        ref={to}
        label={t('dateRange.to')}
        type="date"
        name="to"
        value={range.to}
        required={required}
        problem={problem || undefined}
        onChange={(event) => change({ ...range, to: event.target.value })}
      />
    </>
  );
}
