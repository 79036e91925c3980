import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { can } from '#shared/schemas/staff.rules';
import { Loading } from '#web/components/ui/loading';
import { amountField, centsOf } from '#web/lib/money';
import { useStaff } from '../../../api/me';
import { Field, SelectField } from '../../../components/ui/field';
import { Forbidden, FormError, LoadError } from '../../../components/ui/states';
import { usePageTitle } from '../../../lib/page-title';
import { promoListPath } from '../../../lib/urls/promotions';
import { type Coupon, couponsQuery, useSave } from '../api/promos';
import { PromoStateBadge } from '../components/promo-state';
import '../promos.css';

type Draft = Record<
  'code' | 'kind' | 'value' | 'min_spend' | 'starts_at' | 'ends_at' | 'usage_limit' | 'per_shopper_limit',
  string
> & { active: boolean; public: boolean };

const EMPTY: Draft = {
  code: '',
  kind: 'percent',
  value: '',
  min_spend: '',
  starts_at: '',
  ends_at: '',
  usage_limit: '',
  per_shopper_limit: '1',
  active: true,
  public: false,
};

const draftOf = (c: Coupon): Draft => ({
  code: c.code,
  kind: c.kind,
  value: c.kind === 'percent' ? String(c.value) : amountField(centsOf(c.value)),
  min_spend: c.min_spend > 0 ? amountField(centsOf(c.min_spend)) : '',
  starts_at: c.starts_at,
  ends_at: c.ends_at,
  usage_limit: c.usage_limit === null ? '' : String(c.usage_limit),
  per_shopper_limit: c.per_shopper_limit === null ? '' : String(c.per_shopper_limit),
  active: c.active,
  public: c.public,
});

/** `/admin/coupons/new` and `/admin/coupons/:id` (found in the list, which carries every field and the uses). */
export function CouponPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const editing = id !== undefined && id !== 'new';
  const allowed = can(useStaff().role, 'catalogue.manage');
  const list = useQuery({ ...couponsQuery(), enabled: allowed && editing });
  usePageTitle(t(editing ? 'coupons.edit' : 'coupons.new'));
  if (!allowed) return <Forbidden />;
  if (!editing) return <CouponEditor />;
  if (list.isPending) return <Loading />;
  if (list.isError) return <LoadError error={list.error} retry={() => void list.refetch()} />;
  const coupon = list.data.items.find((c) => c.id === Number(id));
  if (!coupon) return <p className="admin-state">{t('coupons.notFound')}</p>;
  return <CouponEditor key={coupon.id} coupon={coupon} />;
}

function CouponEditor({ coupon }: { coupon?: Coupon }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft>(coupon ? draftOf(coupon) : EMPTY);
  const { save, remove, submit: saveDraft, saved } = useSave<Coupon>('coupons');
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const text = (key: keyof Omit<Draft, 'active' | 'public'>) => ({
    value: draft[key],
    onChange: (e: { target: { value: string } }) => set({ [key]: e.target.value }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    saveDraft({ id: coupon?.id, body: { ...draft } });
  };
  const del = () => {
    if (!coupon || !window.confirm(t('coupons.deleteConfirm'))) return;
    remove.mutate(coupon.id, { onSuccess: () => navigate(promoListPath('coupons')) });
  };
  return (
    <section className="admin-page">
      <h1>
        {coupon ? coupon.code : t('coupons.new')} {coupon ? <PromoStateBadge state={coupon.state} /> : null}
      </h1>
      {coupon ? (
        <p className="admin-hint">
          {t('coupons.usesOf', {
            uses: coupon.uses,
            limit: coupon.usage_limit === null ? t('coupons.unlimited') : coupon.usage_limit,
          })}
        </p>
      ) : null}
      <form className="promo-form" onSubmit={submit}>
        <Field
          label={t('coupons.fields.code')}
          maxLength={32}
          autoCapitalize="characters"
          {...text('code')}
        />
        <p className="admin-hint">{t('coupons.codeHint')}</p>
        <div className="promo-pair">
          <SelectField
            label={t('coupons.fields.kind')}
            value={draft.kind}
            onChange={(e) => set({ kind: e.target.value })}
          >
            <option value="percent">{t('coupons.kind.percent')}</option>
            <option value="fixed">{t('coupons.kind.fixed')}</option>
          </SelectField>
          <Field
            label={t(draft.kind === 'percent' ? 'coupons.fields.percent' : 'coupons.fields.amount')}
            inputMode="decimal"
            maxLength={12}
            {...text('value')}
          />
        </div>
        <Field
          label={t('coupons.fields.minSpend')}
          inputMode="decimal"
          maxLength={12}
          {...text('min_spend')}
        />
        <div className="promo-pair">
          <Field label={t('promotions.fields.startsAt')} type="datetime-local" {...text('starts_at')} />
          <Field label={t('promotions.fields.endsAt')} type="datetime-local" {...text('ends_at')} />
        </div>
        <p className="admin-hint">{t('coupons.timeHint')}</p>
        <div className="promo-pair">
          <Field
            label={t('coupons.fields.usageLimit')}
            inputMode="numeric"
            maxLength={7}
            {...text('usage_limit')}
          />
          <Field
            label={t('coupons.fields.perShopperLimit')}
            inputMode="numeric"
            maxLength={7}
            {...text('per_shopper_limit')}
          />
        </div>
        <p className="admin-hint">{t('coupons.limitHint')}</p>
        <label className="promo-check">
          <input type="checkbox" checked={draft.active} onChange={(e) => set({ active: e.target.checked })} />{' '}
          {t('coupons.fields.active')}
        </label>
        <label className="promo-check">
          <input type="checkbox" checked={draft.public} onChange={(e) => set({ public: e.target.checked })} />{' '}
          {t('coupons.fields.public')}
        </label>
        <p className="admin-hint">{t('coupons.publicHint')}</p>
        <FormError error={save.error ?? remove.error} />
        <p className="admin-actions">
          <button type="submit" className="button" disabled={save.isPending}>
            {t('coupons.save')}
          </button>
          {coupon ? (
            <button type="button" className="button button-danger" disabled={remove.isPending} onClick={del}>
              {t('coupons.delete')}
            </button>
          ) : null}
        </p>
        {saved ? (
          <p className="admin-hint" role="status">
            {t('coupons.saved')}
          </p>
        ) : null}
      </form>
    </section>
  );
}
