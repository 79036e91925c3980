import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MISS_PERIODS } from '#shared/schemas/search-admin.rules';
import { can } from '#shared/schemas/staff.rules';
import { Loading } from '#web/components/ui/loading';
import { useStaff } from '../../../api/me';
import { Forbidden, FormError, LoadError } from '../../../components/ui/states';
import { useLanguage } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/page-title';
import { aliasesQueryOptions, missesQueryOptions, useRemoveAlias } from '../api/searches';
import { AliasPicker } from '../components/alias-picker';
import { MissTable } from '../components/miss-table';
import { SynonymList } from '../components/synonym-list';
import '../searches.css';

/**
 * What shoppers searched for and did not find, per language, for the last 7 or 30 days; a term
 * becomes an alias of a product or category in one step. The aliases follow, each removable, and
 * the synonym groups.
 */
export function SearchesPage() {
  const { t } = useTranslation();
  const language = useLanguage();
  usePageTitle(t('searches.title'));
  const staff = useStaff();
  const allowed = can(staff.role, 'catalogue.manage');
  const [days, setDays] = useState<number>(MISS_PERIODS[0]);
  const [picking, setPicking] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const misses = useQuery({ ...missesQueryOptions(days), enabled: allowed });
  const aliases = useQuery({ ...aliasesQueryOptions(), enabled: allowed });
  const remove = useRemoveAlias();
  if (!allowed) return <Forbidden />;
  const nameOf = (x: { en_name: string; zn_name: string }) =>
    language === 'zh' ? x.zn_name || x.en_name : x.en_name || x.zn_name;

  const table = (lang: 'en' | 'zh') => (
    <MissTable
      title={t(`searches.in.${lang}`)}
      rows={misses.data?.[lang] ?? []}
      picking={picking}
      onPick={(row) => {
        setNotice(null);
        setPicking(`${row.language}:${row.term}`);
      }}
      renderPicker={(row) => (
        <AliasPicker
          term={row.term}
          language={language}
          onCancel={() => setPicking(null)}
          onAdded={(target) => {
            setPicking(null);
            setNotice(t('searches.added', { term: row.term, name: nameOf(target) }));
          }}
        />
      )}
    />
  );

  return (
    <section className="admin-page searches-page">
      <h1>{t('searches.title')}</h1>
      <p className="admin-hint">{t('searches.hint')}</p>
      <fieldset className="searches-period">
        <legend>{t('searches.period')}</legend>
        {MISS_PERIODS.map((d) => (
          <label key={d}>
            <input type="radio" name="period" checked={days === d} onChange={() => setDays(d)} />
            {t('searches.days', { count: d })}
          </label>
        ))}
      </fieldset>
      {notice ? (
        <p className="admin-notice" role="status">
          {notice}
        </p>
      ) : null}
      {misses.isPending ? (
        <Loading />
      ) : misses.isError ? (
        <LoadError error={misses.error} retry={() => void misses.refetch()} />
      ) : (
        <div className="searches-tables">
          {table('en')}
          {table('zh')}
        </div>
      )}
      <h2>{t('searches.aliases.title')}</h2>
      {remove.isError ? <FormError error={remove.error} /> : null}
      {aliases.isPending ? (
        <Loading />
      ) : aliases.isError ? (
        <LoadError error={aliases.error} retry={() => void aliases.refetch()} />
      ) : aliases.data.items.length === 0 ? (
        <p className="admin-state">{t('searches.aliases.none')}</p>
      ) : (
        <ul className="alias-list">
          {aliases.data.items.map((a) => (
            <li key={a.id}>
              <span className="alias-term">{a.alias}</span>
              <span aria-hidden="true">→</span>
              <span className="alias-kind">
                {t(`searches.kind.${a.product_id !== null ? 'product' : 'category'}`)}
              </span>
              <span className="alias-name">{nameOf(a)}</span>
              <button
                type="button"
                className="button button-secondary"
                disabled={remove.isPending}
                aria-label={t('searches.aliases.removeOne', { alias: a.alias })}
                onClick={() => remove.mutate(a.id)}
              >
                {t('searches.aliases.remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <SynonymList />
    </section>
  );
}
