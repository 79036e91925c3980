import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '#shared/constants';
import { FormError } from '../../../components/ui/states';
import { type AliasTarget, aliasTargetsQueryOptions, useAddAlias } from '../api/searches';

/**
 * "Add as alias" in one step: find the product or category shoppers meant, press Add. `onAdded`
 * hears the names of what the term now finds.
 */
export function AliasPicker(props: {
  term: string;
  language: Language;
  onAdded(target: AliasTarget): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const [q, setQ] = useState('');
  const id = useId();
  const targets = useQuery(aliasTargetsQueryOptions(q));
  const add = useAddAlias();
  const nameOf = (x: AliasTarget) =>
    props.language === 'zh' ? x.zn_name || x.en_name : x.en_name || x.zn_name;
  return (
    <div className="alias-picker">
      <label className="field" htmlFor={id}>
        <span>{t('searches.picker.label', { term: props.term })}</span>
        <input
          id={id}
          type="search"
          value={q}
          maxLength={100}
          placeholder={t('searches.picker.placeholder')}
          onChange={(e) => setQ(e.target.value)}
        />
      </label>
      {targets.data && q.trim() !== '' ? (
        targets.data.items.length === 0 ? (
          <p className="admin-hint">{t('searches.picker.none')}</p>
        ) : (
          <ul className="alias-targets">
            {targets.data.items.map((x) => (
              <li key={`${x.kind}:${x.id}`}>
                <span className="alias-kind">{t(`searches.kind.${x.kind}`)}</span>
                <span className="alias-name">{nameOf(x)}</span>
                <button
                  type="button"
                  className="button button-primary"
                  disabled={add.isPending}
                  aria-label={t('searches.picker.addTo', { term: props.term, name: nameOf(x) })}
                  onClick={() =>
                    // The row leaves the list once the term finds something, unmounting this
                    // picker: mutate's own onSuccess would not run then, the promise does.
                    add
                      .mutateAsync({ alias: props.term, target: x })
                      .then(() => props.onAdded(x))
                      .catch(() => undefined)
                  }
                >
                  {t('searches.picker.add')}
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
      {add.isError ? <FormError error={add.error} /> : null}
      <button type="button" className="button button-secondary" onClick={props.onCancel}>
        {t('searches.picker.cancel')}
      </button>
    </div>
  );
}
