import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WEEK_FROM_MONDAY } from '#shared/schemas/slots.rules';
import { can } from '#shared/schemas/staff.rules';
import { slotDayLabel, slotTimeLabel } from '#shared/slot-label';
import { Loading } from '#web/components/ui/loading';
import { useStaff } from '../../../api/me';
import { Field } from '../../../components/ui/field';
import { FormError, LoadError } from '../../../components/ui/states';
import { TimeZoneHint } from '../../../components/ui/time-zone-hint';
import { usePageTitle } from '../../../lib/page-title';
import {
  type SlotSettings,
  type SlotSettingsBody,
  slotSettingsQuery,
  useSaveSlotSettings,
} from '../api/slots';
import '../slots.css';

/** `/admin/delivery-slots`: the weekly windows, capacity, cut-off, days shown, closed dates; the coming windows' places. */
export function SlotsPage() {
  const { t } = useTranslation();
  usePageTitle(t('slots.title'));
  const settings = useQuery(slotSettingsQuery());
  // Kept above the editor, which starts afresh from each answer (a save's included).
  const save = useSaveSlotSettings();
  if (settings.isPending) return <Loading />;
  if (settings.isError) return <LoadError error={settings.error} retry={() => void settings.refetch()} />;
  return <SlotsEditor key={JSON.stringify(settings.data)} settings={settings.data} save={save} />;
}

const draftOf = (s: SlotSettings): SlotSettingsBody => ({
  offered: s.offered,
  required: s.required,
  capacity: String(s.capacity),
  cutoff_hours: String(s.cutoff_hours),
  days_ahead: String(s.days_ahead),
  windows: s.windows,
  closed_dates: s.closed_dates,
});

