import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AlertKind } from '#shared/schemas/staff.rules';
import { FormError, LoadError, Loading } from '../../../components/ui/states';
import { alertsQueryOptions, useSaveAlerts } from '../api/alerts';

/** The alerts by mail a member chooses for themselves, among those their role allows. */
export function AlertChoicesForm() {
  const { t } = useTranslation();
  const choices = useQuery(alertsQueryOptions());
  const save = useSaveAlerts();
  const [draft, setDraft] = useState<AlertKind[] | undefined>(undefined);
  useEffect(() => {
    if (choices.data && draft === undefined) setDraft(choices.data.alerts);
  }, [choices.data, draft]);

  if (choices.isPending) return <Loading />;
  if (choices.isError) return <LoadError error={choices.error} retry={() => void choices.refetch()} />;
  const chosen = draft ?? choices.data.alerts;
  const toggle = (kind: AlertKind, on: boolean) => {
    save.reset();
    setDraft(on ? [...chosen.filter((k) => k !== kind), kind] : chosen.filter((k) => k !== kind));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(chosen);
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
