import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '#shared/constants';
import type { AlertKind } from '#shared/schemas/staff.rules';
import { Loading } from '#web/components/ui/loading';
import { FormError, LoadError } from '../../../components/ui/states';
import { alertsQueryOptions, useSaveAlerts } from '../api/alerts';

/** The alerts by mail a member chooses for themselves, among those their role allows. */
export function AlertChoicesForm() {
  const { t } = useTranslation();
  const choices = useQuery(alertsQueryOptions());
  const save = useSaveAlerts();
  const [draft, setDraft] = useState<AlertKind[] | undefined>(undefined);
  const [language, setLanguage] = useState<Language | undefined>(undefined);
  const languageId = useId();
  useEffect(() => {
    if (choices.data && draft === undefined) setDraft(choices.data.alerts);
    if (choices.data && language === undefined) setLanguage(choices.data.language);
  }, [choices.data, draft, language]);

  if (choices.isPending) return <Loading />;
  if (choices.isError) return <LoadError error={choices.error} retry={() => void choices.refetch()} />;
  const chosen = draft ?? choices.data.alerts;
  const toggle = (kind: AlertKind, on: boolean) => {
    save.reset();
    setDraft(on ? [...chosen.filter((k) => k !== kind), kind] : chosen.filter((k) => k !== kind));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ alerts: chosen, language: language ?? choices.data.language });
  };
  return (
    <form className="admin-panel" onSubmit={submit} noValidate>
      <h2>{t('account.alerts.title')}</h2>
      <p className="admin-hint">{t('account.alerts.intro')}</p>
      {choices.data.allowed.map((kind) => (
        <p key={kind}>
          <label>
            <input
              type="checkbox"
              name={kind}
              checked={chosen.includes(kind)}
              onChange={(e) => toggle(kind, e.target.checked)}
            />{' '}
            {t(`account.alerts.kinds.${kind}`)}
          </label>
        </p>
      ))}
      <p>
        <label htmlFor={languageId}>{t('account.alerts.language')}</label>{' '}
        <select
          id={languageId}
          className="input"
          value={language ?? choices.data.language}
          onChange={(e) => {
            save.reset();
            setLanguage(e.target.value === 'zh' ? 'zh' : 'en');
          }}
        >
          <option value="en">English</option>
          <option value="zh">中文</option>
        </select>
      </p>
      <FormError error={save.error} />
      <button type="submit" className="button form-submit" disabled={save.isPending}>
        {t('account.alerts.save')}
      </button>
      {save.isSuccess ? (
        <p className="admin-hint" role="status">
          {t('account.alerts.saved')}
        </p>
      ) : null}
    </form>
  );
}
