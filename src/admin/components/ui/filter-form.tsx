import { type FormEvent, type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A list's search box and filters, whose fields the page gives as `children` (given the form's id,
 * for their labels). Applying them replaces the URL's query (from the first page), so Back and a
 * reload show the same list; Clear applies none. Texts are `<texts>.label`, `.search`,
 * `.searchHint`, `.apply` and `.clear`; classes `<kind>-filters`, `<kind>-search`,
 * `<kind>-filter-buttons`.
 */
export function FilterForm<K extends string>({
  keys,
  filters,
  kind,
  texts,
  onApply,
  children,
}: {
  keys: readonly K[];
  filters: Partial<Record<K, string>>;
  kind: string;
  texts: string;
  onApply: (next: Partial<Record<K, string>>) => void;
  children: (id: string) => ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next: Partial<Record<K, string>> = {};
    for (const key of keys) {
      const value = String(data.get(key) ?? '').trim();
      if (value) next[key] = value;
    }
    onApply(next);
  };
  // A new key per applied filter set: the fields show what the URL says after Back.
  const formKey = keys.map((k) => filters[k] ?? '').join('|');
  return (
    <form key={formKey} className={`${kind}-filters`} aria-label={t(`${texts}.label`)} onSubmit={submit}>
      <div className={`field ${kind}-search`}>
        <label className="field-label" htmlFor={`${id}-q`}>
          {t(`${texts}.search`)}
        </label>
        <input
          id={`${id}-q`}
          className="input"
          type="search"
          name="q"
          maxLength={100}
          defaultValue={(filters as Partial<Record<string, string>>).q ?? ''}
          placeholder={t(`${texts}.searchHint`)}
        />
      </div>
      {children(id)}
      <div className={`${kind}-filter-buttons`}>
        <button type="submit" className="button button-primary">
          {t(`${texts}.apply`)}
        </button>
        <button type="button" className="button button-secondary" onClick={() => onApply({})}>
          {t(`${texts}.clear`)}
        </button>
      </div>
    </form>
  );
}
