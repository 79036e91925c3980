import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '#web/components/ui/loading';
import { FormError, LoadError } from '../../../components/ui/states';
import { synonymsQueryOptions, useRemoveSynonyms, useSaveSynonyms } from '../api/searches';

/**
 * The synonym groups, beside the aliases: terms a search reads as one another, in either language
 * ("青菜, 上海青, bok choy"). A group is added, edited or removed in place.
 */
export function SynonymList() {
  const { t } = useTranslation();
  const synonyms = useQuery(synonymsQueryOptions());
  const save = useSaveSynonyms();
  const remove = useRemoveSynonyms();
  const [draft, setDraft] = useState('');
  const [editing, setEditing] = useState<{ id: number; terms: string } | null>(null);

  const add = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ id: null, terms: draft }, { onSuccess: () => setDraft('') });
  };
  const change = (event: FormEvent) => {
    event.preventDefault();
    if (editing) save.mutate(editing, { onSuccess: () => setEditing(null) });
  };

  return (
    <section aria-labelledby="synonyms-title">
      <h2 id="synonyms-title">{t('searches.synonyms.title')}</h2>
      <p className="admin-hint">{t('searches.synonyms.hint')}</p>
      <form className="synonym-form" onSubmit={add}>
        <label htmlFor="synonym-new">{t('searches.synonyms.new')}</label>
        <input
          id="synonym-new"
          value={draft}
          placeholder={t('searches.synonyms.placeholder')}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {t('searches.synonyms.add')}
        </button>
      </form>
      {save.isError ? <FormError error={save.error} /> : null}
      {remove.isError ? <FormError error={remove.error} /> : null}
      {synonyms.isPending ? (
        <Loading />
      ) : synonyms.isError ? (
        <LoadError error={synonyms.error} retry={() => void synonyms.refetch()} />
      ) : synonyms.data.items.length === 0 ? (
        <p className="admin-state">{t('searches.synonyms.none')}</p>
      ) : (
        <ul className="alias-list synonym-list">
          {synonyms.data.items.map((group) => {
            const terms = group.terms.join(', ');
            return editing?.id === group.id ? (
              <li key={group.id}>
                <form className="synonym-form" onSubmit={change}>
                  <label htmlFor={`synonym-${group.id}`} className="visually-hidden">
                    {t('searches.synonyms.editOne', { terms })}
                  </label>
                  <input
                    id={`synonym-${group.id}`}
                    value={editing.terms}
                    onChange={(event) => setEditing({ id: group.id, terms: event.target.value })}
                  />
                  <button type="submit" className="button button-primary" disabled={save.isPending}>
                    {t('searches.synonyms.save')}
                  </button>
                  <button type="button" className="button button-secondary" onClick={() => setEditing(null)}>
                    {t('searches.picker.cancel')}
                  </button>
                </form>
              </li>
            ) : (
              <li key={group.id}>
                <span className="alias-term">{terms}</span>
                <button
                  type="button"
                  className="button button-secondary"
                  aria-label={t('searches.synonyms.editOne', { terms })}
                  onClick={() => setEditing({ id: group.id, terms })}
                >
                  {t('searches.synonyms.edit')}
                </button>
                <button
                  type="button"
                  className="button button-secondary"
                  disabled={remove.isPending}
                  aria-label={t('searches.synonyms.removeOne', { terms })}
                  onClick={() => remove.mutate(group.id)}
                >
                  {t('searches.aliases.remove')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
