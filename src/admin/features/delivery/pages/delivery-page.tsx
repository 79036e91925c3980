import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AREA_TEXT_MAX } from '#shared/schemas/delivery.rules';
import { can } from '#shared/schemas/staff.rules';
import { Loading } from '#web/components/ui/loading';
import { amountField, centsOf } from '#web/lib/money';
import { useStaff } from '../../../api/me';
import { Field } from '../../../components/ui/field';
import { Forbidden, FormError, LoadError } from '../../../components/ui/states';
import { usePageTitle } from '../../../lib/page-title';
import { type DeliveryDraft, type DeliverySettings, deliveryQuery, useSaveDelivery } from '../api/delivery';
import '../delivery.css';

/** An amount for the form: empty when off, else two decimals. */
const amountText = (amount: number) => (amount > 0 ? amountField(centsOf(amount)) : '');

const draftOf = (s: DeliverySettings): DeliveryDraft => ({
  area: s.area.join(', '),
  fee: amountText(s.fee),
  free_over: amountText(s.free_over),
  minimum: amountText(s.minimum),
  tax_on_fee: s.tax_on_fee,
});

/** `/admin/delivery`: where the shop delivers and for how much (owners and managers). */
export function DeliveryPage() {
  const { t } = useTranslation();
  const allowed = can(useStaff().role, 'delivery.manage');
  const settings = useQuery({ ...deliveryQuery(), enabled: allowed });
  // Here, not in the form: saving gives the terms a new `updated_at`, which remounts the form, and
  // its "Saved" must outlive that.
  const save = useSaveDelivery();
  usePageTitle(t('delivery.title'));
  if (!allowed) return <Forbidden />;
  if (settings.isPending) return <Loading />;
  if (settings.isError) return <LoadError error={settings.error} retry={() => void settings.refetch()} />;
  return <DeliveryForm key={settings.data.updated_at ?? 'none'} settings={settings.data} save={save} />;
}

function DeliveryForm({
  settings,
  save,
}: {
  settings: DeliverySettings;
  save: ReturnType<typeof useSaveDelivery>;
}) {
  const { t } = useTranslation();
  const areaId = useId();
  const [draft, setDraft] = useState<DeliveryDraft>(() => draftOf(settings));
  const set = (patch: Partial<DeliveryDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const amount = (key: 'fee' | 'free_over' | 'minimum') => ({
    value: draft[key],
    inputMode: 'decimal' as const,
    maxLength: 12,
    onChange: (e: { target: { value: string } }) => set({ [key]: e.target.value }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(draft);
  };
  return (
    <section className="admin-page">
      <h1>{t('delivery.title')}</h1>
      <p className="admin-hint">{t('delivery.intro')}</p>
      <form className="delivery-form" onSubmit={submit}>
        <div className="field">
          <label className="field-label" htmlFor={areaId}>
            {t('delivery.fields.area')}
          </label>
          <textarea
            id={areaId}
            className="input delivery-area"
            rows={4}
            maxLength={AREA_TEXT_MAX}
            value={draft.area}
            placeholder="941, 94501, 10013"
            onChange={(e) => set({ area: e.target.value })}
          />
        </div>
        <p className="admin-hint">
          {settings.area.length > 0
            ? t('delivery.areaCount', { count: settings.area.length })
            : t('delivery.areaHint')}
        </p>
        <div className="delivery-amounts">
          <Field label={t('delivery.fields.fee')} {...amount('fee')} />
          <Field label={t('delivery.fields.freeOver')} {...amount('free_over')} />
          <Field label={t('delivery.fields.minimum')} {...amount('minimum')} />
        </div>
        <p className="admin-hint">{t('delivery.amountHint')}</p>
        <label className="delivery-check">
          <input
            type="checkbox"
            checked={draft.tax_on_fee}
            onChange={(e) => set({ tax_on_fee: e.target.checked })}
          />{' '}
          {t('delivery.fields.taxOnFee')}
        </label>
        <FormError error={save.error} />
        <p className="admin-actions">
          <button type="submit" className="button" disabled={save.isPending}>
            {t('delivery.save')}
          </button>
        </p>
        {save.isSuccess ? (
          <p className="admin-hint" role="status">
            {t('delivery.saved')}
          </p>
        ) : null}
      </form>
    </section>
  );
}
