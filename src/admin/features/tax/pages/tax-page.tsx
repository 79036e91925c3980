import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { can } from '#shared/schemas/staff.rules';
import { DEFAULT_TAX_CLASS, ratePercent } from '#shared/tax';
import { Loading } from '#web/components/ui/loading';
import { useStaff } from '../../../api/me';
import { Field } from '../../../components/ui/field';
import { Forbidden, FormError, LoadError } from '../../../components/ui/states';
import { usePageTitle } from '../../../lib/page-title';
import {
  type AreaDraft,
  type TaxAreaView,
  type TaxClassView,
  type TaxSetup,
  taxQuery,
  useDeleteArea,
  useDeleteClass,
  useSaveArea,
  useSaveClass,
} from '../api/tax';
import { NewClassForm } from '../components/new-class-form';
import '../tax.css';

/** `/admin/tax`: tax classes and areas (owners change them, managers see them). */
export function TaxPage() {
  const { t } = useTranslation();
  const role = useStaff().role;
  const allowed = can(role, 'tax.view');
  const setup = useQuery({ ...taxQuery(), enabled: allowed });
  usePageTitle(t('tax.title'));
  if (!allowed) return <Forbidden />;
  if (setup.isPending) return <Loading />;
  if (setup.isError) return <LoadError error={setup.error} retry={() => void setup.refetch()} />;
  const edit = can(role, 'tax.manage');
  return (
    <section className="admin-page">
      <h1>{t('tax.title')}</h1>
      <p className="admin-hint">{t('tax.intro')}</p>
      <h2>{t('tax.classes')}</h2>
      <table className="admin-table tax-table">
        <thead>
          <tr>
            <th scope="col">{t('tax.fields.class')}</th>
            <th scope="col">{t('tax.fields.code')}</th>
            <th scope="col">{t('tax.fields.rate')}</th>
            <th scope="col">{t('tax.fields.products')}</th>
            {edit ? <th scope="col">{t('tax.fields.actions')}</th> : null}
          </tr>
        </thead>
        <tbody>
          {setup.data.classes.map((c) => (
            <ClassRow key={`${c.code}-${c.rate_ppm}`} taxClass={c} edit={edit} />
          ))}
        </tbody>
      </table>
      {edit ? <NewClassForm /> : null}
      <h2>{t('tax.areas')}</h2>
      <p className="admin-hint">{t('tax.areasIntro')}</p>
      {setup.data.areas.length === 0 ? <p>{t('tax.noAreas')}</p> : null}
      {setup.data.areas.map((a) => (
        <AreaCard key={`${a.id}-${a.name}-${a.zips.join()}`} area={a} setup={setup.data} edit={edit} />
      ))}
      {edit ? <AreaForm area={null} setup={setup.data} /> : null}
    </section>
  );
}

function className(c: { en_name: string; zn_name: string }, zh: boolean): string {
  return (zh ? c.zn_name || c.en_name : c.en_name || c.zn_name) || '—';
}

/** Rates are typed in percent with up to 4 decimals: "100.0000 %" at the most. */
const RATE_MAX_LENGTH = 10;

function ClassRow({ taxClass, edit }: { taxClass: TaxClassView; edit: boolean }) {
  const { t, i18n } = useTranslation();
  const [rate, setRate] = useState(ratePercent(taxClass.rate_ppm));
  const save = useSaveClass(taxClass.code);
  const remove = useDeleteClass();
  const name = className(taxClass, i18n.language === 'zh');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ en_name: taxClass.en_name, zn_name: taxClass.zn_name, rate });
  };
  return (
    <tr>
      <td>{name}</td>
      <td>
        <code>{taxClass.code}</code>
      </td>
      <td>
        {edit ? (
          <form className="tax-rate-form" onSubmit={submit}>
            <input
              className="input tax-rate"
              aria-label={t('tax.rateOf', { name })}
              inputMode="decimal"
              maxLength={RATE_MAX_LENGTH}
              value={rate}
              onChange={(e) => setRate(e.target.value)}
            />{' '}
            %{' '}
            <button type="submit" className="button button-small" disabled={save.isPending}>
              {t('tax.save')}
            </button>
            <FormError error={save.error} />
          </form>
        ) : (
          `${ratePercent(taxClass.rate_ppm)} %`
        )}
      </td>
      <td>{taxClass.products}</td>
      {edit ? (
        <td>
          {/* Groceries cannot go: new products and a taxed delivery fee use it. */}
          {taxClass.code === DEFAULT_TAX_CLASS ? null : (
            <button
              type="button"
              className="button button-secondary button-small"
              aria-label={t('tax.deleteClassOne', { name })}
              disabled={remove.isPending}
              onClick={() => {
                if (window.confirm(t('tax.deleteClassConfirm', { name }))) remove.mutate(taxClass.code);
              }}
            >
              {t('tax.deleteClass')}
            </button>
          )}
          <FormError error={remove.error} />
        </td>
      ) : null}
    </tr>
  );
}