function SlotsEditor({
  settings,
  save,
}: {
  settings: SlotSettings;
  save: ReturnType<typeof useSaveSlotSettings>;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'zh' ? 'zh' : 'en';
  const editable = can(useStaff().role, 'catalogue.manage');
  const [draft, setDraft] = useState<SlotSettingsBody>(() => draftOf(settings));
  const [newDate, setNewDate] = useState('');
  const set = (patch: Partial<SlotSettingsBody>) => setDraft((d) => ({ ...d, ...patch }));
  const setWindow = (i: number, patch: Partial<SlotSettingsBody['windows'][number]>) =>
    set({ windows: draft.windows.map((w, j) => (j === i ? { ...w, ...patch } : w)) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft);
  };
  const zone = settings.time_zone;

  return (
    <section className="admin-page">
      <h1>{t('slots.title')}</h1>
      <p className="admin-hint">{t('slots.intro')}</p>
      <TimeZoneHint zone={zone} />
      <form className="slots-form" onSubmit={submit}>
        <fieldset className="slots-group" disabled={!editable}>
          <legend>{t('slots.rules')}</legend>
          <label className="slots-check">
            <input
              type="checkbox"
              checked={draft.offered}
              onChange={(e) => set({ offered: e.target.checked })}
            />{' '}
            {t('slots.fields.offered')}
          </label>
          <label className="slots-check">
            <input
              type="checkbox"
              checked={draft.required}
              onChange={(e) => set({ required: e.target.checked })}
            />{' '}
            {t('slots.fields.required')}
          </label>
          <div className="slots-numbers">
            <Field
              label={t('slots.fields.capacity')}
              inputMode="numeric"
              maxLength={5}
              value={draft.capacity}
              onChange={(e) => set({ capacity: e.target.value })}
            />
            <Field
              label={t('slots.fields.cutoff')}
              inputMode="numeric"
              maxLength={3}
              value={draft.cutoff_hours}
              onChange={(e) => set({ cutoff_hours: e.target.value })}
            />
            <Field
              label={t('slots.fields.daysAhead')}
              inputMode="numeric"
              maxLength={2}
              value={draft.days_ahead}
              onChange={(e) => set({ days_ahead: e.target.value })}
            />
          </div>
        </fieldset>

        <fieldset className="slots-group" disabled={!editable}>
          <legend>{t('slots.windows')}</legend>
          <ul className="slots-week">
            {WEEK_FROM_MONDAY.map((weekday) => (
              <li key={weekday} className="slots-day">
                <span className="slots-day-name">{t(`slots.weekdays.${weekday}`)}</span>
                <ul className="slots-day-windows">
                  {draft.windows.map((w, i) =>
                    w.weekday === weekday ? (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a row's place in the draft is its identity while it is edited
                      <li key={i} className="slots-window">
                        <input
                          type="time"
                          className="input"
                          aria-label={t('slots.fields.start')}
                          value={w.start}
                          onChange={(e) => setWindow(i, { start: e.target.value })}
                        />
                        <span aria-hidden="true">–</span>
                        <input
                          type="time"
                          className="input"
                          aria-label={t('slots.fields.end')}
                          value={w.end}
                          onChange={(e) => setWindow(i, { end: e.target.value })}
                        />
                        <button
                          type="button"
                          className="button button-secondary"
                          onClick={() => set({ windows: draft.windows.filter((_, j) => j !== i) })}
                        >
                          {t('slots.remove')}
                        </button>
                      </li>
                    ) : null,
                  )}
                </ul>
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() =>
                    set({ windows: [...draft.windows, { weekday, start: '10:00', end: '12:00' }] })
                  }
                >
                  {t('slots.addWindow')}
                </button>
              </li>
            ))}
          </ul>
        </fieldset>

        <fieldset className="slots-group" disabled={!editable}>
          <legend>{t('slots.closedDates')}</legend>
          <ul className="slots-dates">
            {draft.closed_dates.map((date) => (
              <li key={date}>
                <span>{date}</span>{' '}
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => set({ closed_dates: draft.closed_dates.filter((d) => d !== date) })}
                >
                  {t('slots.remove')}
                </button>
              </li>
            ))}
          </ul>
          <div className="slots-add-date">
            <Field
              label={t('slots.fields.closedDate')}
              type="date"
              value={newDate}
              onChange={(e) => setNewDate(e.target.value)}
            />
            <button
              type="button"
              className="button button-secondary"
              disabled={newDate === ''}
              onClick={() => {
                if (!draft.closed_dates.includes(newDate))
                  set({ closed_dates: [...draft.closed_dates, newDate].sort() });
                setNewDate('');
              }}
            >
              {t('slots.addDate')}
            </button>
          </div>
        </fieldset>

        {editable ? (
          <>
            <FormError error={save.error} />
            <p className="admin-actions">
              <button type="submit" className="button" disabled={save.isPending}>
                {t('slots.save')}
              </button>
            </p>
            {save.isSuccess ? (
              <p className="admin-hint" role="status">
                {t('slots.saved')}
              </p>
            ) : null}
          </>
        ) : (
          <p className="admin-hint">{t('slots.readOnly')}</p>
        )}
      </form>

      <h2>{t('slots.upcoming')}</h2>
      {settings.upcoming.length === 0 ? (
        <p className="admin-hint">{t('slots.noUpcoming')}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table slots-upcoming">
            <thead>
              <tr>
                <th scope="col">{t('slots.day')}</th>
                <th scope="col">{t('slots.time')}</th>
                <th scope="col">{t('slots.held')}</th>
                <th scope="col">{t('slots.stateLabel')}</th>
              </tr>
            </thead>
            <tbody>
              {settings.upcoming.map((s) => (
                <tr key={s.starts_at}>
                  <td>{slotDayLabel(new Date(s.starts_at), zone, language)}</td>
                  <td>{slotTimeLabel(new Date(s.starts_at), new Date(s.ends_at), zone)}</td>
                  <td>
                    {s.held} / {s.capacity}
                  </td>
                  <td>{t(`slots.state.${s.state}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
