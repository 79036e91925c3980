import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ANSWER_MINUTES_MAX, HOLD_BUFFER_MAX } from '#shared/schemas/settings.rules';
import { can } from '#shared/schemas/staff.rules';
import { Loading } from '#web/components/ui/loading';
import { useStaff } from '../../../api/me';
import { Field, SelectField } from '../../../components/ui/field';
import { Forbidden, FormError, LoadError } from '../../../components/ui/states';
import { usePageTitle } from '../../../lib/page-title';
import { type SettingsDraft, type ShopSettingsAnswer, settingsQuery, useSaveSettings } from '../api/settings';
import '../settings.css';

const draftOf = (s: ShopSettingsAnswer): SettingsDraft => ({
  weight_unit: s.weight_unit,
  hold_buffer_percent: String(s.hold_buffer_percent),
  substitution_answer_minutes: String(s.substitution_answer_minutes),
});

/** `/admin/settings`: the shop's weight unit, card hold buffer and substitute answer time (owners). */
export function SettingsPage() {
  const { t } = useTranslation();
  const allowed = can(useStaff().role, 'settings.manage');
  const settings = useQuery({ ...settingsQuery(), enabled: allowed });
  // Here, not in the form: saving remounts the form (a new `updated_at`) and "Saved" must outlive it.
  const save = useSaveSettings();
  usePageTitle(t('settings.title'));
  if (!allowed) return <Forbidden />;
  if (settings.isPending) return <Loading />;
  if (settings.isError) return <LoadError error={settings.error} retry={() => void settings.refetch()} />;
  return <SettingsForm key={settings.data.updated_at ?? 'none'} settings={settings.data} save={save} />;
}

function SettingsForm({
  settings,
  save,
}: {
  settings: ShopSettingsAnswer;
  save: ReturnType<typeof useSaveSettings>;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(settings));
  const set = (patch: Partial<SettingsDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft);
  };
  return (
    <section className="admin-page">
      <h1>{t('settings.title')}</h1>
      <p className="admin-hint">{t('settings.intro')}</p>
      <form className="settings-form" onSubmit={submit}>
        <SelectField
          label={t('settings.fields.weightUnit')}
          hint={t('settings.unitHint')}
          value={draft.weight_unit}
          onChange={(e) => set({ weight_unit: e.target.value === 'kg' ? 'kg' : 'lb' })}
        >
          <option value="lb">{t('settings.fields.lb')}</option>
          <option value="kg">{t('settings.fields.kg')}</option>
        </SelectField>
        <Field
          label={t('settings.fields.holdBuffer')}
          inputMode="numeric"
          maxLength={3}
          value={draft.hold_buffer_percent}
          placeholder={`0–${HOLD_BUFFER_MAX}`}
          onChange={(e) => set({ hold_buffer_percent: e.target.value })}
        />
        <p className="admin-hint">{t('settings.holdHint')}</p>
        <Field
          label={t('settings.fields.answerMinutes')}
          inputMode="numeric"
          maxLength={4}
          value={draft.substitution_answer_minutes}
          placeholder={`1–${ANSWER_MINUTES_MAX}`}
          onChange={(e) => set({ substitution_answer_minutes: e.target.value })}
        />
        <p className="admin-hint">{t('settings.answerHint')}</p>
        <FormError error={save.error} />
        <p className="admin-actions">
          <button type="submit" className="button" disabled={save.isPending}>
            {t('settings.save')}
          </button>
        </p>
        {save.isSuccess ? (
          <p className="admin-hint" role="status">
            {t('settings.saved')}
          </p>
        ) : null}
      </form>
    </section>
  );
}