function AreaCard({ area, setup, edit }: { area: TaxAreaView; setup: TaxSetup; edit: boolean }) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState(false);
  const remove = useDeleteArea();
  if (editing) return <AreaForm area={area} setup={setup} onDone={() => setEditing(false)} />;
  return (
    <article className="tax-area">
      <h3>{area.name}</h3>
      <p>
        {t('tax.fields.zips')}: {area.zips.join(', ')}
      </p>
      <ul>
        {setup.classes.map((c) => (
          <li key={c.code}>
            {className(c, i18n.language === 'zh')}: {ratePercent(area.rates[c.code] ?? c.rate_ppm)} %
            {area.rates[c.code] === undefined ? ` (${t('tax.classRate')})` : ''}
          </li>
        ))}
      </ul>
      {edit ? (
        <p className="admin-actions">
          <button type="button" className="button" onClick={() => setEditing(true)}>
            {t('tax.editArea')}
          </button>{' '}
          <button
            type="button"
            className="button button-secondary"
            disabled={remove.isPending}
            onClick={() => {
              if (window.confirm(t('tax.deleteConfirm', { name: area.name }))) remove.mutate(area.id);
            }}
          >
            {t('tax.deleteArea')}
          </button>
        </p>
      ) : null}
      <FormError error={remove.error} />
    </article>
  );
}

function AreaForm({
  area,
  setup,
  onDone,
}: {
  area: TaxAreaView | null;
  setup: TaxSetup;
  onDone?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const zipsId = useId();
  const empty: AreaDraft = { name: '', zips: '', rates: {} };
  const [draft, setDraft] = useState<AreaDraft>(() =>
    area
      ? {
          name: area.name,
          zips: area.zips.join(', '),
          rates: Object.fromEntries(Object.entries(area.rates).map(([code, bp]) => [code, ratePercent(bp)])),
        }
      : empty,
  );
  const save = useSaveArea(area?.id ?? null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft, {
      onSuccess: () => {
        if (onDone) onDone();
        else setDraft(empty);
      },
    });
  };
  return (
    <form
      className="tax-area tax-area-form"
      onSubmit={submit}
      aria-label={area ? area.name : t('tax.newArea')}
    >
      <h3>{area ? area.name : t('tax.newArea')}</h3>
      <Field
        label={t('tax.fields.name')}
        value={draft.name}
        maxLength={80}
        onChange={(e) => setDraft({ ...draft, name: e.target.value })}
      />
      <div className="field">
        <label className="field-label" htmlFor={zipsId}>
          {t('tax.fields.zips')}
        </label>
        <textarea
          id={zipsId}
          className="input"
          rows={2}
          maxLength={14_000}
          placeholder="100, 101, 941"
          value={draft.zips}
          onChange={(e) => setDraft({ ...draft, zips: e.target.value })}
        />
      </div>
      <div className="tax-area-rates">
        {setup.classes.map((c) => (
          <Field
            key={c.code}
            label={t('tax.rateOf', { name: className(c, i18n.language === 'zh') })}
            inputMode="decimal"
            maxLength={RATE_MAX_LENGTH}
            placeholder={ratePercent(c.rate_ppm)}
            value={draft.rates[c.code] ?? ''}
            onChange={(e) => setDraft({ ...draft, rates: { ...draft.rates, [c.code]: e.target.value } })}
          />
        ))}
      </div>
      <p className="admin-hint">{t('tax.rateHint')}</p>
      <FormError error={save.error} />
      <p className="admin-actions">
        <button type="submit" className="button" disabled={save.isPending}>
          {area ? t('tax.save') : t('tax.addArea')}
        </button>{' '}
        {onDone ? (
          <button type="button" className="button button-secondary" onClick={onDone}>
            {t('tax.cancel')}
          </button>
        ) : null}
      </p>
    </form>
  );
}
